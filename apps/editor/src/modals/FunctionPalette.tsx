import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useState } from 'react';
import { actionOf, runAction } from '../actions/actions';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import type { CardDragPhase } from './PaletteCard';
import { PaletteTabPanel } from './PaletteTabPanel';
import { PaletteTabs } from './PaletteTabs';
import './modals.css';
import './palette.css';
import { editorText } from '../messages';

const paletteSelector = (s: EditorState) => s.palette;

/**
 * The function and workflow palette (720x640): tabs, search and cards to drag onto the canvas or
 * add by click or Enter. Not modal, so that a card can be dropped on the canvas behind it; its
 * own backdrop makes an outside click close it, as Escape does.
 */
export function FunctionPalette() {
  const store = useEditorStoreApi();
  const { open, tab } = useEditor(paletteSelector);
  const [drag, setDrag] = useState<CardDragPhase>('idle');

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a drag in progress ends when the palette closes
    if (!open) setDrag('idle');
  }, [open]);
  // A press on a card that ends without a drag (a click) disarms it.
  useEffect(() => {
    if (drag !== 'armed') return;
    const disarm = () => setDrag((phase) => (phase === 'armed' ? 'idle' : phase));
    window.addEventListener('pointerup', disarm);
    return () => window.removeEventListener('pointerup', disarm);
  }, [drag]);

  const onOpenChange = useCallback(
    (next: boolean) => {
      if (!next) store.getState().closePalette();
    },
    [store],
  );

  // Closed, it is not rendered at all: Radix's exit presence would read the computed style of the
  // whole page (getComputedStyle) in the very frame that shows the added node.
  if (!open) return null;
  return (
    <Dialog.Root open onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal>
        <div className={`modal-overlay palette-backdrop palette-${drag}`} aria-hidden="true" />
        <Dialog.Content
          className={`modal palette palette-${drag}`}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => event.preventDefault()}
          // Focus may leave for a dialog opened from here (Create Workflow): only a click outside closes.
          onFocusOutside={(event) => event.preventDefault()}
          data-testid="function-palette"
        >
          <Dialog.Title className="visually-hidden">{editorText.addToFlow}</Dialog.Title>
          <div className="palette-header">
            <PaletteTabs tab={tab} />
            <button type="button" className="btn palette-generate" onClick={() => runAction('generateFlow', store.getState())}>
              {actionOf('generateFlow').icon} {actionOf('generateFlow').label}
            </button>
            <Dialog.Close className="modal-close" aria-label={editorText.close}>
              ×
            </Dialog.Close>
          </div>
          <PaletteTabPanel key={tab} tab={tab} onDragPhase={setDrag} />
          <footer className="palette-footer">
            <span>{editorText.paletteHint}</span>
            <span>{editorText.autoConnectHint}</span>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
