import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { SelectWorkflowList } from './SelectWorkflowList';
import './modals.css';
import { editorText } from '../messages';

const openSelector = (s: EditorState) => ({ open: s.selectWorkflowOpen, creating: s.createWorkflowOpen });

/**
 * The Select Workflow modal, opened by Send Workflow: the chosen workflow becomes a send_workflow
 * function node (decisions.md). Loads the workflows on open, and again when a workflow creation
 * opened from here ends.
 */
export function SelectWorkflowModal() {
  const store = useEditorStoreApi();
  const { open, creating } = useEditor(useShallow(openSelector));

  useEffect(() => {
    if (open && !creating) void store.getState().loadWorkflows(true);
  }, [open, creating, store]);

  const onOpenChange = useCallback((next: boolean) => store.getState().setDialog('selectWorkflowOpen', next), [store]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal selwf" aria-describedby={undefined} data-testid="select-workflow-modal">
          <header className="modal-header">
            <Dialog.Title className="modal-title">{editorText.selectWorkflow}</Dialog.Title>
          </header>
          <div className="modal-body">
            <SelectWorkflowList />
          </div>
          <footer className="modal-footer">
            <button type="button" className="btn" onClick={() => store.getState().setDialog('createWorkflowOpen', true)}>
              {editorText.createWorkflow}
            </button>
            <Dialog.Close asChild>
              <button type="button" className="btn">
                {editorText.cancel}
              </button>
            </Dialog.Close>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
