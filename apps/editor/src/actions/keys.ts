/**
 * How a key press is recognised: `key` (letters compared case-insensitively) or `code`; `mod`
 * is Ctrl or Cmd (default: neither); `shift` must match when given. Alt never matches.
 */
export interface KeyMatcher {
  key?: string;
  code?: string;
  mod?: boolean;
  shift?: boolean;
}

export type KeyCategory = 'General' | 'Editing' | 'Selection' | 'Canvas';

/** A row of the keybindings table (spec section 9): keys as shown, what they do, where they belong. */
export interface KeyRow {
  keys: string;
  description: string;
  category: KeyCategory;
}

/** A key binding of an action: its row, the short hint menus and tooltips show, and its key presses. */
export interface Shortcut extends KeyRow {
  /** As menus and tooltips show it ('Del', 'Ctrl+Z'); the table's `keys` when absent. */
  hint?: string;
  match: readonly KeyMatcher[];
}

/** The order of the Keybindings tab's sections. */
export const KEY_CATEGORIES: readonly KeyCategory[] = ['General', 'Editing', 'Selection', 'Canvas'];

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const normalKey = (key: string) => (key.length === 1 ? key.toLowerCase() : key);

/** Whether a key press is one of a shortcut's; Ctrl on Linux/Windows and Cmd on Mac both count as `mod`. */
export function pressMatches(shortcut: Shortcut, e: KeyLike): boolean {
  return shortcut.match.some((m) => {
    if (e.altKey || (m.mod ?? false) !== (e.ctrlKey || e.metaKey)) return false;
    if (m.shift !== undefined && m.shift !== e.shiftKey) return false;
    if (m.key !== undefined) return normalKey(m.key) === normalKey(e.key);
    return m.code !== undefined && m.code === e.code;
  });
}

export const shortcutHint = (shortcut: Shortcut): string => shortcut.hint ?? shortcut.keys;
