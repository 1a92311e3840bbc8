import { describe, expect, it } from 'vitest';
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
});
