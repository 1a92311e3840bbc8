import { messages } from '@flow/core';
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import './modals.css';

const eraseSelector = (s: EditorState) => ({ open: s.confirmEraseOpen, count: s.selectedNodeIds.length });

/** Erase Selected's confirmation: 'Are you sure you want to remove N selected node(s)?'. */
export function ConfirmEraseDialog() {
  const store = useEditorStoreApi();
  const { open, count } = useEditor(useShallow(eraseSelector));
  const onOpenChange = useCallback((next: boolean) => store.getState().setDialog('confirmEraseOpen', next), [store]);
  const remove = useCallback(() => {
    const s = store.getState();
    const removed = s.removeSelection();
    toast.success(messages.removedSelectedNodes(removed));
    s.setDialog('confirmEraseOpen', false);
  }, [store]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal erase" role="alertdialog" aria-describedby={undefined} data-testid="confirm-erase-dialog">
          <Dialog.Title className="erase-text">{messages.confirmErase(count)}</Dialog.Title>
          <footer className="modal-footer">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                Cancel
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn-danger" onClick={remove}>
              Remove
            </button>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
