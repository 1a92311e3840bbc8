import { isRecord } from '../model/paths.js';
import type { Finding } from '../model/types.js';

/** One step of a JSON path: an object key or an array index. */
export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const LAST_SEGMENT = /(?:\.[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/;

/** The path text of one step: `.name`, `[3]` or `["odd key"]`. */
export function pathSegment(segment: PathSegment): string {
  if (typeof segment === 'number') return `[${segment}]`;
  return IDENTIFIER.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
}

/** A JSON path such as `$.nodes[3].data.name` from its steps. */
export function jsonPath(segments: readonly PathSegment[]): string {
  let path = '$';
  for (const segment of segments) path += pathSegment(segment);
  return path;
}

/** The steps of a JSON Pointer (`/nodes/3/data` -> `['nodes', 3, 'data']`), as ajv reports them. */
export function pointerSegments(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw): PathSegment => {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : key;
    });
}

/** The JSON path of a JSON Pointer (`/nodes/3/data` -> `$.nodes[3].data`), as ajv reports them. */
export function pointerToJsonPath(pointer: string): string {
  return jsonPath(pointerSegments(pointer));
}

/** The path one step up (`$.nodes[3].data` -> `$.nodes[3]`); undefined for `$` or a foreign path. */
export function parentJsonPath(path: string): string | undefined {
  const match = LAST_SEGMENT.exec(path);
  return match && path !== '$' ? path.slice(0, match.index) : undefined;
}

/** The steps of a path written by `jsonPath`; undefined when the text is not such a path. */
export function parseJsonPath(path: string): PathSegment[] | undefined {
  const segments: PathSegment[] = [];
  let rest = path;
  while (rest !== '$') {
    const match = LAST_SEGMENT.exec(rest);
    if (!match) return undefined;
    const text = match[0];
    if (text.startsWith('.')) segments.push(text.slice(1));
    else if (text.startsWith('["')) segments.push(parseKey(text.slice(1, -1)));
    else segments.push(Number(text.slice(1, -1)));
    rest = rest.slice(0, match.index);
  }
  return segments.reverse();
}

function parseKey(quoted: string): string {
  try {
    const key: unknown = JSON.parse(quoted);
    return typeof key === 'string' ? key : quoted;
  } catch {
    return quoted;
  }
}

/** Where each step of a path falls in a document: key order for objects, index for arrays. */
function documentRank(root: unknown, path: string): number[] {
  const rank: number[] = [];
  let value: unknown = root;
  for (const segment of parseJsonPath(path) ?? [Number.MAX_SAFE_INTEGER]) {
    if (typeof segment === 'number' && Array.isArray(value)) {
      rank.push(segment);
      value = value[segment];
    } else if (typeof segment === 'string' && isRecord(value)) {
      const index = Object.keys(value).indexOf(segment);
      rank.push(index < 0 ? Number.MAX_SAFE_INTEGER : index);
      value = index < 0 ? undefined : value[segment];
    } else {
      rank.push(Number.MAX_SAFE_INTEGER);
      value = undefined;
    }
  }
  return rank;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Findings in the order their paths occur in the document (stable for equal paths). */
export function sortFindingsByPath(findings: readonly Finding[], root: unknown): Finding[] {
  const ranked = findings.map((finding) => ({ finding, rank: documentRank(root, finding.path) }));
  ranked.sort((a, b) => compareRanks(a.rank, b.rank));
  return ranked.map((r) => r.finding);
}
