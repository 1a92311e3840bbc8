import { useEffect, useRef, useState } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';

/** Prompt node text autosaves 200 ms after the last change (spec section 4). */
export const PROMPT_AUTOSAVE_MS = 200;
export const PROMPT_PLACEHOLDER = 'Enter your instruction here...';

interface PromptTextareaProps {
  nodeId: string;
  value: string;
  className?: string;
  rows?: number;
}

/** The instruction text of a prompt node; keeps what is typed and saves it after a pause or on blur. */
export function PromptTextarea({ nodeId, value, className, rows }: PromptTextareaProps) {
  const store = useEditorStoreApi();
  const [text, setText] = useState(value);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(text);
  latest.current = text;

  // Take outside changes (undo, another editor of the same node) unless a local edit is pending.
  useEffect(() => {
    if (pending.current === undefined) setText(value);
  }, [value]);

  const save = () => {
    clearTimeout(pending.current);
    pending.current = undefined;
    const prompt = latest.current;
    store.getState().updateNodeData(nodeId, (node) =>
      node.type === 'prompt' && node.data.prompt !== prompt ? { ...node, data: { ...node.data, prompt } } : node,
    );
  };

  useEffect(() => () => {
    if (pending.current !== undefined) save();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <textarea
      className={className}
      rows={rows}
      value={text}
      placeholder={PROMPT_PLACEHOLDER}
      aria-label="Instruction"
      onChange={(e) => {
        setText(e.target.value);
        clearTimeout(pending.current);
        pending.current = setTimeout(save, PROMPT_AUTOSAVE_MS);
      }}
      onBlur={() => {
        if (pending.current !== undefined) save();
      }}
    />
  );
}
