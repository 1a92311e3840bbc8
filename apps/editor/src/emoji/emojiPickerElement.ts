import Picker from 'emoji-picker-element/picker';
import type { EmojiClickEvent, PickerConstructorOptions } from 'emoji-picker-element/shared';
import { EMOJI_PICKER } from './emojiMessages';

export interface EmojiPickerElementHandle {
  /** Focuses the picker's search field; false while the element is not there yet. */
  focus(): boolean;
  destroy(): void;
}

/**
 * Puts an emoji-picker-element with `options` into `container`; `onEmoji` gets each picked emoji
 * (its unicode, or a custom emoji's name). This module is loaded only when the picker first opens.
 */
export function createEmojiPickerElement(
  container: HTMLElement,
  options: PickerConstructorOptions,
  onEmoji: (emoji: string) => void,
): EmojiPickerElementHandle {
  const picker = new Picker(options);
  // The editor is light; the element would otherwise follow a dark system theme.
  picker.classList.add('light');
  picker.style.setProperty('--num-columns', String(EMOJI_PICKER.columns));
  picker.style.height = `${EMOJI_PICKER.heightPx}px`;
  picker.style.width = `${EMOJI_PICKER.widthPx}px`;
  const onClick = (event: EmojiClickEvent) => {
    const emoji = event.detail.unicode ?? event.detail.name;
    if (emoji) onEmoji(emoji);
  };
  picker.addEventListener('emoji-click', onClick);
  container.append(picker);
  return {
    focus: () => {
      const search = picker.shadowRoot?.querySelector<HTMLInputElement>('input[type="search"]');
      search?.focus();
      return search !== undefined && search !== null;
    },
    destroy: () => {
      picker.removeEventListener('emoji-click', onClick);
      picker.remove();
    },
  };
}
