// Writes schema/flow.schema.json from the format's one definition (src/format/flowSchema.ts).
import { writeFileSync } from 'node:fs';
import { flowSchemaText } from '../src/format/schema.js';

const target = new URL('../schema/flow.schema.json', import.meta.url);
writeFileSync(target, flowSchemaText());
console.log(`wrote ${target.pathname}`);
