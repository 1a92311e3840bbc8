import { messages } from '@flow/core';
import { useShallow } from 'zustand/react/shallow';
import { ACTIONS } from '../actions/actions';
import { editorText } from '../messages';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useFlowChanges } from './useFlowChanges';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { ConflictBanner } from './ConflictBanner';
import { QuickFunctionsBar } from './QuickFunctionsBar';
import { SignOutButton } from './SignOutButton';

const planSelector = (s: EditorState) => ({
  planId: s.planId,
  versionName: s.versionName,
  saveState: s.sync.saveState,
  loadError: s.loadError,
  planMissing: s.planMissing,
});

/** 'N changes' since the last publish, opening the 'Changes' dialog; nothing when none or never published. */
function ChangesButton() {
  const store = useEditorStoreApi();
  const changes = useFlowChanges();
  if (changes === null) return null;
  return (
    <button type="button" className="btn plan-bar-changes" onClick={() => ACTIONS.changes.run(store.getState())}>
      {editorText.changesCount(changes.count)}
    </button>
  );
}

/** The top bar: which plan is open (or 'Plan ID not set'), save state, and the Quick Functions. */
export function PlanBar() {
  const { planId, versionName, saveState, loadError, planMissing } = useEditor(useShallow(planSelector));
  return (
    <div className="plan-bar">
      <div className="plan-bar-plan" data-testid="plan-label">
        {planId ? (
          <>
            <h1 className="visually-hidden">{`${planId} · ${versionName}`}</h1>
            <strong>{planId}</strong>
            <span className="plan-bar-version">{versionName}</span>
          </>
        ) : (
          <span className="plan-bar-missing">{messages.planIdNotSet}</span>
        )}
        {planId && !planMissing && !loadError ? (
          <span className={`plan-bar-save save-${saveState}`} data-testid="save-state" role="status">
            {editorText.saveStates[saveState]}
          </span>
        ) : null}
        {planId && !planMissing && !loadError ? <ChangesButton /> : null}
        {loadError ? <span className="plan-bar-error">{loadError}</span> : null}
        <SignOutButton />
      </div>
      {saveState === 'conflict' ? <ConflictBanner /> : null}
      <QuickFunctionsBar />
    </div>
  );
}
