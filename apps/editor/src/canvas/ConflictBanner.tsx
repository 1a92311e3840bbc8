import { flowMessages } from '@flow/core';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { editorText } from '../messages';

/**
 * The flow changed elsewhere and this page's edits are not saved: 'Reload' (take theirs, after a
 * confirmation) or 'Overwrite' (save mine over theirs). Editing goes on meanwhile.
 */
export function ConflictBanner() {
  const store = useEditorStoreApi();
  return (
    <div className="conflict-banner" role="alert" data-testid="conflict-banner">
      <strong>{flowMessages.changedElsewhere}</strong>
      <span className="conflict-banner-text">{editorText.editsKeptUntilChosen}</span>
      <button type="button" className="btn" onClick={() => store.getState().setDialog('confirmReloadOpen', true)}>
        {flowMessages.reload}
      </button>
      <button type="button" className="btn btn-primary" onClick={() => void store.getState().resolveConflict('overwrite')}>
        {flowMessages.overwrite}
      </button>
    </div>
  );
}
