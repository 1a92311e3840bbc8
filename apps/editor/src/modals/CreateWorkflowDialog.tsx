import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, type SyntheticEvent } from 'react';
import { providerUrl } from '../api/providerUrl';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import './modals.css';
import { editorText } from '../messages';

const openSelector = (s: EditorState) => s.createWorkflowOpen;
const planSelector = (s: EditorState) => s.planId;

/** What the hosted create-workflow page posts to its parent when it saved a workflow. */
const SAVED_MESSAGE = 'flow:workflow-saved';

/** The provider's hosted create-workflow page of a plan ('default' without one). */
export function createWorkflowUrl(base: string, planId: string): string {
  return `${base.replace(/\/+$/, '')}/hosted/create-workflow/${encodeURIComponent(planId || 'default')}`;
}

/**
 * The Create Workflow dialog: a large dialog with a close button holding the provider's hosted
 * create-workflow page. A workflow saved there reloads the plan's workflows (palette, selector).
 */
export function CreateWorkflowDialog() {
  const store = useEditorStoreApi();
  const open = useEditor(openSelector);
  const planId = useEditor(planSelector);
  const base = providerUrl();
  const src = createWorkflowUrl(base, planId);

  useEffect(() => {
    if (!open) return;
    const origin = new URL(base || window.location.origin, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (event.origin !== origin || typeof data !== 'object' || data === null) return;
      if ((data as { type?: unknown }).type === SAVED_MESSAGE) void store.getState().loadWorkflows(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, base, store]);

  const onOpenChange = useCallback((next: boolean) => store.getState().setDialog('createWorkflowOpen', next), [store]);

  // Escape pressed inside the embedded page (focus is there after typing or saving) closes the
  // dialog too. Reachable only for a provider on the editor's origin, as the local one is.
  const onFrameLoad = useCallback(
    (event: SyntheticEvent<HTMLIFrameElement>) => {
      let frameDocument: Document | undefined;
      try {
        frameDocument = event.currentTarget.contentDocument ?? undefined;
      } catch {
        return;
      }
      frameDocument?.addEventListener('keydown', (key: KeyboardEvent) => {
        if (key.key === 'Escape' && !key.defaultPrevented) store.getState().setDialog('createWorkflowOpen', false);
      });
    },
    [store],
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay createwf-overlay" />
        <Dialog.Content className="modal createwf" aria-describedby={undefined} data-testid="create-workflow-dialog">
          <header className="modal-header">
            <Dialog.Title className="modal-title">{editorText.createWorkflow}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label={editorText.close}>
              ×
            </Dialog.Close>
          </header>
          <iframe className="createwf-frame" src={src} title={editorText.createWorkflow} onLoad={onFrameLoad} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
