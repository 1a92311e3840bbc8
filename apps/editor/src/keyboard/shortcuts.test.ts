import { describe, expect, it } from 'vitest';
import { KEYBINDINGS } from '../data/keybindings';
import { shortcutFor, type KeyLike } from './shortcuts';

const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('shortcutFor', () => {
  it('maps Ctrl+Z and Cmd+Z to undo, Ctrl+Y and Cmd+Shift+Z to redo', () => {
    expect(shortcutFor(press('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(press('z', { metaKey: true }))).toBe('undo');
    expect(shortcutFor(press('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(press('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
  });

  it('maps the clipboard, duplicate and select-all keys', () => {
    expect(shortcutFor(press('d', { ctrlKey: true }))).toBe('duplicate');
    expect(shortcutFor(press('c', { metaKey: true }))).toBe('copy');
    expect(shortcutFor(press('v', { ctrlKey: true }))).toBe('paste');
    expect(shortcutFor(press('a', { ctrlKey: true }))).toBe('selectAll');
  });

  it('maps Delete and Backspace, Space, Escape, F1 and Enter', () => {
    expect(shortcutFor(press('Delete'))).toBe('delete');
    expect(shortcutFor(press('Backspace'))).toBe('delete');
    expect(shortcutFor(press(' '))).toBe('palette');
    expect(shortcutFor(press('Escape'))).toBe('escape');
    expect(shortcutFor(press('F1'))).toBe('help');
    expect(shortcutFor(press('Enter'))).toBe('edit');
  });

  it('ignores other keys', () => {
    expect(shortcutFor(press('x'))).toBeNull();
    expect(shortcutFor(press('q', { ctrlKey: true }))).toBeNull();
  });

  it('ignores Alt, and needs Ctrl or Cmd exactly where the table says', () => {
    expect(shortcutFor(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutFor(press('Delete', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('d'))).toBeNull();
    expect(shortcutFor(press('Delete', { shiftKey: true }))).toBe('delete');
  });

  it('recognises Space by its code too', () => {
    expect(shortcutFor(press('Unidentified', { code: 'Space' }))).toBe('palette');
  });
});

describe('KEYBINDINGS', () => {
  it('resolves every key press it lists to its own action, never to an earlier entry', () => {
    for (const binding of KEYBINDINGS) {
      for (const m of binding.match ?? []) {
        const mod = m.mod ?? false;
        const e = press(m.key ?? '', { code: m.code, ctrlKey: mod, shiftKey: m.shift ?? false });
        expect(shortcutFor(e), binding.keys).toBe(binding.action);
        if (mod) expect(shortcutFor({ ...e, ctrlKey: false, metaKey: true }), `${binding.keys} with Cmd`).toBe(binding.action);
      }
    }
  });

  it('gives a key and a way to recognise it for every action, and lists each keys label once', () => {
    const actions = ['delete', 'duplicate', 'copy', 'paste', 'selectAll', 'undo', 'redo', 'palette', 'escape', 'help', 'edit'];
    for (const action of actions) expect(KEYBINDINGS.find((b) => b.action === action)?.match?.length, action).toBeGreaterThan(0);
    expect(new Set(KEYBINDINGS.map((b) => b.keys)).size).toBe(KEYBINDINGS.length);
    for (const b of KEYBINDINGS) expect(b.action === undefined, b.keys).toBe(b.match === undefined);
  });
});
