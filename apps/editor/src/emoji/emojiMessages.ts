/**
 * The emoji picker's constants (spec sections 2 and 9). Columns, height and the loading delay are
 * set on the element; favourites, search length and page size are the element's own behaviour,
 * listed here so that the tests can check them by name.
 */
export const EMOJI_PICKER = {
  /** Emoji per row, and so at most one row of favourites. */
  columns: 8,
  heightPx: 400,
  /** The popup's width (the picker's, to fit 8 columns), so that it can open to the left of a field. */
  widthPx: 340,
  /** Skin tones 0 (Default) to 5 (Dark). */
  skinToneCount: 6,
  defaultFavorites: 14,
  /** A shorter query shows the categories, not search results. */
  searchMinLength: 2,
  /** The element writes the emoji data into IndexedDB in batches of this size. */
  pageSize: 50,
  /** 'Loading…' appears only when the data takes longer than this. */
  loadingMessageDelayMs: 1000,
  /** The provider's copy of emoji-picker-element-data (no CDN: the editor works offline). */
  locale: 'en',
  source: 'emojibase',
  /** Space between the picker and the node or field it was opened from, and the window edge. */
  gapPx: 8,
  marginPx: 10,
} as const;

/** The skin tones' names, by tone number (spec section 2). */
export const SKIN_TONE_NAMES = ['Default', 'Light', 'Medium-Light', 'Medium', 'Medium-Dark', 'Dark'] as const;

/** What the popup itself says. */
export const emojiPickerMessages = {
  title: 'Choose an emoji',
  close: 'Close emoji picker',
  /** The button beside an emoji field in Properties. */
  openFor: (label: string) => `Choose ${label}`,
} as const;

/**
 * The spec's emoji errors (section 8). The first two are shown by the element (through i18n);
 * the others are the errors its database throws and logs, behind 'Could not load emoji.'.
 */
export const emojiErrors = {
  couldNotLoad: 'Could not load emoji.',
  unsupported: 'Your browser does not support color emoji.',
  wrongDataFormat: 'Emoji data is in the wrong format',
  failedToFetch: (url: string, status: number) => `Failed to fetch: ${url}:  ${status}`,
  idbBlocked: 'IDB blocked',
  customWrongFormat: 'Custom emojis are in the wrong format',
  /** A data source without an ETag is only a warning: the data is then fetched on every load. */
  missingEtagWarning: 'emoji-picker-element is more efficient if the dataSource server exposes an ETag header.',
} as const;

/** The spec's texts the element shows (its i18n); the rest of its interface keeps its English defaults. */
export const emojiPickerTexts = {
  loadingMessage: 'Loading…',
  networkErrorMessage: emojiErrors.couldNotLoad,
  emojiUnsupportedMessage: emojiErrors.unsupported,
  skinTones: SKIN_TONE_NAMES,
} as const;
