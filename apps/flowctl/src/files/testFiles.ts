// A flow's tests as files beside it: `<name>.flowtest.json` and its cassette `<name>.cassette.json`
// beside `<name>.flow.json`, which `fetch` writes and `publish` sends (the provider keeps them likewise).
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { CASSETTE_SUFFIX, FLOW_FILE_SUFFIX, FLOWTEST_SUFFIX, parseJsonValue, readFlowTests, type FlowTests } from '@flow/core';
import { CliError, EXIT } from '../errors.js';
import { writeFileAtomic } from './writeFileAtomic.js';

/** The test files beside a flow file; null when its name is not `<name>.flow.json`. */
export interface TestFilePaths {
  flowtest: string;
  cassette: string;
}

/** Where the tests of `flowFile` are kept; null when it is not named `<name>.flow.json`. */
export function testFilesOf(flowFile: string): TestFilePaths | null {
  if (!flowFile.endsWith(FLOW_FILE_SUFFIX)) return null;
  const base = flowFile.slice(0, -FLOW_FILE_SUFFIX.length);
  return { flowtest: `${base}${FLOWTEST_SUFFIX}`, cassette: `${base}${CASSETTE_SUFFIX}` };
}

const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes the tests beside `flowFile` (the cassette only when there is one), the test file naming
 * the flow file as written; returns the files written.
 */
export async function writeTestFiles(flowFile: string, tests: FlowTests, cwd: string): Promise<string[]> {
  const paths = testFilesOf(flowFile);
  if (paths === null) return [];
  await writeFileAtomic(paths.flowtest, jsonText({ ...tests.flowtest, flow: basename(flowFile) }), cwd);
  if (tests.cassette === null) return [paths.flowtest];
  await writeFileAtomic(paths.cassette, jsonText(tests.cassette), cwd);
  return [paths.flowtest, paths.cassette];
}

async function readOptional(file: string, cwd: string): Promise<string | null> {
  try {
    return await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
}

/** The tests beside `flowFile` as the provider takes them; null when there is no test file. A file that is not tests is refused (exit 1). */
export async function readTestFiles(flowFile: string, cwd: string): Promise<{ file: string; tests: FlowTests } | null> {
  const paths = testFilesOf(flowFile);
  if (paths === null) return null;
  const flowtest = await readOptional(paths.flowtest, cwd);
  if (flowtest === null) return null;
  const cassetteText = await readOptional(paths.cassette, cwd);
  const bad = (file: string, problem: string): CliError => new CliError('BAD_TESTS', `${file}: ${problem}`, EXIT.findings);
  const document = parseJsonValue(flowtest);
  const cassette = cassetteText === null ? null : parseJsonValue(cassetteText);
  if (document === undefined) throw bad(paths.flowtest, 'not JSON');
  if (cassette === undefined) throw bad(paths.cassette, 'not JSON');
  // The test file alone first, so a problem is said of the file that has it.
  const alone = readFlowTests({ flowtest: document, cassette: null });
  if (!alone.ok) throw bad(paths.flowtest, alone.problem);
  const read = readFlowTests({ flowtest: document, cassette });
  if (!read.ok) throw bad(paths.cassette, read.problem);
  return { file: paths.flowtest, tests: read.tests };
}
