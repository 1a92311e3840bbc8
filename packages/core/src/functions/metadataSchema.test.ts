import { describe, expect, it } from 'vitest';
import { getAtPath, pathSegments } from '../model/paths.js';
import { HTTP_METHODS, SLIDER_RANGES } from '../model/options.js';
import { customGpt } from './customGpt.js';
import { httpCalls } from './httpCalls.js';
import { metadataSchema, SECRET_SCHEMA } from './metadataSchema.js';
import { FUNCTION_DEFINITIONS } from './registry.js';
import { seeWebsite } from './seeWebsite.js';

/** The schema of the value at a metadata path (`apicalls.0.method`): through `properties`, and `items` for an index. */
function schemaAt(schema: unknown, key: string): unknown {
  return pathSegments(key).reduce<unknown>(
    (part, segment) => getAtPath(part, /^\d+$/.test(segment) ? 'items' : `properties.${segment}`),
    schema,
  );
}

describe('metadataSchema', () => {
  it('has a schema for every field of every definition, and no key beyond its defaults and fields', () => {
    for (const definition of FUNCTION_DEFINITIONS) {
      const schema = metadataSchema(definition);
      for (const field of definition.fields) expect(schemaAt(schema, field.key), `${definition.type} ${field.key}`).toBeDefined();
      const keys = new Set([...Object.keys(definition.defaults), ...definition.fields.map((f) => pathSegments(f.key)[0])]);
      expect(Object.keys(getAtPath(schema, 'properties') ?? {}).sort()).toEqual([...keys].sort());
      expect(getAtPath(schema, 'additionalProperties')).toBe(false);
    }
  });

  it('takes options, slider ranges and list items from the fields, and null for a default', () => {
    const http = metadataSchema(httpCalls);
    expect(schemaAt(http, 'apicalls.0.method')).toEqual({ title: 'Method', enum: [...HTTP_METHODS, null] });
    expect(schemaAt(http, 'apicalls.0.bearer_token')).toBe(SECRET_SCHEMA);
    expect(schemaAt(http, 'apicalls.0.headers.0.value')).toBe(SECRET_SCHEMA);
    expect(schemaAt(http, 'apicalls.0.params.0')).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, value: { type: 'string' } },
      required: ['name', 'value'],
      additionalProperties: false,
    });
    const gpt = metadataSchema(customGpt);
    const { min, max } = SLIDER_RANGES.maxTokens;
    expect(schemaAt(gpt, 'max_tokens')).toEqual({ title: 'Max Tokens', type: ['number', 'null'], minimum: min, maximum: max });
    expect(schemaAt(gpt, 'api_key')).toBe(SECRET_SCHEMA);
    // A key of the defaults that no field shows (the palette's `url`) is still part of the metadata.
    expect(schemaAt(metadataSchema(seeWebsite), 'url')).toEqual({ type: ['string', 'null'] });
  });
});
