import { isRecord } from '@flow/core';

/** The value at a path of object keys and array indexes, or undefined. */
export function at(value: unknown, ...path: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof key === 'number') current = Array.isArray(current) ? current[key] : undefined;
    else current = isRecord(current) ? Object.getOwnPropertyDescriptor(current, key)?.value : undefined;
  }
  return current;
}

/** The array at a path, or an empty one. */
export function list(value: unknown, ...path: readonly (string | number)[]): unknown[] {
  const found = at(value, ...path);
  return Array.isArray(found) ? found : [];
}
