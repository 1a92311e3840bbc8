import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { errorMessage } from '@flow/core';
import { EvalResultError, readEvalResult, type EvalResult } from '@flow/runtime';
import { CliError, EXIT } from '../errors.js';

/**
 * A `flowctl test --format json` result read from the file an option names (`--test-report`,
 * `--baseline`): unreadable, not JSON or not a result is a clear error (exit 1) naming both.
 */
export async function readEvalResultFile(file: string, option: string, cwd: string): Promise<EvalResult> {
  const bad = (why: string): CliError => new CliError('BAD_TEST_RESULT', `${option} ${file} ${why}`, EXIT.findings);
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw bad(`cannot be read: ${errorMessage(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw bad(`is not JSON (write it with flowctl test --format json): ${errorMessage(error)}`);
  }
  try {
    return readEvalResult(value);
  } catch (error) {
    if (error instanceof EvalResultError) throw bad(`is ${error.message}`);
    throw error;
  }
}
