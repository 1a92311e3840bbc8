// The texts generated from the flow format's definition (scripts/writeSchema.ts writes them; a
// test compares). Node-side only: the editor never imports this module, nor ajv.
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { metadataSchema, SECRET_SCHEMA } from '../functions/metadataSchema.js';
import { FUNCTION_DEFINITIONS } from '../functions/registry.js';
import { isRecord } from '../model/paths.js';
import { FLOW_SCHEMA_DEFINITIONS, FunctionNodeDataSchema, FunctionNodeSchema, flowSchema } from './flowSchema.js';

/** The options every flow validator is compiled with. */
export const FLOW_AJV_OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true, discriminator: true } as const;

// Each function type's metadata schema, written from its definition, under its name in `definitions`.
const metadataParts = FUNCTION_DEFINITIONS.map((definition) => ({
  type: definition.type,
  name: `${definition.type.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}Metadata`,
  schema: metadataSchema(definition),
}));

/** Function node data in a flow file: `if` its type is X `then` its metadata is X's; an unknown type keeps any (a warning). */
const typedFunctionData = {
  allOf: [
    FunctionNodeDataSchema,
    ...metadataParts.map(({ type, schema }) => ({
      if: { type: 'object', properties: { type: { const: type } }, required: ['type'] },
      then: { type: 'object', properties: { metadata: schema } },
    })),
  ],
};

/**
 * The parts of the schema file beyond the document's structure (flowSchema.ts): each function
 * type's metadata, and function nodes whose data uses it. They are added here, not in
 * flowSchema.ts: model/ reads its types and the definitions read model/, which would be a circle.
 */
const TYPED_DEFINITIONS: Record<string, unknown> = {
  ...FLOW_SCHEMA_DEFINITIONS,
  functionNode: { ...FunctionNodeSchema, properties: { ...FunctionNodeSchema.properties, data: typedFunctionData } },
  flowFunctionData: typedFunctionData,
  ...Object.fromEntries(metadataParts.map(({ name, schema }) => [name, schema])),
  secret: SECRET_SCHEMA,
};

/** The schema with `definitions` written once each, and a `$ref` wherever one is used. */
function schemaText(definitions: Record<string, unknown>): string {
  // By content: TypeBox copies a part it makes optional, so the same part may be another object.
  const names = new Map(Object.entries({ ...FLOW_SCHEMA_DEFINITIONS, ...definitions }).map(([name, part]) => [JSON.stringify(part), name]));
  names.set(JSON.stringify(FunctionNodeSchema), 'functionNode');
  const document = { ...flowSchema, definitions };
  const text = JSON.stringify(
    document,
    function (this: unknown, key: string, value: unknown) {
      if (!isRecord(value)) return value;
      const name = names.get(JSON.stringify(value));
      // The entry under `definitions` itself is written out; every other use refers to it.
      if (name === undefined || (this === definitions && key === name)) return value;
      return { $ref: `#/definitions/${name}` };
    },
    2,
  );
  return `${text}\n`;
}

/**
 * The schema as the text of schema/flow.schema.json: each named part written once under
 * `definitions`, and a `$ref` wherever it is used, so that the file reads like a hand-written one.
 */
export function flowSchemaText(): string {
  return schemaText(TYPED_DEFINITIONS);
}

// ajv's generated code counts string lengths with a CommonJS helper; this is the same count
// (code points, a surrogate pair as one) without a require() that a browser cannot load.
const UCS2LENGTH_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
const UCS2LENGTH = 'const ucs2length = (text) => [...text].length;';

/** A copy of a schema without its titles, descriptions and examples (annotations, not the properties so named). */
function withoutProse(schema: object): Record<string, unknown> {
  const copy: unknown = JSON.parse(
    JSON.stringify(schema, (key, value: unknown) =>
      ((key === 'description' || key === 'title') && typeof value === 'string') || (key === 'examples' && Array.isArray(value))
        ? undefined
        : value,
    ),
  );
  if (!isRecord(copy)) throw new Error('a schema is an object');
  return copy;
}

/** The ES module of the validators of a flow document and of function node data. */
export function flowValidatorText(): string {
  // Without messages (toFinding words each error from its keyword and params) and without the
  // schema's prose, the module the editor ships stays small.
  const ajv = new Ajv({ ...FLOW_AJV_OPTIONS, messages: false, code: { source: true, esm: true } });
  // From the written form, where each part is defined once: its code is generated once too.
  // A document's structure: the metadata of a known function type is checked by the rules
  // (metadataSchemaFindings), so a flow with one bad value is still a flow to open, format and fix.
  const structure: unknown = JSON.parse(schemaText(FLOW_SCHEMA_DEFINITIONS));
  const written: unknown = JSON.parse(flowSchemaText());
  if (!isRecord(structure) || !isRecord(written)) throw new Error('a schema is an object');
  ajv.addSchema(withoutProse(structure), 'flow');
  ajv.addSchema(withoutProse(written), 'typed');
  const code = standaloneCode(ajv, {
    validateFlowDocument: 'flow',
    validateFunctionData: 'flow#/definitions/functionData',
    validateTypedFunctionData: 'typed#/definitions/flowFunctionData',
  }).replaceAll(UCS2LENGTH_REQUIRE, 'ucs2length');
  if (code.includes('require(')) throw new Error('the generated validator needs a CommonJS module; add it to schemaText.ts');
  return [
    '// Generated by `pnpm --filter @flow/core schema` from src/format/flowSchema.ts: do not edit.',
    UCS2LENGTH,
    code.replace(/^"use strict";/, ''),
    '',
  ].join('\n');
}
