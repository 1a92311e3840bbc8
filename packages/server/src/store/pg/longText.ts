// A long text written to PostgreSQL in pieces. postgres.js encodes each parameter of a statement in
// one synchronous step: a 23 MB flow held every other request of the server for 50 to 100 ms.
import { pieceEnd } from '@flow/core';
import type { PendingQuery, Row, TransactionSql } from 'postgres';
import { textOfBytes } from '../../http/body.js';

/** Characters of one piece: encoding it takes about a millisecond, and the requests waiting go between two pieces. */
export const PIECE_CHARS = 1 << 20;

/** The pieces of `text`, in order, each at most `size` characters, none splitting a surrogate pair. */
export function textPieces(text: string, size: number = PIECE_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    // A piece ending on a high surrogate would send half a character (U+FFFD in the database).
    const end = pieceEnd(text, start, Math.min(start + size, text.length));
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** Bytes of one piece of UTF-8 bytes (each decoded on its own as it is sent: a large text is never one string). */
export const PIECE_BYTES = PIECE_CHARS;

/**
 * The pieces of the UTF-8 `bytes`, decoded, in order, each from at most `size` bytes, none splitting a
 * character; each is decoded only when it is asked for (decoding 23 MB at once held the server for 70 ms).
 */
export function* bytePieces(bytes: Uint8Array, size: number = PIECE_BYTES): Generator<string, void, undefined> {
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + size, bytes.length);
    // A continuation byte (10xxxxxx) starts no character: the piece ends before the character it belongs to.
    while (end < bytes.length && end - start > 1 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
    yield textOfBytes(bytes.subarray(start, end));
    start = end;
  }
}

/** What a statement takes where it stores a text (`${value}`): the text itself, or the subquery that joins its pieces. */
export interface TextValue {
  // In an object: an async function returning the subquery itself would run it (a query is a thenable).
  value: string | PendingQuery<Row[]>;
}

/**
 * `text` (a string, or its UTF-8 bytes) as a statement of `tx` takes it: itself when it fits one piece, else
 * the subquery joining its pieces, inserted one statement each into a temporary table that the
 * transaction's end drops. Once per transaction.
 */
export async function longText(tx: TransactionSql, text: string | Uint8Array): Promise<TextValue> {
  if (text.length <= PIECE_CHARS) return { value: typeof text === 'string' ? text : textOfBytes(text) };
  await tx`create temporary table long_text_pieces (n integer primary key, piece text not null) on commit drop`;
  let n = 0;
  for (const piece of typeof text === 'string' ? textPieces(text) : bytePieces(text))
    await tx`insert into long_text_pieces (n, piece) values (${n++}, ${piece})`;
  return { value: tx`(select string_agg(piece, '' order by n) from long_text_pieces)` };
}
