import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import './modals.css';
import { editorText } from '../messages';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, as the dialog's title. */
  title: string;
  /** What the person should know before answering. */
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  testId: string;
}

/** A destructive question with Cancel and a red confirm button (Erase Selected, Reload after a conflict). */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, onConfirm, testId }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal erase" role="alertdialog" aria-describedby={undefined} data-testid={testId}>
          <Dialog.Title className="erase-text">{title}</Dialog.Title>
          {children}
          <footer className="modal-footer">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                {editorText.cancel}
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn-danger" onClick={onConfirm}>
              {confirmLabel}
            </button>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
