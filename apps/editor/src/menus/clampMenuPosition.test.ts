import { describe, expect, it } from 'vitest';
import { MENU, clampMenuPosition, placeSubmenu } from './clampMenuPosition';

describe('clampMenuPosition', () => {
  it('keeps a menu that fits at the pointer', () => {
    expect(clampMenuPosition(100, 120, 1280, 800)).toEqual({ x: 100, y: 120 });
  });

  it('moves a menu near the right and bottom edges inside the window with a 10 px margin', () => {
    expect(clampMenuPosition(1270, 790, 1280, 800)).toEqual({ x: 1280 - 220 - 10, y: 800 - 300 - 10 });
  });

  it('keeps the 10 px margin at the top-left corner', () => {
    expect(clampMenuPosition(2, -5, 1280, 800)).toEqual({ x: MENU.margin, y: MENU.margin });
  });

  it('sticks to the top-left margin in a window smaller than the menu', () => {
    expect(clampMenuPosition(150, 150, 200, 250)).toEqual({ x: 10, y: 10 });
  });

  it('uses the measured size of a shorter menu, so it opens just above the pointer', () => {
    expect(clampMenuPosition(1000, 790, 1280, 800, { width: 220, height: 120 })).toEqual({ x: 1000, y: 800 - 120 - 10 });
    expect(clampMenuPosition(1000, 300, 1280, 800, { width: 220, height: 120 })).toEqual({ x: 1000, y: 300 });
  });

  it('never uses more than 220x300 for a measured menu', () => {
    expect(clampMenuPosition(1270, 790, 1280, 800, { width: 400, height: 900 })).toEqual({ x: 1050, y: 490 });
  });

  it('accepts a pointer exactly at the last position that fits', () => {
    expect(clampMenuPosition(1050, 490, 1280, 800)).toEqual({ x: 1050, y: 490 });
  });
});

describe('placeSubmenu', () => {
  const size = { width: 180, height: 80 };

  it('opens to the right of the parent menu when it fits', () => {
    expect(placeSubmenu({ left: 100, right: 320, top: 150 }, size, 1280, 800)).toEqual({ x: 320, y: 150 });
  });

  it('opens to the left of the parent menu at the right edge of the window', () => {
    expect(placeSubmenu({ left: 1050, right: 1270, top: 150 }, size, 1280, 800)).toEqual({ x: 1050 - 180, y: 150 });
  });

  it('stays inside the window at the bottom', () => {
    expect(placeSubmenu({ left: 100, right: 320, top: 780 }, size, 1280, 800)).toEqual({ x: 320, y: 800 - 80 - 10 });
  });
});
