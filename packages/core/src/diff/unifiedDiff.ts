import type { LineChange } from './valueDiff.js';

/**
 * A line diff as unified-diff hunks (`@@ -a,n +b,m @@`, then ` `/`-`/`+` lines) with `context`
 * unchanged lines around each change; no lines when nothing changed.
 */
export function unifiedDiff(changes: readonly LineChange[], context = 3): string[] {
  const changed = changes.flatMap((change, i) => (change.op === ' ' ? [] : [i]));
  if (changed.length === 0) return [];
  // Line numbers before and after at each entry, counted once.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const change of changes) {
    oldAt.push(oldLine);
    newAt.push(newLine);
    if (change.op !== '+') oldLine++;
    if (change.op !== '-') newLine++;
  }
  const out: string[] = [];
  let k = 0;
  while (k < changed.length) {
    const first = changed[k] ?? 0;
    let last = first;
    while (k + 1 < changed.length && (changed[k + 1] ?? 0) - last <= 2 * context) last = changed[++k] ?? last;
    k++;
    const start = Math.max(0, first - context);
    const end = Math.min(changes.length, last + context + 1);
    const slice = changes.slice(start, end);
    const oldCount = slice.filter((c) => c.op !== '+').length;
    const newCount = slice.filter((c) => c.op !== '-').length;
    // As diff(1) writes it: an empty side names the line before it.
    const oldStart = oldCount === 0 ? (oldAt[start] ?? 1) - 1 : (oldAt[start] ?? 1);
    const newStart = newCount === 0 ? (newAt[start] ?? 1) - 1 : (newAt[start] ?? 1);
    out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, ...slice.map((c) => `${c.op}${c.line}`));
  }
  return out;
}
