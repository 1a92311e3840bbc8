import { describe, expect, it } from 'vitest';
import { PIECE_CHARS, textPieces } from './textPieces';

describe('textPieces', () => {
  it('cuts a text after the first line break past each piece size, and the pieces join into the text', () => {
    const text = 'ab\ncd\nef\ngh';
    expect(textPieces(text, 4)).toEqual([
      { text: 'ab\ncd\n', lines: 2 },
      { text: 'ef\ngh', lines: 2 },
    ]);
  });

  it('keeps a short text whole, and gives nothing for an empty one', () => {
    expect(textPieces('one line')).toEqual([{ text: 'one line', lines: 1 }]);
    expect(textPieces('')).toEqual([]);
  });

  it('cuts a line longer than four pieces inside it', () => {
    const pieces = textPieces('x'.repeat(10), 2);
    expect(pieces.map((p) => p.text)).toEqual(['xxxxxxxx', 'xx']);
  });

  it('does not cut an emoji in two', () => {
    const text = 'xxxxxxx\u{1F310}yy';
    expect(textPieces(text, 2).map((p) => p.text)).toEqual(['xxxxxxx', '\u{1F310}yy']);
  });

  it('gives a long preview in pieces of about PIECE_CHARS characters', () => {
    const line = `${'word '.repeat(15)}\n`;
    const text = line.repeat(20_000);
    const pieces = textPieces(text);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.text.endsWith('\n')).toBe(true);
      expect(piece.text.length).toBeGreaterThanOrEqual(PIECE_CHARS);
      expect(piece.text.length).toBeLessThan(PIECE_CHARS + line.length);
    }
    expect(pieces.reduce((sum, p) => sum + p.lines, 0)).toBe(20_000);
  });
});
