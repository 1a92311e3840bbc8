import { flowMessages } from '../messages.js';
import { isFunctionType } from '../model/defaults.js';
import type { FieldSpec } from '../model/fields.js';
import { FUNCTION_FIELDS } from '../model/functionFields.js';
import { isKnownModel } from '../model/models.js';
import { getAtPath, toJsonPath } from '../model/paths.js';
import type { Finding, FunctionNodeData, JsonObject } from '../model/types.js';

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

function isOption(field: FieldSpec, value: unknown): boolean {
  return typeof value === 'string' && (field.options ?? []).some((option) => option.value === value);
}

/** Findings of one field's value; empty (missing or null) values take their default and pass. */
function fieldFindings(field: FieldSpec, value: unknown, path: string): Finding[] {
  if (value === undefined || value === null) return [];
  const error = (message: string, at = path): Finding => ({ path: at, severity: 'error', message });
  switch (field.kind) {
    case 'slider': {
      const range = field.range;
      if (range === undefined) return [];
      const inRange = typeof value === 'number' && value >= range.min && value <= range.max;
      return inRange ? [] : [error(flowMessages.outOfRange(field.label, range.min, range.max))];
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : [error(flowMessages.notANumber(field.label))];
    case 'select':
      return isOption(field, value) ? [] : [error(flowMessages.notAnOption(field.label, shown(value)))];
    case 'model':
      // A model we do not list may still exist at the provider: warn, do not fail.
      return typeof value === 'string' && isKnownModel(value)
        ? []
        : [{ path, severity: 'warning', message: flowMessages.notAnOption(field.label, shown(value)) }];
    case 'multiSelect':
      if (!Array.isArray(value)) return [error(flowMessages.notAnOption(field.label, shown(value)))];
      return value.flatMap((item, i) =>
        isOption(field, item) ? [] : [error(flowMessages.notAnOption(field.label, shown(item)), `${path}[${i}]`)],
      );
    default:
      return [];
  }
}

// `{token}` or `{{token}}`: a template filled at run time, not a secret.
const PLACEHOLDER = /^\{\{?[^{}]+\}?\}$/;

function isPlainCredential(headerValue: string): boolean {
  const credential = headerValue.trim().replace(/^(bearer|basic|token)\s*/i, '');
  return credential !== '' && !PLACEHOLDER.test(credential);
}

function secretFindings(metadata: JsonObject, path: string): Finding[] {
  const warn = (at: string): Finding => ({ path: at, severity: 'warning', message: flowMessages.plainSecret });
  const findings: Finding[] = [];
  const apiKey = metadata['api_key'];
  const key = typeof apiKey === 'string' ? apiKey : getAtPath(apiKey, 'key');
  if (typeof key === 'string' && key !== '') findings.push(warn(`${path}.metadata.api_key`));
  const calls = metadata['apicalls'];
  if (!Array.isArray(calls)) return findings;
  calls.forEach((call, i) => {
    const headers = getAtPath(call, 'headers');
    if (!Array.isArray(headers)) return;
    headers.forEach((header: unknown, j) => {
      const name = getAtPath(header, 'name');
      const value = getAtPath(header, 'value');
      if (typeof name !== 'string' || name.trim().toLowerCase() !== 'authorization') return;
      if (typeof value === 'string' && isPlainCredential(value)) {
        findings.push(warn(`${path}.metadata.apicalls[${i}].headers[${j}].value`));
      }
    });
  });
  return findings;
}

/**
 * Findings of one function's data against the model of its type: slider ranges, select options
 * (unknown models only warn), unknown type, secrets in plain text. `path` is the JSON path of
 * the data, e.g. `$.nodes[2].data`.
 */
export function functionDataFindings(data: FunctionNodeData, path: string): Finding[] {
  if (!isFunctionType(data.type)) {
    const message = flowMessages.unknownFunctionType(data.type);
    const unknown: Finding = { path: `${path}.type`, severity: 'warning', message };
    return [unknown, ...secretFindings(data.metadata, path)];
  }
  const fieldResults = FUNCTION_FIELDS[data.type].flatMap((field) =>
    fieldFindings(field, getAtPath(data.metadata, field.key), `${path}.metadata.${toJsonPath(field.key)}`),
  );
  return [...fieldResults, ...secretFindings(data.metadata, path)];
}
