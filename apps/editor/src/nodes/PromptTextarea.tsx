import { useEditorStoreApi } from '../store/EditorStoreContext';
import { useFieldText } from '../text/useFieldValue';
import { editorText } from '../messages';

/** Prompt node text autosaves 200 ms after the last change (spec section 4): a pause this long ends its history step. */
export const PROMPT_AUTOSAVE_MS = 200;
export const PROMPT_PLACEHOLDER = 'Enter your instruction here...';

interface PromptTextareaProps {
  nodeId: string;
  value: string;
  className?: string;
  rows?: number;
}

/** The instruction text of a prompt node: each change goes to the flow at once, one history step per burst. */
export function PromptTextarea({ nodeId, value, className, rows }: PromptTextareaProps) {
  const store = useEditorStoreApi();
  const field = useFieldText(value, PROMPT_AUTOSAVE_MS, (prompt, group) =>
    store
      .getState()
      .updateNodeData(
        nodeId,
        (node) => (node.type === 'prompt' && node.data.prompt !== prompt ? { ...node, data: { ...node.data, prompt } } : node),
        group,
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
