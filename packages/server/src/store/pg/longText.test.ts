import { describe, expect, it } from 'vitest';
import { bytePieces, textPieces } from './longText.js';

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

describe('bytePieces', () => {
  const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

  it('cuts UTF-8 bytes into decoded pieces of at most the size that join back to the text', () => {
    expect([...bytePieces(bytesOf('abcdefg'), 3)]).toEqual(['abc', 'def', 'g']);
    expect([...bytePieces(new Uint8Array(), 3)]).toEqual([]);
  });

  it('never splits a character: a piece that would end inside one ends before it', () => {
    const text = 'aé😀b€';
    const pieces = [...bytePieces(bytesOf(text), 4)];
    expect(pieces).toEqual(['aé', '😀', 'b€']);
    expect(pieces.join('')).toBe(text);
  });

  it('decodes a piece only when it is asked for, so a large text is never decoded in one step', () => {
    const bytes = bytesOf('abcdef');
    const pieces = bytePieces(bytes, 3);
    expect(pieces.next()).toEqual({ value: 'abc', done: false });
    // Bytes changed after the first piece was taken show in the next one: it was not decoded yet.
    bytes.set(bytesOf('xyz'), 3);
    expect([...pieces]).toEqual(['xyz']);
  });
});
