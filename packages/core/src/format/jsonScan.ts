import { pathSegment } from './jsonPath.js';

/** Where a JSON text stops being JSON (an offset into the text) and why. */
export interface JsonScanError {
  offset: number;
  message: string;
}

const END_OF_FILE = 'unexpected end of file';
// eslint-disable-next-line no-control-regex -- JSON strings may not hold raw control characters
const PLAIN_STRING = /"[^"\\\u0000-\u001f]*"/y;
// eslint-disable-next-line no-control-regex -- JSON strings may not hold raw control characters
const STRING = /"[^"\\\u0000-\u001f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\u0000-\u001f]*)*"/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
/** What a number or an escape cut short by the end of the text looks like. */
const NUMBER_PREFIX = /^-?(?:0|[1-9][0-9]*)?(?:\.[0-9]*)?(?:[eE][+-]?[0-9]*)?$/;
const ESCAPE_PREFIX = /^\\(?:u[0-9a-fA-F]{0,3})?$/;
const LITERALS = ['true', 'false', 'null'] as const;

// What the scanner expects next.
const VALUE = 0;
const FIRST_ITEM = 1;
const FIRST_KEY = 2;
const KEY = 3;
const AFTER = 4;

class ScanStop {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

/** Why the string starting at `start` is not a JSON string (called only once a fast match failed). */
function stringError(text: string, start: number): ScanStop {
  const n = text.length;
  for (let i = start + 1; i < n;) {
    const code = text.charCodeAt(i);
    if (code === 0x22) break;
    if (code < 0x20) return new ScanStop(i, 'unterminated string or control character in string');
    if (code !== 0x5c) {
      i += 1;
      continue;
    }
    ESCAPE.lastIndex = i;
    if (!ESCAPE.test(text)) {
      return ESCAPE_PREFIX.test(text.slice(i)) ? new ScanStop(n, 'unterminated string') : new ScanStop(i, 'invalid escape in string');
    }
    i = ESCAPE.lastIndex;
  }
  return new ScanStop(n, 'unterminated string');
}

/** The end of the string at `start`, and its value when `decode` is set. */
function readString(text: string, start: number, decode: boolean): { end: number; value: string } {
  PLAIN_STRING.lastIndex = start;
  if (PLAIN_STRING.test(text)) {
    const end = PLAIN_STRING.lastIndex;
    return { end, value: decode ? text.slice(start + 1, end - 1) : '' };
  }
  STRING.lastIndex = start;
  if (!STRING.test(text)) throw stringError(text, start);
  const end = STRING.lastIndex;
  return { end, value: decode ? String(JSON.parse(text.slice(start, end))) : '' };
}

/** The end of the string, number or literal at `start`. */
function scalarEnd(text: string, start: number, code: number): number {
  if (code === 0x22) return readString(text, start, false).end;
  if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
    NUMBER.lastIndex = start;
    const end = NUMBER.test(text) ? NUMBER.lastIndex : start;
    const next = text.charCodeAt(end);
    const goesOn = next === 0x2e || next === 0x65 || next === 0x45 || next === 0x2b || next === 0x2d || (next >= 0x30 && next <= 0x39);
    if (end > start && !goesOn) return end;
    throw NUMBER_PREFIX.test(text.slice(start)) ? new ScanStop(text.length, END_OF_FILE) : new ScanStop(start, 'invalid number');
  }
  for (const literal of LITERALS) {
    if (text.startsWith(literal, start)) return start + literal.length;
    if (code === literal.charCodeAt(0) && literal.startsWith(text.slice(start))) throw new ScanStop(text.length, END_OF_FILE);
  }
  throw new ScanStop(start, `unexpected character ${JSON.stringify(text[start])}`);
}

/** The first offset from `i` that is not JSON whitespace. */
function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return i;
    i += 1;
  }
}

/** A key that repeats one earlier in the same object: where the key and its value start. */
export interface DuplicateKey {
  key: string;
  keyOffset: number;
  valueOffset: number;
}

/** Which value starts to record while scanning. */
export interface ScanRecording {
  /** Path -> offset where its value starts. */
  offsets: Map<string, number>;
  /** Record only the children of these paths (and the root); all values when absent. */
  within?: ReadonlySet<string>;
}

/** What to look for besides syntax errors. */
export interface ScanOptions {
  /** Filled with every repeated key (the second and later ones). */
  duplicates?: DuplicateKey[];
}

/**
 * Scans a JSON text without recursion, so any depth is safe. When `recording` is given, records
 * where values start, by JSON path. Returns the first syntax error, if any.
 */
export function scanJson(text: string, recording?: ScanRecording, options: ScanOptions = {}): JsonScanError | undefined {
  const offsets = recording?.offsets;
  const duplicates = options.duplicates;
  // The keys seen so far in each open object (undefined for arrays); only when looking for duplicates.
  const keySets: (Set<string> | undefined)[] = [];
  const within = recording?.within;
  const n = text.length;
  const segments = new Map<string, string>();
  const kinds: boolean[] = []; // true: array
  // The path of each open container; '' for one whose children are not recorded.
  const paths: string[] = [];
  const indexes: number[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let path = '$';
  let state = VALUE;
  const pop = (): void => {
    kinds.pop();
    paths.pop();
    indexes.pop();
    if (duplicates) keySets.pop();
  };
  const expected = (message: string): ScanStop => (i >= n ? new ScanStop(n, END_OF_FILE) : new ScanStop(i, message));
  try {
    for (;;) {
      i = skipWhitespace(text, i);
      const c = text.charCodeAt(i);
      const depth = kinds.length;
      if (state === AFTER) {
        if (depth === 0) {
          if (i >= n) return undefined;
          throw new ScanStop(i, 'unexpected content after the JSON value');
        }
        const inArray = kinds[depth - 1] === true;
        if (c === 0x2c) {
          i += 1;
          if (inArray) {
            const index = (indexes[depth - 1] ?? 0) + 1;
            indexes[depth - 1] = index;
            const parent = paths[depth - 1] ?? '';
            path = parent === '' ? '' : `${parent}[${index}]`;
            state = VALUE;
          } else state = KEY;
        } else if (c === (inArray ? 0x5d : 0x7d)) {
          i += 1;
          pop();
        } else throw expected(`expected ',' or '${inArray ? ']' : '}'}'`);
      } else if (state === FIRST_KEY || state === KEY) {
        if (state === FIRST_KEY && c === 0x7d) {
          i += 1;
          pop();
          state = AFTER;
          continue;
        }
        if (c !== 0x22) throw expected('expected a property name in double quotes');
        const parent = paths[depth - 1] ?? '';
        const keyOffset = i;
        const { end, value: key } = readString(text, i, parent !== '' || duplicates !== undefined);
        i = skipWhitespace(text, end);
        if (text.charCodeAt(i) !== 0x3a) throw expected("expected ':' after property name");
        i += 1;
        const keys = duplicates && keySets[depth - 1];
        if (keys) {
          if (keys.has(key)) duplicates.push({ key, keyOffset, valueOffset: skipWhitespace(text, i) });
          else keys.add(key);
        }
        if (parent === '') path = '';
        else {
          let segment = segments.get(key);
          if (segment === undefined) {
            segment = pathSegment(key);
            segments.set(key, segment);
          }
          path = parent + segment;
        }
        state = VALUE;
      } else if (state === FIRST_ITEM && c === 0x5d) {
        i += 1;
        pop();
        state = AFTER;
      } else {
        if (i >= n) throw new ScanStop(n, END_OF_FILE);
        if (path !== '') offsets?.set(path, i);
        if (c === 0x7b || c === 0x5b) {
          const isArray = c === 0x5b;
          const tracked = offsets !== undefined && path !== '' && (within === undefined || within.has(path));
          kinds.push(isArray);
          paths.push(tracked ? path : '');
          indexes.push(0);
          if (duplicates) keySets.push(isArray ? undefined : new Set<string>());
          if (isArray) path = tracked ? `${path}[0]` : '';
          state = isArray ? FIRST_ITEM : FIRST_KEY;
          i += 1;
        } else {
          i = scalarEnd(text, i, c);
          state = AFTER;
        }
      }
    }
  } catch (error) {
    if (!(error instanceof ScanStop)) throw error;
    return { offset: error.offset, message: error.message };
  }
}
