import english from 'emoji-picker-element/i18n/en.js';
import type { CustomEmoji, I18n, PickerConstructorOptions } from 'emoji-picker-element/shared';
import { parseCustomEmoji } from './customEmoji';
import { EMOJI_PICKER, emojiPickerTexts } from './emojiMessages';

/** The element's interface texts: its English ones, with the spec's strings from emojiMessages. */
export const emojiI18n: I18n = { ...english, ...emojiPickerTexts, skinTones: [...emojiPickerTexts.skinTones] };

/**
 * The provider's emoji data URL: `{base}/api/emoji/en/emojibase/data.json`, where base is the
 * provider URL setting or, when empty, the page's own origin.
 * @example emojiDataSource('', 'http://127.0.0.1:4321') // 'http://127.0.0.1:4321/api/emoji/en/emojibase/data.json'
 */
export function emojiDataSource(providerUrl: string, pageOrigin: string): string {
  const base = (providerUrl || pageOrigin).replace(/\/+$/, '');
  return `${base}/api/emoji/${EMOJI_PICKER.locale}/${EMOJI_PICKER.source}/data.json`;
}

/** The element's options: the provider's data, the spec's texts, and custom emoji checked first. */
export function emojiPickerOptions(dataSource: string, customEmoji?: unknown): PickerConstructorOptions {
  const custom: CustomEmoji[] | undefined = customEmoji === undefined ? undefined : parseCustomEmoji(customEmoji);
  return {
    dataSource,
    locale: EMOJI_PICKER.locale,
    i18n: emojiI18n,
    ...(custom === undefined ? {} : { customEmoji: custom }),
  };
}
