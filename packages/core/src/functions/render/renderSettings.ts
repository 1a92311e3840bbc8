import type { JsonObject, JsonValue } from '../../model/types.js';
import { HIDDEN, isSecretName, isSecretValue } from '../../model/secretNames.js';
import { inline } from './quote.js';

/**
 * Settings as `- path: value` lines, keys sorted, nested objects and arrays flattened into
 * dotted paths; empty values are left out and secrets show as `(hidden)`.
 */
export function renderSettings(settings: JsonObject, indent: string, skip: ReadonlySet<string> = new Set()): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(settings).sort()) {
    if (skip.has(key)) continue;
    flatten(segment(key), key, settings[key], indent, lines);
  }
  return lines;
}

function flatten(path: string, key: string, value: JsonValue | undefined, indent: string, out: string[]): void {
  if (value === undefined || value === null || value === '') return;
  if (isSecretName(key) || (typeof value === 'string' && isSecretValue(value))) {
    out.push(`${indent}- ${path}: ${HIDDEN}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(`${path}[${i}]`, key, item, indent, out));
  } else if (typeof value === 'object') {
    for (const k of Object.keys(value).sort()) flatten(`${path}.${segment(k)}`, k, value[k], indent, out);
  } else {
    out.push(`${indent}- ${path}: ${typeof value === 'string' ? inline(value) : String(value)}`);
  }
}

// A key as a path segment: plain names as they are, anything else quoted so it stays on one line.
function segment(key: string): string {
  return /^[A-Za-z0-9_$-]+$/.test(key) ? key : inline(key);
}
