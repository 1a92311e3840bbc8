import { describe, expect, it } from 'vitest';
import { parseCustomEmoji } from './customEmoji';
import { emojiErrors } from './emojiMessages';

describe('parseCustomEmoji', () => {
  it('accepts items with a name and a url, keeping shortcodes and category', () => {
    const list = [
      { name: 'Flow', url: '/flow.png' },
      { name: 'Cat', url: 'https://example.test/cat.png', shortcodes: ['cat'], category: 'Animals' },
    ];
    expect(parseCustomEmoji(list)).toEqual(list);
  });

  it('accepts an empty list', () => {
    expect(parseCustomEmoji([])).toEqual([]);
  });

  it("refuses an item without a name or a url with 'Custom emojis are in the wrong format'", () => {
    expect(emojiErrors.customWrongFormat).toBe('Custom emojis are in the wrong format');
    expect(() => parseCustomEmoji([{ url: '/a.png' }])).toThrow(emojiErrors.customWrongFormat);
    expect(() => parseCustomEmoji([{ name: 'a' }])).toThrow(emojiErrors.customWrongFormat);
    expect(() => parseCustomEmoji([{ name: '', url: '/a.png' }])).toThrow(emojiErrors.customWrongFormat);
  });

  it('checks every item, not only the first', () => {
    expect(() => parseCustomEmoji([{ name: 'a', url: '/a.png' }, { name: 'b' }])).toThrow(emojiErrors.customWrongFormat);
  });

  it('refuses what is not a list of objects, and fields of the wrong kind', () => {
    for (const bad of [null, undefined, 'a', { name: 'a', url: '/a' }])
      expect(() => parseCustomEmoji(bad)).toThrow(emojiErrors.customWrongFormat);
    expect(() => parseCustomEmoji([null])).toThrow(emojiErrors.customWrongFormat);
    expect(() => parseCustomEmoji([{ name: 'a', url: 1 }])).toThrow(emojiErrors.customWrongFormat);
    expect(() => parseCustomEmoji([{ name: 'a', url: '/a', shortcodes: 'a' }])).toThrow(emojiErrors.customWrongFormat);
    expect(() => parseCustomEmoji([{ name: 'a', url: '/a', category: 3 }])).toThrow(emojiErrors.customWrongFormat);
  });
});
