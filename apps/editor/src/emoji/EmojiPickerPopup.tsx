import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { EMOJI_PICKER, emojiPickerMessages } from './emojiMessages';
import { placeEmojiPicker, type Size } from './placeEmojiPicker';
import { useEmojiPickerElement } from './useEmojiPickerElement';
import { withTriggerText } from './withTriggerText';
import './emojiPicker.css';

const anchorSelector = (s: EditorState) => ({ x: s.emojiPicker.x, y: s.emojiPicker.y });

const viewport = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

/** Before the first measure: the picker's size plus the header. */
const ESTIMATE: Size = { width: EMOJI_PICKER.widthPx, height: EMOJI_PICKER.heightPx + 44 };

/**
 * The open emoji picker: a backdrop and a dialog at the requested place, kept inside the window,
 * with a close button and the picker. Loaded on first open, with emoji-picker-element.
 */
export function EmojiPickerPopup() {
  const store = useEditorStoreApi();
  const anchor = useEditor(useShallow(anchorSelector));
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [returnFocus] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const [size, setSize] = useState<Size>(ESTIMATE);
  const [view, setView] = useState<Size>(viewport);

  const close = useCallback(() => store.getState().closeEmojiPicker(), [store]);
  const pick = useCallback(
    (emoji: string) => {
      const { emojiPicker } = store.getState();
      // One change of the node's data: one undo step, saved like any other edit.
      if (emojiPicker.targetNodeId) store.getState().updateNodeData(emojiPicker.targetNodeId, (node) => withTriggerText(node, emoji));
      else emojiPicker.onPick?.(emoji);
      close();
    },
    [store, close],
  );
  // Focus goes into the popup (the close button, then the picker's search field: this runs first), and back after.
  useEffect(() => {
    closeButton.current?.focus();
    return () => {
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, [returnFocus]);

  const focusPicker = useEmojiPickerElement(host, pick);

  // Measured before paint and whenever the popup or the window changes size, so it stays inside.
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const measure = () => {
      setSize({ width: el.offsetWidth, height: el.offsetHeight });
      setView(viewport());
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  // Tab stays in the popup: Tab past the picker's last stop comes round to the close button, and
  // Shift+Tab before the close button goes into the picker (its search field).
  const toStart = () => closeButton.current?.focus();
  const toEnd = () => {
    if (!focusPicker()) closeButton.current?.focus();
  };

  const { x, y } = placeEmojiPicker(anchor, size, view);
  return (
    <>
      <div className="emoji-backdrop" data-testid="emoji-picker-backdrop" aria-hidden="true" onClick={close} />
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog handles Escape and keeps Tab inside */}
      <div
        ref={dialog}
        className="emoji-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="emoji-picker"
        style={{ left: x, top: y }}
        onKeyDown={onKeyDown}
      >
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus guards keep Tab inside the dialog */}
        <span tabIndex={0} className="focus-guard" onFocus={toEnd} />
        <header className="emoji-popup-header">
          <h2 id={titleId} className="emoji-popup-title">
            {emojiPickerMessages.title}
          </h2>
          <button
            ref={closeButton}
            type="button"
            className="modal-close"
            aria-label={emojiPickerMessages.close}
            title={emojiPickerMessages.close}
            onClick={close}
          >
            ×
          </button>
        </header>
        <div ref={host} className="emoji-popup-body" />
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus guards keep Tab inside the dialog */}
        <span tabIndex={0} className="focus-guard" onFocus={toStart} />
      </div>
    </>
  );
}
