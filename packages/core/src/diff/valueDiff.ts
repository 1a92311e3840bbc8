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

/** Most work (lines times edits) a line diff does before it says "all removed, all added". */
const MAX_LINE_DIFF = 4_000_000;

/**
 * A minimal line diff (Myers' O((N+M)D) algorithm, removals before additions in a replaced run);
 * when the texts differ in so many places that the work would pass MAX_LINE_DIFF, all removed, all added.
 */
export function lineDiff(before: string, after: string): LineChange[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  // The common head and tail cost nothing to match; the edit search runs on the middle only.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const same = (lines: readonly string[]): LineChange[] => lines.map((line) => ({ op: ' ', line }));
  const middle = editScript(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...same(a.slice(0, head)), ...middle, ...same(a.slice(a.length - tail))];
}

function editScript(a: readonly string[], b: readonly string[]): LineChange[] {
  const n = a.length;
  const m = b.length;
  const allChanged = (): LineChange[] => [
    ...a.map((line) => ({ op: '-' as const, line })),
    ...b.map((line) => ({ op: '+' as const, line })),
  ];
  if (n === 0 || m === 0) return allChanged();
  const limit = Math.min(n + m, Math.floor(MAX_LINE_DIFF / (n + m)), Math.floor(Math.sqrt(MAX_LINE_DIFF)));
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  // trace[d][k + d + 1]: the furthest x on diagonal k after d edits.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d - 1, offset + d + 2));
        return backtrack(a, b, trace);
      }
    }
    trace.push(v.slice(offset - d - 1, offset + d + 2));
  }
  return allChanged();
}

function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[]): LineChange[] {
  const out: LineChange[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const previous = trace[d - 1] ?? new Int32Array(0);
    const at = (k: number): number => previous[k + d] ?? 0;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    for (; x > prevX && y > prevY; y--) out.push({ op: ' ', line: a[--x] ?? '' });
    if (x === prevX) out.push({ op: '+', line: b[--y] ?? '' });
    else out.push({ op: '-', line: a[--x] ?? '' });
  }
  for (; x > 0 && y > 0; y--) out.push({ op: ' ', line: a[--x] ?? '' });
  return out.reverse();
}
