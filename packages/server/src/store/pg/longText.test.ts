import { describe, expect, it } from 'vitest';
import { textPieces } from './longText.js';

describe('textPieces', () => {
  it('cuts a text into pieces of at most the size that join back to it', () => {
    expect(textPieces('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(textPieces('', 3)).toEqual([]);
  });

  it('never splits a surrogate pair: a piece that would end on half a character ends before it', () => {
    const text = 'ab😀cd😀😀';
    const pieces = textPieces(text, 3);
    expect(pieces).toEqual(['ab', '😀c', 'd😀', '😀']);
    expect(pieces.join('')).toBe(text);
  });
});
