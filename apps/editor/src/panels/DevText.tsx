import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { useFieldText } from '../text/useFieldValue';

/** Dev text edits debounce 600 ms and flush on blur (spec section 4): a pause this long, or leaving the field, ends their history step. */
export const DEV_TEXT_DEBOUNCE_MS = 600;

type Field = 'systemPrompt' | 'agentContext' | 'agentNotes';
const selectors: Record<Field, (s: EditorState) => string> = {
  systemPrompt: (s) => s.doc.systemPrompt,
  agentContext: (s) => s.doc.agentContext,
  agentNotes: (s) => s.doc.agentNotes,
};

/** A text area bound to one of the flow's texts, each burst of typing one history entry. */
export function DevText({ field, label, rows = 8 }: { field: Field; label: string; rows?: number }) {
  const store = useEditorStoreApi();
  const value = useEditor(selectors[field]);
  const text = useFieldText(value, DEV_TEXT_DEBOUNCE_MS, (next, group) => store.getState().setText(field, next, group));
  return <textarea className="textarea" aria-label={label} rows={rows} value={text.text} onChange={text.onChange} onBlur={text.onBlur} />;
}
