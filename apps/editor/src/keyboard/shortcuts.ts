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

/** Maps a key press to an action; Ctrl on Linux/Windows and Cmd on Mac both count. */
export function shortcutFor(e: KeyLike): ShortcutAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 'd') return 'duplicate';
    if (key === 'c') return 'copy';
    if (key === 'v') return 'paste';
    if (key === 'a') return 'selectAll';
    return null;
  }
  if (e.altKey) return null;
  if (key === 'Delete' || key === 'Backspace') return 'delete';
  if (key === ' ' || e.code === 'Space') return 'palette';
  if (key === 'Escape') return 'escape';
  if (key === 'F1') return 'help';
  if (key === 'Enter') return 'edit';
  return null;
}
