import { errorMessage } from '../model/errorMessage.js';
/** What `extractJsonObject` found: the parsed object, or why there is none. */
export type ExtractedJson = { ok: true; value: unknown } | { ok: false; reason: string };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const COMMA = 0x2c;
/** Whitespace then a `}` or `]`, at lastIndex. */
const CLOSER_AHEAD = /\s*[}\]]/y;
/** A reply with more opening braces than this is not searched further (each try scans to the end). */
const MAX_TRIES = 100;

/**
 * The end (exclusive) of the object that opens at `start`, matching braces outside JSON strings;
 * -1 when the text ends first.
 */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN) {
      depth += 1;
    } else if (code === CLOSE) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** `text` without the commas that come right before a `}` or `]` (outside strings): models write them. */
function withoutTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) {
        out += text.slice(i, i + 2);
        i += 1;
        continue;
      }
      if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === COMMA) {
      CLOSER_AHEAD.lastIndex = i + 1;
      if (CLOSER_AHEAD.test(text)) continue;
    }
    out += text.charAt(i);
  }
  return out;
}

/** The object `candidate` (a balanced `{…}`) holds, or the parse error. */
function parseObject(candidate: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(candidate) };
  } catch {
    // Most often a trailing comma: try again without.
  }
  try {
    return { ok: true, value: JSON.parse(withoutTrailingCommas(candidate)) };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

type Search = { found: true; value: unknown } | { found: false; problem: string | undefined };

/** The first balanced object in `text` that parses, else what was wrong with the first candidate. */
function firstObject(text: string): Search {
  let problem: string | undefined;
  let tries = 0;
  for (let start = text.indexOf('{'); start !== -1 && tries < MAX_TRIES; start = text.indexOf('{', start + 1)) {
    tries += 1;
    const end = objectEnd(text, start);
    if (end === -1) {
      problem ??= 'the JSON object in the reply is not closed';
      continue;
    }
    const parsed = parseObject(text.slice(start, end));
    if (parsed.ok) return { found: true, value: parsed.value };
    problem ??= `the JSON object in the reply does not parse: ${parsed.error}`;
  }
  return { found: false, problem };
}

/**
 * The JSON object of a model's reply: plain JSON, in a ``` fence (with or without `json`), or with
 * prose around it. A fenced object wins; otherwise the first balanced object that parses. Braces
 * and quotes inside strings are skipped, and trailing commas forgiven.
 * @example extractJsonObject('Here it is:\n```json\n{"nodes": [],}\n```') // { ok: true, value: { nodes: [] } }
 */
export function extractJsonObject(reply: string): ExtractedJson {
  let problem: string | undefined;
  for (const fence of reply.matchAll(/```([\s\S]*?)```/g)) {
    const search = firstObject(fence[1] ?? '');
    if (search.found) return { ok: true, value: search.value };
    problem ??= search.problem;
  }
  const search = firstObject(reply);
  if (search.found) return { ok: true, value: search.value };
  return { ok: false, reason: problem ?? search.problem ?? 'no JSON object in the reply' };
}
