import { appendFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { errorMessage } from '@flow/core';
import { CliError, EXIT } from '../errors.js';

/**
 * Appends the markdown to the file GITHUB_STEP_SUMMARY names (GitHub Actions shows it on the job's
 * summary page); writes nothing when it is not set. Returns the file written, or null.
 */
export async function appendStepSummary(
  markdown: string,
  env: Readonly<Record<string, string | undefined>>,
  cwd = '.',
): Promise<string | null> {
  const file = env.GITHUB_STEP_SUMMARY ?? '';
  if (file === '') return null;
  try {
    // A blank line first, so the part before (another step's) ends before this heading.
    await appendFile(resolve(cwd, file), `\n${markdown.endsWith('\n') ? markdown : `${markdown}\n`}`, 'utf8');
  } catch (error) {
    throw new CliError('STEP_SUMMARY', `Cannot append to GITHUB_STEP_SUMMARY (${file}): ${errorMessage(error)}`, EXIT.findings);
  }
  return file;
}
