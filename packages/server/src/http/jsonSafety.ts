import { MAX_JSON_DEPTH, RESERVED_KEYS, flowMessages, textFindings } from '@flow/core';
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
const COMMA = 0x2c;
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

/**
 * Where the value of the member `name` of the object that a JSON text is lies in the text
 * (`text.slice(start, end)` is what JSON.parse reads for it). Undefined when the text is not an
 * object that has it, when a key of that object is written with an escape, or when `name` appears
 * twice (JSON.parse keeps the last one: this does not guess which). Text JSON.parse would refuse
 * gives any place or none.
 */
export function memberPlace(text: string, name: string): { start: number; end: number } | undefined {
  const key = JSON.stringify(name);
  let depth = 0;
  let start = -1;
  let found: { start: number; end: number } | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end === -1) return undefined;
      if (depth === 1) {
        let next = end + 1;
        while (isSpace(text.charCodeAt(next))) next += 1;
        if (text.charCodeAt(next) === COLON) {
          for (let j = i + 1; j < end; j++) if (text.charCodeAt(j) === BACKSLASH) return undefined;
          if (end - i + 1 === key.length && text.startsWith(key, i)) {
            if (found !== undefined || start !== -1) return undefined;
            start = next + 1;
            while (isSpace(text.charCodeAt(start))) start += 1;
          }
        }
      }
      i = end;
    } else if (c === BRACE || c === BRACKET) {
      depth += 1;
    } else if (depth === 1 && start !== -1 && (c === COMMA || c === CLOSING_BRACE)) {
      let end = i;
      while (end > start && isSpace(text.charCodeAt(end - 1))) end -= 1;
      found = { start, end };
      start = -1;
      if (c === CLOSING_BRACE) depth -= 1;
    } else if (c === CLOSING_BRACE || c === CLOSING_BRACKET) {
      depth -= 1;
    }
  }
  let first = 0;
  while (isSpace(text.charCodeAt(first))) first += 1;
  return text.charCodeAt(first) === BRACE ? found : undefined;
}

/** 400 INVALID_TEXT naming where the text is. */
export function invalidText(where: string, problem: string): HttpError {
  return badRequest(flowMessages.invalidText(where, problem), 'INVALID_TEXT');
}

/**
 * Checks every string of a parsed JSON body, keys included (core's textFindings): 400 INVALID_TEXT
 * naming the JSON path of the first one with a NUL character or an unpaired surrogate. `text` is
 * the body it was parsed from: without such an escape in it there is nothing to walk.
 */
export function checkJsonStrings(text: string, value: unknown): void {
  const [first] = textFindings(value, text);
  if (first !== undefined) throw badRequest(first.message, 'INVALID_TEXT');
}
