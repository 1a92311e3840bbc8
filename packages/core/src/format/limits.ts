import { flowMessages } from '../messages.js';
import { RESERVED_WORDS } from '../model/ids.js';
import type { Finding } from '../model/types.js';
import { ruleFinding } from '../model/ruleCodes.js';
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

const BACKSLASH_U = '\\u';
const LETTER_D = 0x64;
const CAPITAL_D = 0x44;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What makes a text unfit to keep: PostgreSQL refuses NUL, and a lone surrogate is not a character. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'an unpaired surrogate';
  return undefined;
}

/**
 * True when JSON text has a `\u0000` or `\uD800`-`\uDFFF` escape (or literal text that looks like
 * one): only these put a NUL or a surrogate into parsed text, since raw control characters are
 * invalid JSON and UTF-8 decoding turns stray surrogate bytes into U+FFFD. So a text without one
 * needs no walk of its strings (which costs about as much as parsing it).
 */
function mayHoldBadText(jsonText: string): boolean {
  // indexOf is an order of magnitude faster than a regular expression over megabytes of flow.
  for (let i = jsonText.indexOf(BACKSLASH_U); i !== -1; i = jsonText.indexOf(BACKSLASH_U, i + 2)) {
    const first = jsonText.charCodeAt(i + 2);
    const second = jsonText.charCodeAt(i + 3) | 0x20; // lower case for letters
    if ((first === LETTER_D || first === CAPITAL_D) && (second === 0x38 || second === 0x39 || (second >= 0x61 && second <= 0x66)))
      return true;
    if (jsonText.startsWith('0000', i + 2)) return true;
  }
  return false;
}

/**
 * A finding for each string (and key) of a value parsed from `jsonText` that holds a NUL character
 * or an unpaired surrogate: `Text at $.nodes[1].data.name contains a NUL character`. Iterative; no
 * walk at all when the text has no escape that could make one.
 * @example textFindings(JSON.parse(body), body)
 */
export function textFindings(value: unknown, jsonText: string): Finding[] {
  if (!mayHoldBadText(jsonText)) return [];
  const findings: Finding[] = [];
  const pending: { value: unknown; visit: Visit }[] = [
    { value, visit: { value: undefined, depth: 0, parent: undefined, segment: undefined } },
  ];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem !== undefined)
        findings.push(ruleFinding('invalid-text', pathOf(item.visit), flowMessages.invalidText(`Text at ${pathOf(item.visit)}`, problem)));
    } else if (typeof current === 'object' && current !== null) {
      const keys: readonly PathSegment[] = Array.isArray(current) ? current.map((_, i) => i) : Object.keys(current);
      const children: readonly unknown[] = Array.isArray(current) ? current : Object.values(current);
      for (const key of keys) {
        const problem = typeof key === 'string' ? textProblem(key) : undefined;
        if (problem !== undefined)
          findings.push(
            ruleFinding('invalid-text', pathOf(item.visit), flowMessages.invalidText(`A key at ${pathOf(item.visit)}`, problem)),
          );
      }
      for (let i = children.length - 1; i >= 0; i--)
        pending.push({ value: children[i], visit: { value: undefined, depth: 0, parent: item.visit, segment: keys[i] ?? i } });
    }
  }
  return findings;
}

/** The size finding of a flow's bytes, or undefined when they fit MAX_FLOW_BYTES. */
export function sizeFinding(bytes: number): Finding | undefined {
  if (bytes <= MAX_FLOW_BYTES) return undefined;
  return { ...ruleFinding('too-large', '$', flowMessages.tooLarge(bytes, MAX_FLOW_BYTES)), line: 1, column: 1 };
}
