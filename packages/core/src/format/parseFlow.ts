import { errorMessage } from '../model/errorMessage.js';
import { flowMessages } from '../messages.js';
import type { Finding } from '../model/types.js';
import type { FlowDocument } from './types.js';
import { ruleFinding } from '../model/ruleCodes.js';
import { jsonSyntaxError, positionAt, withPositions } from './jsonPositions.js';
import { scanJson, type DuplicateKey } from './jsonScan.js';
import { limitFindings, sizeFinding, textFindings } from './limits.js';
import { checkFlowShape } from './schema.js';

/** A parsed flow file: the document when its text is well formed and of the right shape. */
export type ParseResult = { ok: true; doc: FlowDocument; findings: Finding[] } | { ok: false; doc?: undefined; findings: Finding[] };

const BOM = 0xfeff;

/**
 * The text of a flow file's bytes, which must be UTF-8 and at most MAX_FLOW_BYTES; a BOM is kept so
 * that the rules can warn about it. Otherwise the finding: too large, or the line and column of the
 * first byte that is not UTF-8.
 * @example decodeFlowBytes(await readFile(path))
 */
export function decodeFlowBytes(bytes: Uint8Array): { ok: true; text: string } | { ok: false; finding: Finding } {
  const tooLarge = sizeFinding(bytes.length);
  if (tooLarge) return { ok: false, finding: tooLarge };
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    return { ok: true, text: strict.decode(bytes) };
  } catch {
    // The longest prefix that is UTF-8 so far (a sequence cut at its end does not count against it).
    let good = 0;
    let bad = bytes.length;
    while (bad - good > 1) {
      const mid = (good + bad) >> 1;
      try {
        new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, mid), { stream: true });
        good = mid;
      } catch {
        bad = mid;
      }
    }
    const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, good), { stream: true });
    return { ok: false, finding: { ...ruleFinding('not-utf8', '$', flowMessages.notUtf8), ...positionAt(before, before.length) } };
  }
}

/** Each repeated key, at the line and column of that (second) key, with the path of its value. */
function duplicateKeyFindings(text: string, duplicates: readonly DuplicateKey[]): Finding[] {
  const offsets = new Map<string, number>();
  scanJson(text, { offsets });
  const pathAt = new Map<number, string>();
  for (const [path, offset] of offsets) pathAt.set(offset, path);
  return duplicates.map((d) => ({
    ...ruleFinding('duplicate-key', pathAt.get(d.valueOffset) ?? '$', flowMessages.duplicateKey(d.key)),
    ...positionAt(text, d.keyOffset),
  }));
}

// A key is the only string that a colon may follow; a quote inside a string is always escaped.
const KEY_END = /"[ \t\n\r]*:/g;

/** How many keys the text writes: quotes followed by a colon, unless the quote is escaped. */
function keysInText(text: string): number {
  let count = 0;
  for (const match of text.matchAll(KEY_END)) {
    let backslashes = 0;
    for (let i = match.index - 1; text.charCodeAt(i) === 0x5c; i -= 1) backslashes += 1;
    if (backslashes % 2 === 0) count += 1;
  }
  return count;
}

/** How many properties a parsed value holds, at any depth (without recursion). */
function keysInValue(value: unknown): number {
  let count = 0;
  const stack: object[] = typeof value === 'object' && value !== null ? [value] : [];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const children: unknown[] = Array.isArray(item) ? item : Object.values(item);
    if (!Array.isArray(item)) count += children.length;
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return count;
}

/**
 * The value of a JSON text and the findings about the text itself (a BOM, repeated keys), or the
 * finding that says where and why it is not JSON.
 */
export function parseJsonText(text: string): { ok: true; value: unknown; findings: Finding[] } | { ok: false; finding: Finding } {
  const hasBom = text.charCodeAt(0) === BOM;
  let value: unknown;
  try {
    value = JSON.parse(hasBom ? text.slice(1) : text);
  } catch (error) {
    const found = jsonSyntaxError(text);
    const detail = found?.message ?? errorMessage(error);
    const finding: Finding = {
      ...ruleFinding('invalid-json', '$', flowMessages.invalidJson(detail)),
      line: found?.line ?? 1,
      column: found?.column ?? 1,
    };
    return { ok: false, finding };
  }
  const findings: Finding[] = hasBom ? [{ ...ruleFinding('bom', '$', flowMessages.byteOrderMark), line: 1, column: 1 }] : [];
  // JSON.parse keeps one property per repeated key: fewer properties than keys written means a
  // repeat, and only then is the text scanned to say where (a full scan on every file costs too much).
  if (keysInText(text) !== keysInValue(value)) {
    const duplicates: DuplicateKey[] = [];
    scanJson(text, undefined, { duplicates });
    findings.push(...duplicateKeyFindings(text, duplicates));
  }
  return { ok: true, value, findings };
}

/**
 * Parses the text of a flow file and checks it against the limits and the schema. Never throws:
 * malformed JSON, repeated keys, nesting past MAX_JSON_DEPTH, a reserved key, another format or a
 * schema violation come back as findings with line and column; a BOM is only a warning.
 * @example parseFlow(await readFile(path, 'utf8'))
 */
export function parseFlow(text: string): ParseResult {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, findings: [parsed.finding] };
  // Past the limits, nothing else looks at the value: the walks that follow may recurse.
  const limits = [...limitFindings(parsed.value), ...textFindings(parsed.value, text)];
  if (limits.length > 0) return { ok: false, findings: [...parsed.findings, ...withPositions(limits, text)] };
  const shape = checkFlowShape(parsed.value);
  const findings = [...parsed.findings, ...withPositions(shape.findings, text)];
  if (shape.ok && findings.every((f) => f.severity !== 'error')) return { ok: true, doc: shape.doc, findings };
  return { ok: false, findings };
}
