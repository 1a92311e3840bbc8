import { flowMessages } from '../messages.js';
import type { FieldSpec } from '../model/fields.js';
import { isKnownModel } from '../model/models.js';
import { getAtPath, toJsonPath } from '../model/paths.js';
import type { Finding, JsonObject } from '../model/types.js';
import type { FunctionDefinition } from './FunctionDefinition.js';
import { ruleFinding, type RuleCode } from '../rules/ruleCodes.js';

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isOption(field: FieldSpec, value: unknown): boolean {
  return typeof value === 'string' && (field.options ?? []).some((option) => option.value === value);
}

// The fields' keys are the definitions' own: a small set, each converted once.
const jsonPaths = new Map<string, string>();
function jsonPathOf(key: string): string {
  let path = jsonPaths.get(key);
  if (path === undefined) {
    path = toJsonPath(key);
    jsonPaths.set(key, path);
  }
  return path;
}

/** Findings of one field's value; empty (missing or null) values take their default and pass. */
export function fieldFindings(field: FieldSpec, value: unknown, path: string): Finding[] {
  if (value === undefined || value === null) return [];
  const error = (message: string, at = path, code: RuleCode = 'not-an-option'): Finding => ruleFinding(code, at, message);
  switch (field.kind) {
    case 'slider': {
      const range = field.range;
      if (range === undefined) return [];
      const inRange = typeof value === 'number' && value >= range.min && value <= range.max;
      return inRange ? [] : [error(flowMessages.outOfRange(field.label, range.min, range.max), path, 'out-of-range')];
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : [error(flowMessages.notANumber(field.label), path, 'not-a-number')];
    case 'select':
      return isOption(field, value) ? [] : [error(flowMessages.notAnOption(field.label, shown(value)))];
    case 'model':
      // A model we do not list may still exist at the provider: warn, do not fail.
      return typeof value === 'string' && isKnownModel(value)
        ? []
        : [ruleFinding('unknown-model', path, flowMessages.notAnOption(field.label, shown(value)))];
    case 'multiSelect':
      if (!Array.isArray(value)) return [error(flowMessages.notAnOption(field.label, shown(value)))];
      return value.flatMap((item, i) =>
        isOption(field, item) ? [] : [error(flowMessages.notAnOption(field.label, shown(item)), `${path}[${i}]`)],
      );
    default:
      return [];
  }
}

/**
 * Findings of metadata against its type's definition: each field's own check (slider ranges,
 * options, numbers; unknown models only warn), then the type's own rules (secrets in plain text).
 * `path` is the JSON path of the metadata, e.g. `$.nodes[2].data.metadata`.
 */
export function metadataFindings(definition: FunctionDefinition, metadata: JsonObject, path: string): Finding[] {
  const findings: Finding[] = [];
  for (const field of definition.fields) {
    const value = getAtPath(metadata, field.key);
    // An empty value passes (fieldFindings says so), and its path is not worth building: every write of the provider runs this.
    if (value !== undefined && value !== null) findings.push(...fieldFindings(field, value, `${path}.${jsonPathOf(field.key)}`));
  }
  return [...findings, ...(definition.validate?.(metadata, path) ?? [])];
}
