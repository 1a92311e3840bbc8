import { HttpError } from './http/HttpError.js';

/** Plan ids, version names, workflow ids and session ids: what may become a file name. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Words that name the prototype machinery of JavaScript objects: never an id, never a key. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** True when a value is a safe id. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && !RESERVED_WORDS.has(value);
}

function reserved(field: string): HttpError {
  return new HttpError(400, 'INVALID_ID', `Invalid ${field}: __proto__, constructor and prototype are reserved words`);
}

/** Returns the id, or throws 400 INVALID_ID naming the field (the value is not echoed). */
export function requireId(value: unknown, field: string): string {
  if (isId(value)) return value;
  if (typeof value === 'string' && RESERVED_WORDS.has(value)) throw reserved(field);
  throw new HttpError(400, 'INVALID_ID', `Invalid ${field}: use 1 to 64 letters, digits, '-' or '_', starting with a letter or digit`);
}

/** Throws 400 INVALID_ID when a value (a function uuid, say) is one of the reserved words. */
export function refuseReservedWord(value: unknown, field: string): void {
  if (typeof value === 'string' && RESERVED_WORDS.has(value)) throw reserved(field);
}
