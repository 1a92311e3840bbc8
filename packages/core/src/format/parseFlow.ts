import { flowMessages } from '../messages.js';
import type { FlowDocument, Finding } from '../model/types.js';
import { jsonSyntaxError, withPositions } from './jsonPositions.js';
import { checkFlowShape } from './schema.js';

/** A parsed flow file: the document when its text is well formed and of the right shape. */
export type ParseResult = { ok: true; doc: FlowDocument; findings: Finding[] } | { ok: false; doc?: undefined; findings: Finding[] };

/** The value of a JSON text, or the finding that says where and why it is not JSON. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; finding: Finding } {
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return { ok: true, value };
  } catch (error) {
    const found = jsonSyntaxError(text);
    const detail = found?.message ?? (error instanceof Error ? error.message : String(error));
    const finding: Finding = { path: '$', severity: 'error', message: flowMessages.invalidJson(detail), line: found?.line ?? 1, column: found?.column ?? 1 };
    return { ok: false, finding };
  }
}

/**
 * Parses the text of a flow file and checks it against the schema. Never throws: malformed
 * JSON, another format or a schema violation come back as findings with line and column.
 * @example parseFlow(await readFile(path, 'utf8'))
 */
export function parseFlow(text: string): ParseResult {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, findings: [parsed.finding] };
  const shape = checkFlowShape(parsed.value);
  if (shape.ok) return shape;
  return { ok: false, findings: withPositions(shape.findings, text) };
}
