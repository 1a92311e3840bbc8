import { describeEdits, flowMessages } from '@flow/core';
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import './modals.css';

const reloadSelector = (s: EditorState) => ({ open: s.confirmReloadOpen, doc: s.doc, syncedDoc: s.syncedDoc });

/** Reload after a conflict: names what this page changed, which taking the provider's flow discards. */
export function ConfirmReloadDialog() {
  const store = useEditorStoreApi();
  const { open, doc, syncedDoc } = useEditor(useShallow(reloadSelector));
  const edits = useMemo(() => (open ? describeEdits(syncedDoc, doc) : []), [open, syncedDoc, doc]);
  const onOpenChange = useCallback((next: boolean) => store.getState().setDialog('confirmReloadOpen', next), [store]);
  const reload = useCallback(() => {
    store.getState().setDialog('confirmReloadOpen', false);
    void store.getState().reloadFromProvider();
  }, [store]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal erase" role="alertdialog" aria-describedby={undefined} data-testid="confirm-reload-dialog">
          <Dialog.Title className="erase-text">{flowMessages.confirmReload}</Dialog.Title>
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
          <footer className="modal-footer">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                Cancel
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn-danger" onClick={reload}>
              {flowMessages.discardAndReload}
            </button>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
