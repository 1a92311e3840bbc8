import { messages } from '@flow/core';
import { useCallback } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { ConfirmDialog } from './ConfirmDialog';

const eraseSelector = (s: EditorState) => ({ open: s.confirmEraseOpen, count: s.selectedNodeIds.length });

/** Erase Selected's confirmation: 'Are you sure you want to remove N selected node(s)?'. */
export function ConfirmEraseDialog() {
  const store = useEditorStoreApi();
  const { open, count } = useEditor(useShallow(eraseSelector));
  const onOpenChange = useCallback((next: boolean) => store.getState().setDialog('confirmEraseOpen', next), [store]);
  const remove = useCallback(() => {
    const s = store.getState();
    const removed = s.removeSelection();
    s.notify.success(messages.removedSelectedNodes(removed));
    s.setDialog('confirmEraseOpen', false);
  }, [store]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={messages.confirmErase(count)}
      confirmLabel="Remove"
      onConfirm={remove}
      testId="confirm-erase-dialog"
    />
  );
}
