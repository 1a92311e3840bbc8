import { describe, expect, it } from 'vitest';
import { pieceEnd } from './textCuts.js';

describe('pieceEnd', () => {
  it('moves a cut off the middle of a character outside the BMP, never to the piece start', () => {
    expect(pieceEnd('a😀b', 0, 2)).toBe(1);
    expect(pieceEnd('a😀b', 0, 3)).toBe(3);
    expect(pieceEnd('a😀b', 0, 1)).toBe(1);
    expect(pieceEnd('😀b', 0, 1)).toBe(1);
    expect(pieceEnd('a😀', 0, 3)).toBe(3);
  });
});
