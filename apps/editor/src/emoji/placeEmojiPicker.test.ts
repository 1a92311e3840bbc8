import { describe, expect, it } from 'vitest';
import { placeEmojiPicker } from './placeEmojiPicker';

const size = { width: 340, height: 440 };
const window = { width: 1440, height: 900 };

describe('placeEmojiPicker', () => {
  it('opens where it was asked when it fits', () => {
    expect(placeEmojiPicker({ x: 600, y: 200 }, size, window)).toEqual({ x: 600, y: 200 });
  });

  it('moves inside the window at the right and bottom edges, 10 px from them', () => {
    expect(placeEmojiPicker({ x: 1300, y: 700 }, size, window)).toEqual({ x: 1440 - 340 - 10, y: 900 - 440 - 10 });
  });

  it('keeps the margin at the top-left corner (a node partly above the window)', () => {
    expect(placeEmojiPicker({ x: -40, y: -120 }, size, window)).toEqual({ x: 10, y: 10 });
  });

  it('sticks to the top-left margin in a window smaller than the popup', () => {
    expect(placeEmojiPicker({ x: 100, y: 100 }, size, { width: 300, height: 400 })).toEqual({ x: 10, y: 10 });
  });

  it('accepts the last position that fits exactly', () => {
    expect(placeEmojiPicker({ x: 1090, y: 450 }, size, window)).toEqual({ x: 1090, y: 450 });
  });
});
