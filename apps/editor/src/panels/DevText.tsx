import { useEffect, useRef, useState } from 'react';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';

/** Dev text edits debounce 600 ms and flush on blur (spec section 4). */
export const DEV_TEXT_DEBOUNCE_MS = 600;

type Field = 'systemPrompt' | 'agentContext' | 'agentNotes';
const selectors: Record<Field, (s: EditorState) => string> = {
  systemPrompt: (s) => s.doc.systemPrompt,
  agentContext: (s) => s.doc.agentContext,
  agentNotes: (s) => s.doc.agentNotes,
};

/** A text area bound to one of the flow's texts, each settled edit one history entry. */
export function DevText({ field, label, rows = 8 }: { field: Field; label: string; rows?: number }) {
  const store = useEditorStoreApi();
  const value = useEditor(selectors[field]);
  const [text, setText] = useState(value);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(text);
  latest.current = text;

  useEffect(() => {
    if (pending.current === undefined) setText(value);
  }, [value]);

  const flush = () => {
    clearTimeout(pending.current);
    pending.current = undefined;
    store.getState().setText(field, latest.current);
  };
  useEffect(() => () => {
    if (pending.current !== undefined) flush();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <textarea
      className="textarea"
      aria-label={label}
      rows={rows}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        clearTimeout(pending.current);
        pending.current = setTimeout(flush, DEV_TEXT_DEBOUNCE_MS);
      }}
      onBlur={() => {
        if (pending.current !== undefined) flush();
      }}
    />
  );
}
