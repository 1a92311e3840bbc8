import { useId, useState } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditGroup } from '../store/types';

/**
 * A field's value as the person types it. Each change goes to the store at once (`write`), in the
 * field's edit group: a burst of typing is one history step, ended by a pause longer than
 * `pauseMs` or by leaving the field (`end`). What is typed stays shown while it stands for the
 * stored value (`same`: '1.50' for 1.5, JSON laid out otherwise, text that does not parse yet); a
 * stored value it does not stand for (an undo, another tab's flow) replaces it.
 */
export function useFieldValue<T>(
  stored: T,
  pauseMs: number,
  write: (value: T, group: EditGroup) => void,
  same: (typed: T, stored: T) => boolean = Object.is,
) {
  const store = useEditorStoreApi();
  const key = useId();
  const [typed, setTyped] = useState(stored);
  const [seen, setSeen] = useState(stored);
  // The stored value changed since the last render: adjusted during render, so no frame shows the old one.
  if (!Object.is(seen, stored)) {
    setSeen(stored);
    if (!same(typed, stored)) setTyped(stored);
  }
  return {
    value: typed,
    change: (next: T) => {
      setTyped(next);
      write(next, { key, pauseMs });
    },
    /** The field is left (blur, pointer up): its next change is a history step of its own. */
    end: () => store.getState().endEdit(key),
  };
}

/** `useFieldValue` for a text input or text area. */
export function useFieldText(
  stored: string,
  pauseMs: number,
  write: (text: string, group: EditGroup) => void,
  same?: (typed: string, stored: string) => boolean,
) {
  const field = useFieldValue(stored, pauseMs, write, same);
  return {
    text: field.value,
    onChange: (event: React.ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => field.change(event.target.value),
    onBlur: field.end,
  };
}
