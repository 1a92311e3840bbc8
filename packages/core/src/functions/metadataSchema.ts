import type { FieldSpec } from '../model/fields.js';
import { isJsonObject, pathSegments } from '../model/paths.js';
import type { JsonObject, JsonValue } from '../model/types.js';
import type { FunctionDefinition } from './FunctionDefinition.js';

/**
 * A secret field's value: in plain text (a string or `{ key }`, which the plain-secret rule flags),
 * a reference `{ env: NAME }` resolved at publish, or null for none (secretSlots reads all four).
 */
export const SECRET_SCHEMA: JsonObject = {
  type: ['object', 'string', 'null'],
  properties: { env: { type: 'string' }, key: { type: 'string' } },
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
};

const optionValues = (field: FieldSpec): string[] => (field.options ?? []).map((option) => option.value);

/** The schema of one field's value, by its kind: what the Properties panel can write there. */
function fieldSchema(field: FieldSpec): JsonObject {
  if (field.kind === 'secret') return SECRET_SCHEMA;
  const prose: JsonObject = { title: field.label, ...(field.help === undefined ? {} : { description: field.help }) };
  switch (field.kind) {
    case 'select':
      return { ...prose, enum: optionValues(field) };
    case 'model':
      // A model Flow does not list may still exist at the provider (a warning), so the list only suggests.
      return { ...prose, type: 'string', examples: optionValues(field) };
    case 'multiSelect':
      return { ...prose, type: 'array', items: { enum: optionValues(field) } };
    case 'slider':
      return { ...prose, type: 'number', ...(field.range ? { minimum: field.range.min, maximum: field.range.max } : {}) };
    case 'number':
      return { ...prose, type: 'number' };
    case 'toggle':
      return { ...prose, type: 'boolean' };
    case 'textList':
      return { ...prose, type: 'array', items: { type: 'string' } };
    case 'keyValueList': {
      const [first, second] = field.itemFields ?? ['name', 'value'];
      const value = field.secretValues === true ? SECRET_SCHEMA : { type: 'string' };
      const item = {
        type: 'object',
        properties: { [first]: { type: 'string' }, [second]: value },
        required: [first, second],
        additionalProperties: false,
      };
      return { ...prose, type: 'array', items: item };
    }
    case 'json':
      return prose;
    default:
      return { ...prose, type: 'string' };
  }
}

/** `schema` that also accepts null: an empty value, which takes the default (mergeDefaults, fieldFindings). */
function orNull(schema: JsonObject): JsonObject {
  const { type, enum: values } = schema;
  if (Array.isArray(values)) return values.includes(null) ? schema : { ...schema, enum: [...values, null] };
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type) && !type.includes('null')) return { ...schema, type: [...type, 'null'] };
  return schema;
}

/** The keys directly under `prefix` that some field names, in the fields' order. */
function fieldKeysUnder(fields: readonly FieldSpec[], prefix: readonly string[]): string[] {
  const keys: string[] = [];
  for (const field of fields) {
    const segments = pathSegments(field.key);
    const next = segments[prefix.length];
    if (next !== undefined && prefix.every((segment, i) => segments[i] === segment) && !keys.includes(next)) keys.push(next);
  }
  return keys;
}

/** The schema of the value at `path`: its field's when it has one, else the shape of its default. */
function valueSchema(value: JsonValue | undefined, path: readonly string[], fields: readonly FieldSpec[]): JsonObject {
  const key = path.join('.');
  const field = fields.find((f) => f.key === key);
  if (field !== undefined) return fieldSchema(field);
  if (Array.isArray(value)) return { type: 'array', items: valueSchema(value[0], [...path, '0'], fields) };
  if (value === undefined || isJsonObject(value)) return objectSchema(value ?? {}, path, fields);
  return { type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string' };
}

/** A closed object: the keys of its default and of the fields under it, each of which may be null. */
function objectSchema(value: JsonObject, path: readonly string[], fields: readonly FieldSpec[]): JsonObject {
  const properties: JsonObject = {};
  for (const key of new Set([...Object.keys(value), ...fieldKeysUnder(fields, path)])) {
    properties[key] = orNull(valueSchema(value[key], [...path, key], fields));
  }
  return { type: 'object', properties, additionalProperties: false };
}

/**
 * The JSON Schema of a function type's metadata, written from its definition: the keys of its
 * default metadata and its fields, each field's value by its kind (options as `enum`, a slider's
 * range as `minimum`/`maximum`, key-value lists as closed items), no other key. Every key may be
 * missing or null: it then takes its default.
 * @example metadataSchema(httpCalls).properties.apicalls.items.properties.method // { title: 'Method', enum: ['GET', …, null] }
 */
export function metadataSchema(definition: FunctionDefinition): JsonObject {
  return {
    description: `Metadata of ${definition.type} (${definition.name}). A missing or null key takes its default.`,
    ...objectSchema(definition.defaults, [], definition.fields),
  };
}
