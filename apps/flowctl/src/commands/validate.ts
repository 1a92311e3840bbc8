import { validateFlowText } from '@flow/core';
import { stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT, type FileFinding } from '../errors.js';
import { expandFiles } from '../files/expandFiles.js';
import { inFile, readText } from '../files/readFlowFile.js';

const OPEN_FILES = 32;

export const VALIDATE_FORMATS = ['text', 'json', 'github'] as const;
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

const isFormat = (value: string | undefined): value is ValidateFormat => VALIDATE_FORMATS.some((f) => f === value);

export interface FileReport {
  file: string;
  /** No finding of severity error. */
  ok: boolean;
  findings: FileFinding[];
}

export interface ValidateReport {
  format: ValidateFormat;
  files: FileReport[];
  errors: number;
  warnings: number;
  /** Folders and globs that matched no flow file. */
  unmatched: string[];
}

/** Schema, invariants and rules of one file; a bad file gives one finding naming it. */
export async function validateFile(file: string, cwd: string): Promise<FileReport> {
  const read = await readText(file, cwd);
  const findings = read.ok ? inFile(file, validateFlowText(read.text)) : [read.finding];
  return { file, ok: findings.every((f) => f.severity !== 'error'), findings };
}

/** `flowctl validate <files...>`: every file is checked, whatever the others hold. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const option = stringOption(invocation, 'format');
  const format: ValidateFormat = isFormat(option) ? option : 'text';
  const { files, unmatched } = await expandFiles(invocation.args, ctx.io.cwd);
  // A bounded number of files open at once, so a folder of thousands does not hit EMFILE.
  const reports: FileReport[] = new Array<FileReport>(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < files.length; i = next++) reports[i] = await validateFile(files[i] ?? '', ctx.io.cwd);
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_FILES, files.length) }, worker));
  const all = reports.flatMap((report) => report.findings);
  const errors = all.filter((f) => f.severity === 'error').length;
  const data: ValidateReport = { format, files: reports, errors, warnings: all.length - errors, unmatched };
  return { kind: 'validate', data, exitCode: errors > 0 ? EXIT.findings : EXIT.ok };
}
