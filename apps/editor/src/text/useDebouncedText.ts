import { useEffect, useRef, useState } from 'react';

/** Dispatched on window (synchronously) to make every text field save its pending edit now. */
export const SETTLE_EDITS_EVENT = 'flow:settle-edits';

/** Saves every pending text edit into the store, e.g. before the page goes away. */
export function settlePendingEdits(): void {
  window.dispatchEvent(new Event(SETTLE_EDITS_EVENT));
}

/**
 * A local copy of a store value that is saved `delay` ms after the last change and on blur, so a
 * burst of changes (a typed word, a dragged slider) is one edit. Outside changes (undo, another
 * view of the same value) replace the local copy unless an edit is pending.
 */
export function useDebouncedValue<T>(value: T, delay: number, save: (value: T) => void) {
  const [local, setLocal] = useState(value);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ local, save });
  // eslint-disable-next-line react-hooks/refs -- a latest-value ref, assigned during render so a flush in the same tick sees the newest value
  latest.current = { local, save };

  useEffect(() => {
    if (pending.current === undefined) setLocal(value);
  }, [value]);

  const flush = () => {
    clearTimeout(pending.current);
    pending.current = undefined;
    latest.current.save(latest.current.local);
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
  }, []);

  return {
    value: local,
    change: (next: T) => {
      setLocal(next);
      latest.current.local = next;
      clearTimeout(pending.current);
      pending.current = setTimeout(flush, delay);
    },
    /** Saves a pending change now (blur, pointer up). */
    settle: () => {
      if (pending.current !== undefined) flush();
    },
  };
}

/** `useDebouncedValue` for a text input or text area. */
export function useDebouncedText(value: string, delay: number, save: (text: string) => void) {
  const field = useDebouncedValue(value, delay, save);
  return {
    text: field.value,
    onChange: (event: React.ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => field.change(event.target.value),
    onBlur: field.settle,
  };
}
