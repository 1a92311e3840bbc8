import { isJsonObject, isJsonValue, isRecord } from '@flow/core';

export { isJsonObject, isJsonValue, isRecord };

/** An object whose values are all text (variables, answers). */
export function isStringMap(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** Absent, or a string. */
export function isOptionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}
