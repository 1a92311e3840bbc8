import type { JsonObject, JsonValue } from '../model/types.js';
import { inline } from './quote.js';

const SECRET_KEY = /api[_-]?key|token|secret|passw(or)?d|bearer|authori[sz]ation|credential|cookie/i;
const SECRET_VALUE = /^\s*bearer\s/i;

/** Whether a field or header name holds a secret, whose value must never be rendered. */
export function isSecretName(name: string): boolean {
  return SECRET_KEY.test(name);
}

/** Whether a value reads as a secret by itself (a bearer credential). */
export function isSecretValue(value: string): boolean {
  return SECRET_VALUE.test(value);
}

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
    out.push(`${indent}- ${path}: (hidden)`);
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

/** A copy of a JSON value with the values of secret-named fields replaced by "(hidden)". */
export function redactSecrets(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value === 'string') return isSecretValue(value) ? '(hidden)' : value;
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretName(k) ? '(hidden)' : redactSecrets(v);
  return out;
}
