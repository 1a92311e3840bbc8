import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useDebouncedText } from '../text/useDebouncedText';
import { editorText } from '../messages';

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
  const field = useDebouncedText(value, PROMPT_AUTOSAVE_MS, (prompt) =>
    store
      .getState()
      .updateNodeData(nodeId, (node) =>
        node.type === 'prompt' && node.data.prompt !== prompt ? { ...node, data: { ...node.data, prompt } } : node,
      ),
  );
  return (
    <textarea
      className={className}
      rows={rows}
      value={field.text}
      placeholder={PROMPT_PLACEHOLDER}
      aria-label={editorText.instruction}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
