import { isRecord } from '@flow/core';
import type { CustomEmoji } from 'emoji-picker-element/shared';
import { emojiErrors } from './emojiMessages';

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** One custom emoji, or null when it lacks a name or url (or has fields of the wrong kind). */
function customEmojiOf(item: unknown): CustomEmoji | null {
  if (!isRecord(item) || !isText(item['name']) || !isText(item['url'])) return null;
  const { shortcodes, category } = item;
  if (shortcodes !== undefined && !(Array.isArray(shortcodes) && shortcodes.every(isText))) return null;
  if (category !== undefined && typeof category !== 'string') return null;
  return {
    name: item['name'],
    url: item['url'],
    ...(shortcodes === undefined ? {} : { shortcodes: [...shortcodes] }),
    ...(category === undefined ? {} : { category }),
  };
}

/**
 * A custom emoji list for the picker: every item needs a name and a url (spec section 5), else it
 * throws 'Custom emojis are in the wrong format'. The element checks only the first item.
 * @example parseCustomEmoji([{ name: 'flow', url: '/flow.png' }]) // [{ name: 'flow', url: '/flow.png' }]
 */
export function parseCustomEmoji(value: unknown): CustomEmoji[] {
  if (!Array.isArray(value)) throw new Error(emojiErrors.customWrongFormat);
  return value.map((item) => {
    const emoji = customEmojiOf(item);
    if (emoji === null) throw new Error(emojiErrors.customWrongFormat);
    return emoji;
  });
}
