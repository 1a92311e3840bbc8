/**
 * Where two versions of a list differ, as one run: `before[start, beforeEnd)` became
 * `after[start, afterEnd)`, and the items around it are the same objects. An edit replaces one
 * node, adding or deleting splices a few: a walk over both lists comparing references.
 */
export function changedRun<T>(before: readonly T[], after: readonly T[]): { start: number; beforeEnd: number; afterEnd: number } {
  const most = Math.min(before.length, after.length);
  let start = 0;
  while (start < most && before[start] === after[start]) start++;
  let beforeEnd = before.length;
  let afterEnd = after.length;
  while (beforeEnd > start && afterEnd > start && before[beforeEnd - 1] === after[afterEnd - 1]) {
    beforeEnd--;
    afterEnd--;
  }
  return { start, beforeEnd, afterEnd };
}
