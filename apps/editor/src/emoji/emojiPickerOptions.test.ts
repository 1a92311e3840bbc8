import { describe, expect, it } from 'vitest';
import { emojiDataSource, emojiPickerOptions } from './emojiPickerOptions';
import { SKIN_TONE_NAMES, emojiErrors } from './emojiMessages';

describe('emojiDataSource', () => {
  it("is the page's own provider when no provider URL is set", () => {
    expect(emojiDataSource('', 'http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321/api/emoji/en/emojibase/data.json');
  });

  it('uses the provider URL setting, without a doubled slash', () => {
    expect(emojiDataSource('http://127.0.0.1:9000/', 'http://127.0.0.1:4321')).toBe(
      'http://127.0.0.1:9000/api/emoji/en/emojibase/data.json',
    );
  });
});

describe('emojiPickerOptions', () => {
  it("gives the element the provider's data and the spec's texts", () => {
    const options = emojiPickerOptions('http://x/api/emoji/en/emojibase/data.json');
    expect(options.dataSource).toBe('http://x/api/emoji/en/emojibase/data.json');
    expect(options.locale).toBe('en');
    expect(options.i18n?.skinTones).toEqual(['Default', 'Light', 'Medium-Light', 'Medium', 'Medium-Dark', 'Dark']);
    expect(options.i18n?.skinTones).toEqual([...SKIN_TONE_NAMES]);
    expect(options.i18n?.loadingMessage).toBe('Loading…');
    expect(options.i18n?.networkErrorMessage).toBe('Could not load emoji.');
    expect(options.i18n?.emojiUnsupportedMessage).toBe('Your browser does not support color emoji.');
    expect(options.customEmoji).toBeUndefined();
  });

  it('passes checked custom emoji, and refuses a wrong list', () => {
    expect(emojiPickerOptions('d', [{ name: 'flow', url: '/f.png' }]).customEmoji).toEqual([{ name: 'flow', url: '/f.png' }]);
    expect(() => emojiPickerOptions('d', [{ name: 'flow' }])).toThrow(emojiErrors.customWrongFormat);
  });
});

describe('emojiErrors', () => {
  it("words a failed fetch as the element does: 'Failed to fetch' with the URL and status", () => {
    expect(emojiErrors.failedToFetch('http://x/data.json', 500)).toBe('Failed to fetch: http://x/data.json:  500');
  });
});
