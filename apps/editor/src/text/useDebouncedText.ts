import { useEffect, useRef, useState } from 'react';

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

  // Nothing typed is lost when the field goes away with an edit pending.
  useEffect(
    () => () => {
      if (pending.current !== undefined) flush();
    },
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );

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
