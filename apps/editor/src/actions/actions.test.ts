import { describe, expect, it } from 'vitest';
import { KEYBINDINGS } from '../data/keybindings';
import { ACTION_IDS, KEYS, actionForKey, actionOf, shownShortcut } from './actions';
import { KEY_CATEGORIES } from './keys';
import type { KeyLike } from './keys';

const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('actionForKey', () => {
  it('maps Ctrl+Z and Cmd+Z to undo, Ctrl+Y and Cmd+Shift+Z to redo', () => {
    expect(actionForKey(press('z', { ctrlKey: true }))).toBe('undo');
    expect(actionForKey(press('z', { metaKey: true }))).toBe('undo');
    expect(actionForKey(press('y', { ctrlKey: true }))).toBe('redo');
    expect(actionForKey(press('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
  });

  it('maps the clipboard, duplicate and select-all keys', () => {
    expect(actionForKey(press('d', { ctrlKey: true }))).toBe('duplicate');
    expect(actionForKey(press('c', { metaKey: true }))).toBe('copy');
    expect(actionForKey(press('v', { ctrlKey: true }))).toBe('paste');
    expect(actionForKey(press('a', { ctrlKey: true }))).toBe('selectAll');
  });

  it('maps Delete and Backspace, Space, Escape, F1 and Enter', () => {
    expect(actionForKey(press('Delete'))).toBe('delete');
    expect(actionForKey(press('Backspace'))).toBe('delete');
    expect(actionForKey(press(' '))).toBe('palette');
    expect(actionForKey(press('Escape'))).toBe('escape');
    expect(actionForKey(press('F1'))).toBe('help');
    expect(actionForKey(press('Enter'))).toBe('edit');
  });

  it('maps Ctrl+K to Go to node, Ctrl+E to Connect to… and Ctrl+arrows to panning', () => {
    expect(actionForKey(press('k', { ctrlKey: true }))).toBe('goToNode');
    expect(actionForKey(press('e', { metaKey: true }))).toBe('connectTo');
    expect(actionForKey(press('ArrowLeft', { ctrlKey: true }))).toBe('pan');
    expect(actionForKey(press('ArrowDown'))).toBeNull();
  });

  it('ignores other keys', () => {
    expect(actionForKey(press('x'))).toBeNull();
    expect(actionForKey(press('q', { ctrlKey: true }))).toBeNull();
  });

  it('ignores Alt, and needs Ctrl or Cmd exactly where the table says', () => {
    expect(actionForKey(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(actionForKey(press('Delete', { ctrlKey: true }))).toBeNull();
    expect(actionForKey(press('d'))).toBeNull();
    expect(actionForKey(press('Delete', { shiftKey: true }))).toBe('delete');
  });

  it('recognises Space by its code too', () => {
    expect(actionForKey(press('Unidentified', { code: 'Space' }))).toBe('palette');
  });
});

describe('the action registry and its keybindings', () => {
  it('resolves every key press an action lists to that action, never to an earlier one', () => {
    for (const id of ACTION_IDS) {
      const shortcut = actionOf(id).shortcut;
      for (const m of shortcut?.match ?? []) {
        const mod = m.mod ?? false;
        const e = press(m.key ?? '', { code: m.code, ctrlKey: mod, shiftKey: m.shift ?? false });
        expect(actionForKey(e), shortcut?.keys).toBe(id);
        if (mod) expect(actionForKey({ ...e, ctrlKey: false, metaKey: true }), `${shortcut?.keys} with Cmd`).toBe(id);
      }
    }
  });

  it('lists a row for every keyboard action and every gesture, each keys label once, by category', () => {
    const actions = ['delete', 'duplicate', 'copy', 'paste', 'selectAll', 'undo', 'redo', 'palette', 'escape', 'help', 'edit'];
    for (const action of actions)
      expect(
        KEYBINDINGS.some((b) => b.action === action),
        action,
      ).toBe(true);
    expect(KEYBINDINGS.map((b) => b.keys)).toEqual(expect.arrayContaining(['Right Click', 'Shift+Click', 'Mouse Wheel', 'Drag']));
    expect(new Set(KEYBINDINGS.map((b) => b.keys)).size).toBe(KEYBINDINGS.length);
    const categories = KEYBINDINGS.map((b) => KEY_CATEGORIES.indexOf(b.category));
    expect(categories).toEqual([...categories].sort((a, b) => a - b));
  });

  it('shows the Delete key as Del beside the menu entries that delete, and Ctrl+Z / Ctrl+Y as the bar hints', () => {
    expect(shownShortcut('deleteNode')?.hint).toBe('Del');
    expect(shownShortcut('deleteSelection')).toBe(KEYS.delete);
    expect(shownShortcut('undo')?.hint).toBe('Ctrl+Z');
    expect(shownShortcut('redo')?.hint).toBe('Ctrl+Y');
    expect(shownShortcut('editEdge')).toBeUndefined();
  });
});
