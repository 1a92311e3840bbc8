import { validateFlowText } from '@flow/core';
import { stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT, usageError } from '../errors.js';
import { expandFiles } from '../files/expandFiles.js';
import { inFile, readText } from '../files/readFlowFile.js';
import { shownName, type StdinReader } from '../files/stdin.js';
import { CONFIG_FILE } from '../config.js';
import { isValidateFormat, tooManyWarnings, type ValidateFormat } from '../formats.js';
import type { FileReport, ValidateReport } from '../reports.js';

const OPEN_FILES = 32;

/** Schema, invariants and rules of one file (`-`: standard input); a bad file gives one finding naming it. */
export async function validateFile(file: string, cwd: string, stdin?: StdinReader): Promise<FileReport> {
  const read = await readText(file, cwd, stdin);
  const findings = read.ok ? inFile(file, validateFlowText(read.text)) : [read.finding];
  return { file: shownName(file), ok: findings.every((f) => f.severity !== 'error'), findings };
}

/** `--max-warnings N`: a count (-1, or none, for no limit). */
function maxWarningsOf(value: string | undefined): number | null {
  if (value === undefined || value === '-1') return null;
  if (!/^\d+$/.test(value)) throw usageError(`Invalid --max-warnings "${value}": give a number of warnings (0 or more; -1 for no limit)`);
  return Number(value);
}

/** The files named, else the config file's `files`; none at all is a usage error. */
export function filesToCheck(invocation: Invocation, ctx: Context): readonly string[] {
  if (invocation.args.length > 0) return invocation.args;
  if (ctx.config.files !== undefined) return ctx.config.files;
  throw usageError(`No files given: name files, folders or globs (- for stdin), or list them under "files" in ${CONFIG_FILE}`, 'NO_FILES');
}

/** `flowctl validate <files...>`: every file is checked, whatever the others hold. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const option = stringOption(invocation, 'format');
  // --json prints JSON whatever --format says, so the report names the format it is printed in.
  const format: ValidateFormat = ctx.json ? 'json' : isValidateFormat(option) ? option : 'text';
  const maxWarnings = maxWarningsOf(stringOption(invocation, 'maxWarnings'));
  const { files, unmatched } = await expandFiles(filesToCheck(invocation, ctx), ctx.io.cwd);
  // A bounded number of files open at once, so a folder of thousands does not hit EMFILE.
  const reports: FileReport[] = new Array<FileReport>(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < files.length; i = next++) reports[i] = await validateFile(files[i] ?? '', ctx.io.cwd, ctx.stdin);
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_FILES, files.length) }, worker));
  const all = reports.flatMap((report) => report.findings);
  const errors = all.filter((f) => f.severity === 'error').length;
  const warnings = all.length - errors;
  const data: ValidateReport = { format, files: reports, errors, warnings, maxWarnings, unmatched };
  return { kind: 'validate', data, exitCode: errors > 0 || tooManyWarnings(data) ? EXIT.findings : EXIT.ok };
}
