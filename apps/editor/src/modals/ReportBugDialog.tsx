import * as Dialog from '@radix-ui/react-dialog';
import { useCallback } from 'react';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { ReportBugBody } from './ReportBugBody';
import './modals.css';
import { editorText } from '../messages';
import { ACTIONS } from '../actions/actions';

const openSelector = (s: EditorState) => s.reportBugOpen;

/** The Report a Bug modal; closes by its close button, Escape or the backdrop. */
export function ReportBugDialog() {
  const store = useEditorStoreApi();
  const open = useEditor(openSelector);
  const onOpenChange = useCallback((next: boolean) => store.getState().setDialog('reportBugOpen', next), [store]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal bug" aria-describedby={undefined} data-testid="report-bug-dialog">
          <header className="modal-header">
            <Dialog.Title className="modal-title">{ACTIONS.reportBug.label}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label={editorText.close}>
              ×
            </Dialog.Close>
          </header>
          <ReportBugBody />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
