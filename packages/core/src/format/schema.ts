import type { ErrorObject } from 'ajv';
import { flowMessages } from '../messages.js';
import type { Finding } from '../model/types.js';
import { FLOW_FORMAT, flowSchema, type FlowDocument } from './flowSchema.js';
import { validateFlowDocument } from './flowValidator.gen.js';
import { isRecord } from '../model/paths.js';
import { ruleFinding } from '../model/ruleCodes.js';
import { pathSegment, pointerToJsonPath, sortFindingsByPath } from './jsonPath.js';

/** The JSON Schema of format `flow/1`: the single description of the format (format/flowSchema.ts). */
export { flowSchema };

/** Readable words for the schema's patterns. */
const PATTERN_WORDS: Record<string, string> = {
  '^[0-9]+$': 'must be a chain number written with digits, such as "1"',
};

function words(values: unknown, separator = ', '): string {
  return Array.isArray(values) ? values.map(String).join(separator) : String(values).split(',').join(separator);
}

/** One ajv error as a finding: where (a JSON path) and what, in words. */
function toFinding(error: ErrorObject): Finding {
  const at = pointerToJsonPath(error.instancePath);
  const finding = (message: string, path = at): Finding => ruleFinding('schema', path, message);
  const p: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'required':
      return finding(`must have required property ${JSON.stringify(p['missingProperty'])}`);
    case 'additionalProperties': {
      const name = String(p['additionalProperty']);
      return finding(`property ${JSON.stringify(name)} is not allowed`, at + pathSegment(name));
    }
    case 'enum':
      return finding(`must be one of ${words(p['allowedValues'])}`);
    case 'const':
      return finding(`must be ${JSON.stringify(p['allowedValue'])}`);
    case 'type':
      return finding(`must be ${words(p['type'], ' or ')}`);
    case 'pattern': {
      const pattern = String(p['pattern']);
      return finding(PATTERN_WORDS[pattern] ?? `must match the pattern ${pattern}`);
    }
    case 'minLength':
      return finding(p['limit'] === 1 ? 'must not be empty' : `must have at least ${String(p['limit'])} characters`);
    case 'exclusiveMinimum':
      return finding(`must be greater than ${String(p['limit'])}`);
    default:
      return finding(error.message ?? 'is not valid');
  }
}

/** The outcome of checking a value against the schema. */
export type ShapeResult = { ok: true; doc: FlowDocument; findings: Finding[] } | { ok: false; doc?: undefined; findings: Finding[] };

/**
 * Checks a parsed value against the flow schema. A document of another format gets one finding
 * (its other fields would only be noise); otherwise every schema violation, one finding each.
 */
export function checkFlowShape(value: unknown): ShapeResult {
  if (isRecord(value) && 'format' in value && value['format'] !== FLOW_FORMAT) {
    const found = value['format'];
    const message = flowMessages.wrongFormat(typeof found === 'string' ? found : JSON.stringify(found));
    return { ok: false, findings: [ruleFinding('wrong-format', '$.format', message)] };
  }
  if (validateFlowDocument(value)) return { ok: true, doc: value, findings: [] };
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const error of validateFlowDocument.errors ?? []) {
    // A node's `type` picks the schema of its data; a missing or unknown one has its own error (required, enum).
    if (error.keyword === 'discriminator') continue;
    const finding = toFinding(error);
    const key = `${finding.path}\n${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return { ok: false, findings: sortFindingsByPath(findings, value) };
}
