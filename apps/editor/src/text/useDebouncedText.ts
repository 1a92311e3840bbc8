import { useEffect, useRef, useState } from 'react';

/** Dispatched on window (synchronously) to make every text field save its pending edit now. */
export const SETTLE_EDITS_EVENT = 'flow:settle-edits';

/** Saves every pending text edit into the store, e.g. before the page goes away. */
export function settlePendingEdits(): void {
  window.dispatchEvent(new Event(SETTLE_EDITS_EVENT));
}

/**
 * Local text for a store value that is saved `delay` ms after the last keystroke and on blur.
 * Outside changes (undo, another view of the same value) replace the text unless an edit is pending.
 */
export function useDebouncedText(value: string, delay: number, save: (text: string) => void) {
  const [text, setText] = useState(value);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ text, save });
  latest.current = { text, save };

  useEffect(() => {
    if (pending.current === undefined) setText(value);
  }, [value]);

  const flush = () => {
    clearTimeout(pending.current);
    pending.current = undefined;
    latest.current.save(latest.current.text);
  };

  // Nothing typed is lost when the field goes away with an edit pending, nor when the page does:
  // leaving the page unmounts nothing, so the editor asks every field to settle its edit first.
  useEffect(() => {
    const settle = () => {
      if (pending.current !== undefined) flush();
    };
    window.addEventListener(SETTLE_EDITS_EVENT, settle);
    return () => {
      window.removeEventListener(SETTLE_EDITS_EVENT, settle);
      settle();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    text,
    onChange: (event: React.ChangeEvent<HTMLTextAreaElement>) => {
      setText(event.target.value);
      latest.current.text = event.target.value;
      clearTimeout(pending.current);
      pending.current = setTimeout(flush, delay);
    },
    onBlur: () => {
      if (pending.current !== undefined) flush();
    },
  };
}
