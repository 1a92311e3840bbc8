import { MAX_JSON_DEPTH, RESERVED_KEYS, jsonPath, type PathSegment } from '@flow/core';
import { HttpError, badRequest } from './HttpError.js';

// The limits are core's, so validate, flowctl and every route refuse the same texts.
export { MAX_JSON_DEPTH };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const BRACE = 0x7b;
const BRACKET = 0x5b;
const CLOSING_BRACE = 0x7d;
const CLOSING_BRACKET = 0x5d;
const UNDERSCORE = 0x5f;
const LETTER_C = 0x63;
const LETTER_P = 0x70;
const SHORTEST_RESERVED = '__proto__'.length;
// The longest spelling of a reserved word as a JSON string: every character as a \uXXXX escape.
const LONGEST_RESERVED = 6 * 'constructor'.length;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The index of the quote that closes the string opened at `start`, or -1 when it is not closed. */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/**
 * A cheap first look at the string literal `text[start..end]`: could it spell a reserved word? Its
 * length must fit, and it must start with the word's first letter or with an escape.
 */
function mightBeReserved(text: string, start: number, end: number): boolean {
  const length = end - start - 1;
  if (length < SHORTEST_RESERVED || length > LONGEST_RESERVED) return false;
  const first = text.charCodeAt(start + 1);
  return first === UNDERSCORE || first === LETTER_C || first === LETTER_P || first === BACKSLASH;
}

/** The key spelt by the string literal `text[start..end]`, when it is a reserved word. */
function reservedKey(text: string, start: number, end: number): string | undefined {
  const raw = text.slice(start + 1, end);
  if (!raw.includes('\\')) return RESERVED_KEYS.has(raw) ? raw : undefined;
  try {
    const key: unknown = JSON.parse(text.slice(start, end + 1));
    return typeof key === 'string' && RESERVED_KEYS.has(key) ? key : undefined;
  } catch {
    return undefined; // a malformed escape: JSON.parse of the whole body reports it
  }
}

/**
 * Checks the text of a JSON body before it is parsed, in one pass and without recursion (so any
 * depth is refused without exhausting the stack): 400 JSON_TOO_DEEP past 64 levels of nesting,
 * 400 FORBIDDEN_KEY for `__proto__`, `constructor` or `prototype` as an object key (even escaped).
 * Malformed text is left for JSON.parse to report.
 */
export function checkJsonText(text: string): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end === -1) return;
      if (mightBeReserved(text, i, end)) {
        let next = end + 1;
        while (isSpace(text.charCodeAt(next))) next += 1;
        const key = text.charCodeAt(next) === COLON ? reservedKey(text, i, end) : undefined;
        if (key !== undefined) {
          throw badRequest(`Request body has the key "${key}": __proto__, constructor and prototype are refused as keys`, 'FORBIDDEN_KEY');
        }
      }
      i = end;
    } else if (c === BRACE || c === BRACKET) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) throw new HttpError(400, 'JSON_TOO_DEEP', `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    } else if (c === CLOSING_BRACE || c === CLOSING_BRACKET) {
      depth -= 1;
    }
  }
}

const LETTER_D = 0x64;
const CAPITAL_D = 0x44;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when the text has a `\u0000` or `\uD800`-`\uDFFF` escape (or literal text that looks like
 * one): only these put a NUL or a surrogate into parsed text, since raw control characters are
 * invalid JSON and UTF-8 decoding turns stray surrogate bytes into U+FFFD.
 */
function hasNulOrSurrogateEscape(text: string): boolean {
  // indexOf is an order of magnitude faster than a regular expression over megabytes of flow.
  for (let i = text.indexOf('\\u'); i !== -1; i = text.indexOf('\\u', i + 2)) {
    const first = text.charCodeAt(i + 2);
    const second = text.charCodeAt(i + 3) | 0x20; // lower case for letters
    if ((first === LETTER_D || first === CAPITAL_D) && (second === 0x38 || second === 0x39 || (second >= 0x61 && second <= 0x66)))
      return true;
    if (text.startsWith('0000', i + 2)) return true;
  }
  return false;
}

/** What makes a text unfit to keep: PostgreSQL refuses NUL, and a lone surrogate is not a character. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'an unpaired surrogate';
  return undefined;
}

/** A step of the path to a value, kept as a chain so that paths are only built for a refusal. */
interface Step {
  parent: Step | null;
  segment: PathSegment;
}

function pathOf(step: Step | null): string {
  const segments: PathSegment[] = [];
  for (let s = step; s !== null; s = s.parent) segments.push(s.segment);
  return jsonPath(segments.reverse());
}

/** 400 INVALID_TEXT naming where the text is. */
export function invalidText(where: string, problem: string): HttpError {
  return badRequest(`${where} contains ${problem}`, 'INVALID_TEXT');
}

/**
 * Checks every string of a parsed JSON body, keys included, without recursion: 400 INVALID_TEXT
 * naming the JSON path of the first one with a NUL character or an unpaired surrogate. `text` is
 * the body it was parsed from: without such an escape in it there is nothing to walk.
 */
export function checkJsonStrings(text: string, value: unknown): void {
  if (!hasNulOrSurrogateEscape(text)) return;
  const pending: { value: unknown; at: Step | null }[] = [{ value, at: null }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem !== undefined) throw invalidText(`Text at ${pathOf(item.at)}`, problem);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], at: { parent: item.at, segment: i } });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const problem = textProblem(key);
        if (problem !== undefined) throw invalidText(`A key at ${pathOf(item.at)}`, problem);
      }
      for (const [key, child] of entries.reverse()) pending.push({ value: child, at: { parent: item.at, segment: key } });
    }
  }
}
