// A long text written to PostgreSQL in pieces. postgres.js encodes each parameter of a statement in
// one synchronous step: a 23 MB flow held every other request of the server for 50 to 100 ms.
import type { PendingQuery, Row, TransactionSql } from 'postgres';

/** Characters of one piece: encoding it takes about a millisecond, and the requests waiting go between two pieces. */
export const PIECE_CHARS = 1 << 20;

/** The pieces of `text`, in order, each at most `size` characters, none splitting a surrogate pair. */
export function textPieces(text: string, size: number = PIECE_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    // A piece ending on a high surrogate would send half a character (U+FFFD in the database).
    const last = text.charCodeAt(end - 1);
    if (end < text.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** What a statement takes where it stores a text (`${value}`): the text itself, or the subquery that joins its pieces. */
export interface TextValue {
  // In an object: an async function returning the subquery itself would run it (a query is a thenable).
  value: string | PendingQuery<Row[]>;
}

/**
 * `text` as a statement of `tx` takes it: itself when it fits one piece, else the subquery joining its
 * pieces, inserted one statement each into a temporary table that the transaction's end drops. Once per transaction.
 */
export async function longText(tx: TransactionSql, text: string): Promise<TextValue> {
  if (text.length <= PIECE_CHARS) return { value: text };
  await tx`create temporary table long_text_pieces (n integer primary key, piece text not null) on commit drop`;
  for (const [n, piece] of textPieces(text).entries()) await tx`insert into long_text_pieces (n, piece) values (${n}, ${piece})`;
  return { value: tx`(select string_agg(piece, '' order by n) from long_text_pieces)` };
}
