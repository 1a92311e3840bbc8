import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { emojiErrors } from './emojiMessages';

/** When the popup's code cannot be loaded (the provider went away): say so, and close. */
function EmojiPickerUnavailable() {
  const store = useEditorStoreApi();
  useEffect(() => {
    store.getState().notify.error(emojiErrors.couldNotLoad);
    store.getState().closeEmojiPicker();
  }, [store]);
  return null;
}

// emoji-picker-element and the popup load on first open, not with the editor.
const EmojiPickerPopup = lazy<ComponentType>(() =>
  import('./EmojiPickerPopup').then(
    (module) => ({ default: module.EmojiPickerPopup }),
    () => ({ default: EmojiPickerUnavailable }),
  ),
);

const visibleSelector = (s: EditorState) => s.emojiPicker.visible;

/** The emoji picker popup while it is open (spec section 2: from a node's badge or an emoji field). */
export function EmojiPickerRoot() {
  const visible = useEditor(visibleSelector);
  if (!visible) return null;
  return createPortal(
    <Suspense fallback={null}>
      <EmojiPickerPopup />
    </Suspense>,
    document.body,
  );
}
