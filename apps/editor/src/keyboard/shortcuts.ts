import { KEYBINDINGS, type KeyMatcher } from '../data/keybindings';

/** What a key press asks for (spec section 9 keybinds). */
export type ShortcutAction =
  | 'delete'
  | 'duplicate'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'undo'
  | 'redo'
  | 'palette'
  | 'escape'
  | 'help'
  | 'edit';

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const normalKey = (key: string) => (key.length === 1 ? key.toLowerCase() : key);

function matches(m: KeyMatcher, e: KeyLike): boolean {
  if (e.altKey || (m.mod ?? false) !== (e.ctrlKey || e.metaKey)) return false;
  if (m.shift !== undefined && m.shift !== e.shiftKey) return false;
  if (m.key !== undefined) return normalKey(m.key) === normalKey(e.key);
  return m.code !== undefined && m.code === e.code;
}

/** Maps a key press to an action of the keybindings table; Ctrl on Linux/Windows and Cmd on Mac both count. */
export function shortcutFor(e: KeyLike): ShortcutAction | null {
  for (const binding of KEYBINDINGS) {
    if (binding.action && binding.match?.some((m) => matches(m, e))) return binding.action;
  }
  return null;
}
