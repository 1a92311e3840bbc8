import { isRecord } from '../model/paths.js';

/** One changed field: where (a dotted path) and its values before and after. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

type Value = unknown;

/** Deep equality of JSON values; object key order does not matter. */
export function sameValue(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!sameValue(a[key], b[key])) return false;
    return true;
  }
  return false;
}

const fieldName = (base: string, key: string): string =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? (base ? `${base}.${key}` : key) : `${base}[${JSON.stringify(key)}]`;

/**
 * The leaf fields that differ between two JSON values, in key order of the union. Arrays of the
 * same length are compared item by item; arrays of different lengths count as one change.
 */
export function valueChanges(before: Value, after: Value, base = ''): FieldChange[] {
  if (sameValue(before, after)) return [];
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => valueChanges(before[key], after[key], fieldName(base, key)));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((item, i) => valueChanges(item, after[i], `${base}[${i}]`));
  }
  return [{ field: base || '$', ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) }];
}

export type LineChange = { op: '-' | '+' | ' '; line: string };

const MAX_LINE_DIFF = 4_000_000;

/** A line diff (longest common subsequence); very long texts fall back to all-removed, all-added. */
export function lineDiff(before: string, after: string): LineChange[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  if (a.length * b.length > MAX_LINE_DIFF) {
    return [...a.map((line) => ({ op: '-' as const, line })), ...b.map((line) => ({ op: '+' as const, line }))];
  }
  const rows = a.length + 1;
  const cols = b.length + 1;
  const lcs = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * cols + j] =
        a[i] === b[j] ? (lcs[(i + 1) * cols + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * cols + j] ?? 0, lcs[i * cols + j + 1] ?? 0);
    }
  }
  const out: LineChange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ op: ' ', line: a[i] ?? '' });
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || (lcs[(i + 1) * cols + j] ?? 0) >= (lcs[i * cols + j + 1] ?? 0))) {
      out.push({ op: '-', line: a[i] ?? '' });
      i++;
    } else {
      out.push({ op: '+', line: b[j] ?? '' });
      j++;
    }
  }
  return out;
}
