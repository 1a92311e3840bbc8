import { flowMessages } from '../messages.js';
import type { FieldSpec } from '../model/fields.js';
import { isKnownModel } from '../model/models.js';
import { getAtSegments, pathSegments, toJsonPath } from '../model/paths.js';
import type { Finding, JsonObject } from '../model/types.js';
import type { FunctionDefinition } from './FunctionDefinition.js';
import { ruleFinding, type RuleCode } from '../model/ruleCodes.js';
import { plainSecretFindings } from './secretRules.js';
import { SECRET_FIELDS } from './registry.js';

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isOption(field: FieldSpec, value: unknown): boolean {
  return typeof value === 'string' && (field.options ?? []).some((option) => option.value === value);
}

// The fields' keys are the definitions' own: a small set, each split and converted once (every write
// of the provider runs these rules over every function).
const keyForms = new Map<string, { segments: readonly string[]; jsonPath: string }>();
function formsOf(key: string): { segments: readonly string[]; jsonPath: string } {
  let forms = keyForms.get(key);
  if (forms === undefined) {
    forms = { segments: pathSegments(key), jsonPath: toJsonPath(key) };
    keyForms.set(key, forms);
  }
  return forms;
}

function problem(message: string, path: string, code: RuleCode = 'not-an-option'): Finding {
  return ruleFinding(code, path, message);
}

/** Findings of one field's value; empty (missing or null) values take their default and pass. */
export function fieldFindings(field: FieldSpec, value: unknown, path: string): Finding[] {
  if (value === undefined || value === null) return [];
  switch (field.kind) {
    case 'slider': {
      const range = field.range;
      if (range === undefined) return [];
      const inRange = typeof value === 'number' && value >= range.min && value <= range.max;
      return inRange ? [] : [problem(flowMessages.outOfRange(field.label, range.min, range.max), path, 'out-of-range')];
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? []
        : [problem(flowMessages.notANumber(field.label), path, 'not-a-number')];
    case 'select':
      return isOption(field, value) ? [] : [problem(flowMessages.notAnOption(field.label, shown(value)), path)];
    case 'model':
      // A model we do not list may still exist at the provider: warn, do not fail. A value that
      // is not text is the metadata schema's finding (metadataSchemaFindings), not a second one.
      return typeof value !== 'string' || isKnownModel(value)
        ? []
        : [ruleFinding('unknown-model', path, flowMessages.notAnOption(field.label, value))];
    case 'multiSelect':
      if (!Array.isArray(value)) return [problem(flowMessages.notAnOption(field.label, shown(value)), path)];
      return value.flatMap((item, i) =>
        isOption(field, item) ? [] : [problem(flowMessages.notAnOption(field.label, shown(item)), `${path}[${i}]`)],
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
    const forms = formsOf(field.key);
    const value = getAtSegments(metadata, forms.segments);
    // An empty value passes (fieldFindings says so), and its path is not worth building.
    if (value !== undefined && value !== null) findings.push(...fieldFindings(field, value, `${path}.${forms.jsonPath}`));
  }
  return [...findings, ...plainSecretFindings(metadata, path, SECRET_FIELDS), ...(definition.validate?.(metadata, path) ?? [])];
}
