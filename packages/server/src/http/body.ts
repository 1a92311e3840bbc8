import type { IncomingMessage } from 'node:http';
import { MAX_FLOW_BYTES } from '@flow/core';
import { HttpError, badRequest } from './HttpError.js';
import { textProblem } from '@flow/core';
import { checkJsonStrings, checkJsonText, invalidText } from './jsonSafety.js';

/** Limits of request bodies: whole flows may be large (20,000 nodes, the budget's size, are about 23 MB), everything else is small. */
export const BODY_LIMITS = { flow: MAX_FLOW_BYTES, default: 1024 * 1024 } as const;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`, {
    headers: { Connection: 'close' },
  });
}

/** Refuses bodies that are not declared as JSON: also keeps plain cross-site form posts out. */
export function requireJsonType(req: IncomingMessage): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request body must be JSON (Content-Type: application/json)');
  }
}

/**
 * Reads the whole body into bytes of its own (so they can be handed to a worker thread), refusing
 * more than `limit` bytes (413) as soon as the declared length or the bytes received pass it.
 */
export async function readBytes(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  // Copied into place as each chunk comes (the declared length allocated once), so no long task copies a large body at its end.
  let bytes = new Uint8Array(Number.isSafeInteger(declared) && declared > 0 ? declared : 0);
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (size + buffer.length > limit) {
      req.resume();
      throw tooLarge(limit);
    }
    if (size + buffer.length > bytes.length) bytes = grown(bytes, size, size + buffer.length);
    bytes.set(buffer, size);
    size += buffer.length;
  }
  // Bytes of their own (never a view of Node's shared pool), so that they can be handed to a worker.
  return size === bytes.length ? bytes : bytes.slice(0, size);
}

/** `bytes`' first `size` bytes in a buffer at least twice as large and holding `needed` (a body sent without its length). */
function grown(bytes: Uint8Array, size: number, needed: number): Uint8Array<ArrayBuffer> {
  const next = new Uint8Array(Math.max(needed, bytes.length * 2));
  next.set(bytes.subarray(0, size));
  return next;
}

/** The UTF-8 text of some bytes, as Node decodes a body. */
export const textOfBytes = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/**
 * Reads the whole body as UTF-8 text, refusing more than `limit` bytes (413) as soon as the
 * declared length or the bytes received pass it.
 */
export async function readText(req: IncomingMessage, limit: number): Promise<string> {
  return textOfBytes(await readBytes(req, limit));
}

/**
 * Parses the text of a JSON body: 400 when empty or malformed, nested deeper than 64 levels, using
 * `__proto__`, `constructor` or `prototype` as a key, or holding a NUL character or an unpaired
 * surrogate in any string (INVALID_TEXT, before any store sees it).
 */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw badRequest('Request body is empty: a JSON value is required', 'INVALID_JSON');
  checkJsonText(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? error.message : 'malformed';
    throw badRequest(`Request body is not valid JSON: ${detail}`, 'INVALID_JSON');
  }
  checkJsonStrings(text, value);
  return value;
}

/**
 * Reads and parses a JSON body: 415 when not declared JSON, 413 when too large, then as
 * `parseJsonText` checks it.
 */
export async function readJson(req: IncomingMessage, limit: number = BODY_LIMITS.default): Promise<unknown> {
  requireJsonType(req);
  return parseJsonText(await readText(req, limit));
}

/** The limit of a form body (the sign-in form: a token and a path). */
export const FORM_LIMIT = 16 * 1024;

/**
 * Reads an HTML form body: 415 when not `application/x-www-form-urlencoded`, 413 past `limit`, 400
 * INVALID_TEXT when a field holds a NUL character.
 */
export async function readForm(req: IncomingMessage, limit: number = FORM_LIMIT): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the form as application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(await readText(req, limit));
  for (const [name, value] of form) {
    const problem = textProblem(value) ?? textProblem(name);
    if (problem !== undefined) throw invalidText(`The form field ${JSON.stringify(name)}`, problem);
  }
  return form;
}
