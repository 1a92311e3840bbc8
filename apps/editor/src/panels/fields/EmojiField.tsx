import type { FieldSpec } from '@flow/core';
import { EMOJI_PICKER, emojiPickerMessages } from '../../emoji/emojiMessages';
import { useEditorStoreApi } from '../../store/EditorStoreContext';
import type { FieldTarget } from './FieldTarget';
import { TextInput } from './TextInputs';
import './emojiField.css';

interface EmojiFieldProps {
  id: string;
  field: FieldSpec;
  target: FieldTarget;
  describedBy?: string;
}

/** An emoji text field (the trigger text) with a button that opens the emoji picker for it. */
export function EmojiField({ id, field, target, describedBy }: EmojiFieldProps) {
  const store = useEditorStoreApi();
  const open = (event: React.MouseEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    // The popup is kept inside the window, so from the side panel it opens to the left as needed.
    store.getState().openEmojiPicker(rect.left, rect.bottom + EMOJI_PICKER.gapPx, null, (emoji) => target.update(() => emoji));
  };
  const label = emojiPickerMessages.openFor(field.label);
  return (
    <div className="emoji-field">
      <TextInput id={id} field={field} target={target} describedBy={describedBy} />
      <button type="button" className="btn icon" aria-label={label} title={label} aria-haspopup="dialog" onClick={open}>
        😀
      </button>
    </div>
  );
}
