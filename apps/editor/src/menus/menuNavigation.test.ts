import { describe, expect, it } from 'vitest';
import { nextMenuIndex } from './menuNavigation';

describe('nextMenuIndex', () => {
  it('moves down and wraps from the last item to the first', () => {
    expect(nextMenuIndex(0, 3, 'ArrowDown')).toBe(1);
    expect(nextMenuIndex(2, 3, 'ArrowDown')).toBe(0);
  });

  it('moves up and wraps from the first item to the last', () => {
    expect(nextMenuIndex(1, 3, 'ArrowUp')).toBe(0);
    expect(nextMenuIndex(0, 3, 'ArrowUp')).toBe(2);
  });

  it('starts at an end when no item has focus', () => {
    expect(nextMenuIndex(-1, 4, 'ArrowDown')).toBe(0);
    expect(nextMenuIndex(-1, 4, 'ArrowUp')).toBe(3);
  });

  it('jumps with Home and End', () => {
    expect(nextMenuIndex(2, 4, 'Home')).toBe(0);
    expect(nextMenuIndex(0, 4, 'End')).toBe(3);
  });

  it('ignores other keys and empty menus', () => {
    expect(nextMenuIndex(0, 3, 'Enter')).toBeNull();
    expect(nextMenuIndex(-1, 0, 'ArrowDown')).toBeNull();
  });
});
