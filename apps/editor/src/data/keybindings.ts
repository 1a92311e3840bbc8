import type { ShortcutAction } from '../keyboard/shortcuts';

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

/** A keybind entry (spec section 3): keys as shown, description, category; `match` when a key press triggers `action`. */
export interface Keybinding {
  keys: string;
  description: string;
  category: 'General' | 'Editing' | 'Selection' | 'Canvas';
  action?: ShortcutAction;
  match?: readonly KeyMatcher[];
}

/**
 * The editor's keybindings (spec section 9): the Keybindings tab of 'How to use' lists them and
 * `shortcutFor` recognises key presses from them, so keys are written once.
 */
export const KEYBINDINGS: readonly Keybinding[] = [
  { keys: 'F1', description: 'Open this cheatsheet', category: 'General', action: 'help', match: [{ key: 'F1' }] },
  { keys: 'Space', description: 'Open the function palette', category: 'General', action: 'palette', match: [{ key: ' ' }, { code: 'Space' }] },
  { keys: 'Esc', description: 'Close the palette or a modal', category: 'General', action: 'escape', match: [{ key: 'Escape' }] },
  { keys: 'Right Click', description: 'Open the context menu', category: 'General' },
  {
    keys: 'Delete / Backspace',
    description: 'Delete the selected nodes',
    category: 'Editing',
    action: 'delete',
    match: [{ key: 'Delete' }, { key: 'Backspace' }],
  },
  { keys: 'Enter', description: 'Edit the selected node (Properties tab)', category: 'Editing', action: 'edit', match: [{ key: 'Enter' }] },
  { keys: 'Ctrl+D', description: 'Duplicate the selected node', category: 'Editing', action: 'duplicate', match: [{ key: 'd', mod: true }] },
  { keys: 'Ctrl+C', description: 'Copy the selection', category: 'Editing', action: 'copy', match: [{ key: 'c', mod: true }] },
  { keys: 'Ctrl+V', description: 'Paste', category: 'Editing', action: 'paste', match: [{ key: 'v', mod: true }] },
  { keys: 'Ctrl+Z (Cmd+Z on Mac)', description: 'Undo', category: 'Editing', action: 'undo', match: [{ key: 'z', mod: true, shift: false }] },
  {
    keys: 'Ctrl+Y (Cmd+Shift+Z on Mac)',
    description: 'Redo',
    category: 'Editing',
    action: 'redo',
    match: [
      { key: 'y', mod: true },
      { key: 'z', mod: true, shift: true },
    ],
  },
  { keys: 'Shift+Click', description: 'Select several nodes', category: 'Selection' },
  { keys: 'Ctrl+A', description: 'Select every node', category: 'Selection', action: 'selectAll', match: [{ key: 'a', mod: true }] },
  { keys: 'Mouse Wheel', description: 'Zoom', category: 'Canvas' },
  { keys: 'Drag', description: 'Pan the canvas or move nodes', category: 'Canvas' },
];
