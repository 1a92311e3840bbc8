import { HttpError } from './http/HttpError.js';

/** Plan ids, version names, workflow ids and session ids: what may become a file name. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** True when a value is a safe id. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** Returns the id, or throws 400 INVALID_ID naming the field (the value is not echoed). */
export function requireId(value: unknown, field: string): string {
  if (isId(value)) return value;
  throw new HttpError(400, 'INVALID_ID', `Invalid ${field}: use 1 to 64 letters, digits, '-' or '_', starting with a letter or digit`);
}
