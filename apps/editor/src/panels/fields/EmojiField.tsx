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
    // Beside the field, to its left (over the canvas), so that the field stays in view.
    const rect = (event.currentTarget.closest('.field') ?? event.currentTarget).getBoundingClientRect();
    const x = rect.left - EMOJI_PICKER.gapPx - EMOJI_PICKER.widthPx;
    store.getState().openEmojiPicker(x, rect.top, null, (emoji) => target.update(() => emoji));
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
