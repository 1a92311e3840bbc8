/**
 * Where a piece of `text` that starts at `start` may end at `end` or before: one character back
 * when `end` falls between the two halves of a character outside the BMP (an emoji), never at
 * `start` itself. Pieces cut this way each hold whole characters (a half alone is U+FFFD when
 * encoded or drawn).
 * @example pieceEnd('a😀', 0, 2) // 1: not between the emoji's two halves
 */
export function pieceEnd(text: string, start: number, end: number): number {
  if (end >= text.length || end - start <= 1) return end;
  const last = text.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}
