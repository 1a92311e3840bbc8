import type { Finding } from '../model/types.js';
import { parentJsonPath } from './jsonPath.js';
import { scanJson } from './jsonScan.js';

/** A 1-based place in source text. */
export interface JsonPosition {
  line: number;
  column: number;
}

/** The first syntax error of a JSON text, with where it is. */
export interface JsonSyntaxError extends JsonPosition {
  message: string;
}

/** Offsets where lines start, for turning offsets into lines and columns. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

function positionIn(starts: readonly number[], offset: number): JsonPosition {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
}

/** The 1-based line and column of an offset in text. */
export function positionAt(text: string, offset: number): JsonPosition {
  return positionIn(lineStarts(text), offset);
}

/** Where each value of a JSON text starts, by JSON path; as far as the text is well formed. */
export function jsonPositions(text: string): Map<string, JsonPosition> {
  const offsets = new Map<string, number>();
  scanJson(text, { offsets });
  const starts = lineStarts(text);
  const positions = new Map<string, JsonPosition>();
  for (const [path, offset] of offsets) positions.set(path, positionIn(starts, offset));
  return positions;
}

/** The first syntax error of a JSON text, or undefined when it is well formed. */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const error = scanJson(text);
  return error && { ...positionAt(text, error.offset), message: error.message };
}

/** Line and column of the nearest value each finding's path names; text scanned only if needed. */
export function withPositions(findings: readonly Finding[], text: string): Finding[] {
  if (findings.length === 0) return [];
  // Record only the values on the way to a finding: enough for its path and its ancestors.
  const within = new Set<string>();
  for (const finding of findings) {
    for (let path = parentJsonPath(finding.path); path !== undefined && !within.has(path); path = parentJsonPath(path)) within.add(path);
  }
  const offsets = new Map<string, number>();
  scanJson(text, { offsets, within });
  const starts = lineStarts(text);
  return findings.map((finding) => {
    if (finding.line !== undefined) return finding;
    for (let path: string | undefined = finding.path; path !== undefined; path = parentJsonPath(path)) {
      const offset = offsets.get(path);
      if (offset !== undefined) return { ...finding, ...positionIn(starts, offset) };
    }
    return finding;
  });
}
