// Writes docs/cli.md from the command definitions, running every sample against the examples.
// `pnpm --filter flowctl run docs` runs them through flowctl's main, from source; test/docs.test.ts fails
// when the file drifts.
import { writeFileSync } from 'node:fs';
import { makeCliDocs } from '../src/docs/cliDocs.js';

const target = new URL('../../../docs/cli.md', import.meta.url);
writeFileSync(target, await makeCliDocs());
process.stdout.write(`Wrote ${target.pathname}\n`);
