import { describeEdits, flowMessages } from '@flow/core';
import { useCallback, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { ConfirmDialog } from './ConfirmDialog';

const reloadSelector = (s: EditorState) => ({ open: s.confirmReloadOpen, doc: s.doc, syncedDoc: s.sync.syncedDoc });

/** Reload after a conflict: names what this page changed, which taking the provider's flow discards. */
export function ConfirmReloadDialog() {
  const store = useEditorStoreApi();
  const { open, doc, syncedDoc } = useEditor(useShallow(reloadSelector));
  const edits = useMemo(() => (open ? describeEdits(syncedDoc, doc) : []), [open, syncedDoc, doc]);
  const onOpenChange = useCallback((next: boolean) => store.getState().setDialog('confirmReloadOpen', next), [store]);
  const reload = useCallback(() => {
    store.getState().setDialog('confirmReloadOpen', false);
    void store.getState().resolveConflict('reload');
  }, [store]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={flowMessages.confirmReload}
      confirmLabel={flowMessages.discardAndReload}
      onConfirm={reload}
      testId="confirm-reload-dialog"
    >
      {edits.length > 0 ? (
        <>
          <p className="reload-note">{flowMessages.editsDiscarded}</p>
          <ul className="reload-edits">
            {edits.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="reload-note">{flowMessages.noEditsDiscarded}</p>
      )}
    </ConfirmDialog>
  );
}
