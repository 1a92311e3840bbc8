import { pieceEnd } from '@flow/core';

/**
 * About how many characters a piece of a long preview holds: laid out in ~2 ms, and few enough
 * pieces (57 at 5,000 nodes) that the browser's check of which are in view (an intersection
 * observer, on every frame that moves anything, as a pan does) stays small: 8 KB pieces cost ~3 ms a frame.
 */
export const PIECE_CHARS = 32_768;

/** One piece of a text, ending at a line end, and how many lines it starts. */
export interface TextPiece {
  text: string;
  lines: number;
}

/**
 * A text cut into pieces of about `size` characters, each ending just after a line break (or
 * at the text's end, or at `size` * 4 characters in a line that long); joined they are the text.
 * @example textPieces('a\nb\nc', 2) // [{ text: 'a\n', lines: 1 }, { text: 'b\n', lines: 1 }, { text: 'c', lines: 1 }]
 */
export function textPieces(text: string, size = PIECE_CHARS): TextPiece[] {
  const pieces: TextPiece[] = [];
  let start = 0;
  while (start < text.length) {
    const lineEnd = text.indexOf('\n', start + size - 1);
    // Not between the two halves of a character outside the BMP (an emoji): each piece draws its own.
    const end = pieceEnd(text, start, Math.min(lineEnd < 0 ? text.length : lineEnd + 1, start + size * 4));
    const piece = text.slice(start, end);
    pieces.push({ text: piece, lines: lineCount(piece) });
    start += piece.length;
  }
  return pieces;
}

function lineCount(piece: string): number {
  let lines = 1;
  for (let at = piece.indexOf('\n'); at >= 0 && at < piece.length - 1; at = piece.indexOf('\n', at + 1)) lines++;
  return lines;
}
