// Writes what is generated from the flow format's one definition (src/format/flowSchema.ts):
// - schema/flow.schema.json, the JSON Schema that flow files may point at;
// - src/format/flowValidator.gen.js, the validators ajv compiles from it ahead of time, so that no
//   process compiles a schema at start and the editor checks documents without shipping ajv.
// A test fails when either is behind: run `pnpm --filter @flow/core schema` after a change.
import { writeFileSync } from 'node:fs';
import { flowSchemaText, flowValidatorText } from '../src/format/schemaText.js';

const outputs: Array<[URL, string]> = [
  [new URL('../schema/flow.schema.json', import.meta.url), flowSchemaText()],
  [new URL('../src/format/flowValidator.gen.js', import.meta.url), flowValidatorText()],
];
for (const [target, text] of outputs) {
  writeFileSync(target, text);
  console.log(`wrote ${target.pathname}`);
}
