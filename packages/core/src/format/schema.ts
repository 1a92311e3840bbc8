import type { ErrorObject } from 'ajv';
import { fieldFindings } from '../functions/fieldRules.js';
import { functionDefinition } from '../functions/registry.js';
import { flowMessages } from '../messages.js';
import { getAtPath, pathSegments } from '../model/paths.js';
import type { Finding } from '../model/types.js';
import { FLOW_FORMAT, flowSchema, type FlowDocument, type FunctionNodeData } from './flowSchema.js';
import { validateFlowDocument, validateTypedFunctionData } from './flowValidator.gen.js';
import { isRecord } from '../model/paths.js';
import { ruleFinding } from '../model/ruleCodes.js';
import { pathSegment, pointerSegments, pointerToJsonPath, sortFindingsByPath } from './jsonPath.js';

/** The JSON Schema of format `flow/1`: the single description of the format (format/flowSchema.ts). */
export { flowSchema };

/** Readable words for the schema's patterns. */
const PATTERN_WORDS: Record<string, string> = {
  '^[0-9]+$': 'must be a chain number written with digits, such as "1"',
};

function words(values: unknown, separator = ', '): string {
  return Array.isArray(values) ? values.map(String).join(separator) : String(values).split(',').join(separator);
}

/** One ajv error as a finding: where (a JSON path, below `base`) and what, in words. */
function toFinding(error: ErrorObject, base = '$'): Finding {
  const at = base + pointerToJsonPath(error.instancePath).slice(1);
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
    case 'minimum':
      return finding(`must be at least ${String(p['limit'])}`);
    case 'maximum':
      return finding(`must be at most ${String(p['limit'])}`);
    case 'minProperties':
    case 'maxProperties': {
      const limit = Number(p['limit']);
      const most = error.keyword === 'maxProperties' ? 'most' : 'least';
      return finding(`must have at ${most} ${limit} ${limit === 1 ? 'property' : 'properties'}`);
    }
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

/** Whether a field rule (fieldRules.ts) finds an error at the metadata place an ajv error names. */
function wordedByFieldRule(data: FunctionNodeData, error: ErrorObject): boolean {
  const [metadata, ...inside] = pointerSegments(error.instancePath);
  const field = functionDefinition(data.type)?.fields.find((f) => {
    const segments = pathSegments(f.key);
    return segments.length <= inside.length && segments.every((segment, i) => segment === String(inside[i]));
  });
  if (metadata !== 'metadata' || field === undefined) return false;
  return fieldFindings(field, getAtPath(data.metadata, field.key), '$').some((f) => f.severity === 'error');
}

/**
 * What the schema finds in the metadata of a function of a known type (`if` its type is X `then`
 * X's metadata schema): an unknown key, a value of the wrong type, a list item without its fields.
 * A problem a field rule also finds (a slider out of range, not one of the options, not a number)
 * is left to that rule, which words it as the spec does: one finding per problem. `path` is the
 * JSON path of the data, e.g. `$.nodes[2].data`.
 */
export function metadataSchemaFindings(data: FunctionNodeData, path: string): Finding[] {
  if (validateTypedFunctionData(data)) return [];
  const findings: Finding[] = [];
  for (const error of validateTypedFunctionData.errors ?? []) {
    // `if` only says which `then` applied; the `then` reports its own errors.
    if (error.keyword === 'if' || wordedByFieldRule(data, error)) continue;
    const finding = toFinding(error, path);
    if (!findings.some((f) => f.path === finding.path && f.message === finding.message)) findings.push(finding);
  }
  return findings;
}
