import { isRecord } from '../../model/paths.js';
import type { JsonObject, JsonValue } from '../../model/types.js';

// Readers over metadata as stored: any field may be missing or of an unexpected kind.

/** The object at a key, or an empty object. */
export function objectAt(o: JsonObject | undefined, key: string): JsonObject {
  const v = o?.[key];
  return isRecord(v) ? v : {};
}

/** The array at a key, or an empty array. */
export function listAt(o: JsonObject | undefined, key: string): JsonValue[] {
  const v = o?.[key];
  return Array.isArray(v) ? v : [];
}

/** The objects of the array at a key; other items are skipped. */
export function objectsAt(o: JsonObject | undefined, key: string): JsonObject[] {
  return listAt(o, key).filter((v) => isRecord(v));
}

/** The text at a key: strings as they are, numbers and booleans as written, otherwise ''. */
export function textAt(o: JsonObject | undefined, key: string): string {
  const v = o?.[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** The number at a key (numeric strings included), or the fallback. */
export function numberAt(o: JsonObject | undefined, key: string, fallback: number): number {
  const v = o?.[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return fallback;
}

/** Whether the value at a key is `true` (or the text "true"). */
export function flagAt(o: JsonObject | undefined, key: string): boolean {
  const v = o?.[key];
  return v === true || v === 'true';
}
