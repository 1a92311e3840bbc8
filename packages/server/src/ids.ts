import { ID_RULE, RESERVED_WORDS, isId } from '@flow/core';
import { HttpError } from './http/HttpError.js';

// The id rule is the core's, so the editor checks a new plan id exactly as the provider does.
export { ID_PATTERN, RESERVED_WORDS, isId } from '@flow/core';

function reserved(field: string): HttpError {
  return new HttpError(400, 'INVALID_ID', `Invalid ${field}: __proto__, constructor and prototype are reserved words`);
}

/** Returns the id, or throws 400 INVALID_ID naming the field (the value is not echoed). */
export function requireId(value: unknown, field: string): string {
  if (isId(value)) return value;
  if (typeof value === 'string' && RESERVED_WORDS.has(value)) throw reserved(field);
  throw new HttpError(400, 'INVALID_ID', `Invalid ${field}: ${ID_RULE}`);
}

/** Throws 400 INVALID_ID when a value (a function uuid, say) is one of the reserved words. */
export function refuseReservedWord(value: unknown, field: string): void {
  if (typeof value === 'string' && RESERVED_WORDS.has(value)) throw reserved(field);
}
