import { flowMessages } from '../messages.js';
import { RESERVED_WORDS } from '../model/ids.js';
import type { Finding } from '../model/types.js';
import { ruleFinding } from '../rules/ruleCodes.js';
import { jsonPath, type PathSegment } from './jsonPath.js';

/** The deepest nesting of objects and arrays a flow (or any request body of the provider) may have. */
export const MAX_JSON_DEPTH = 64;

/** The most bytes a flow file or a flow sent to the provider may have (20,000 nodes, the budget's size, are about 23 MB). */
export const MAX_FLOW_BYTES = 32 * 1024 * 1024;

/** Keys that name the prototype machinery of JavaScript objects: refused anywhere in a flow or a request body. */
export const RESERVED_KEYS: ReadonlySet<string> = RESERVED_WORDS;

/** A container met by the walk: how deep it is and how it was reached (its path is built only for a finding). */
interface Visit {
  /** The container, or undefined for a scalar (visited only when its key is reserved). */
  value: object | undefined;
  depth: number;
  parent: Visit | undefined;
  segment: PathSegment | undefined;
}

function pathOf(visit: Visit): string {
  const segments: PathSegment[] = [];
  for (let at: Visit | undefined = visit; at?.segment !== undefined; at = at.parent) segments.push(at.segment);
  return jsonPath(segments.reverse());
}

/**
 * Findings of the limits every reader and writer of a flow applies to a parsed value: the first
 * container nested deeper than MAX_JSON_DEPTH, and each reserved key. Iterative, so no depth can
 * overflow the stack; anything it finds must stop the value before a recursive walk sees it.
 * @example limitFindings(JSON.parse(text))
 */
export function limitFindings(value: unknown): Finding[] {
  const findings: Finding[] = [];
  let tooDeep = false;
  const stack: Visit[] = typeof value === 'object' && value !== null ? [{ value, depth: 1, parent: undefined, segment: undefined }] : [];
  // Depth first, last child on the stack first: the walk (and its findings) go in document order.
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    if (typeof visit.segment === 'string' && RESERVED_KEYS.has(visit.segment)) {
      findings.push(ruleFinding('reserved-key', pathOf(visit), flowMessages.reservedKey(visit.segment)));
    }
    const item = visit.value;
    if (item === undefined) continue;
    if (visit.depth > MAX_JSON_DEPTH) {
      if (!tooDeep) findings.push(ruleFinding('too-deep', pathOf(visit), flowMessages.tooDeep(MAX_JSON_DEPTH)));
      tooDeep = true;
      continue;
    }
    // Keys and values as two arrays (same order): no pair is allocated per property of a large flow.
    const keys: readonly PathSegment[] = Array.isArray(item) ? [] : Object.keys(item);
    const children: readonly unknown[] = Array.isArray(item) ? item : Object.values(item);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      const segment = keys[i] ?? i;
      const container = typeof child === 'object' && child !== null ? child : undefined;
      if (container !== undefined || (typeof segment === 'string' && RESERVED_KEYS.has(segment))) {
        stack.push({ value: container, depth: visit.depth + 1, parent: visit, segment });
      }
    }
  }
  return findings;
}

/** The size finding of a flow's bytes, or undefined when they fit MAX_FLOW_BYTES. */
export function sizeFinding(bytes: number): Finding | undefined {
  if (bytes <= MAX_FLOW_BYTES) return undefined;
  return { ...ruleFinding('too-large', '$', flowMessages.tooLarge(bytes, MAX_FLOW_BYTES)), line: 1, column: 1 };
}
