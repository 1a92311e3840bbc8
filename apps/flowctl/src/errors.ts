import type { Finding } from '@flow/core';

/** 0 ok, 1 findings or a failed check, 2 usage error, 3 provider, network or model error, 4 not found, 5 a tool of the flow failed (run). */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT = { ok: 0, findings: 1, usage: 2, provider: 3, notFound: 4, toolFailed: 5 } as const;

/** A finding of a file, for errors that concern files (bad file, invalid flow). */
export interface FileFinding extends Finding {
  file: string;
}

/** An error the CLI reports: a stable code for `--json`, a one-line message and its exit code. */
export class CliError extends Error {
  override name = 'CliError';
  readonly code: string;
  readonly exitCode: ExitCode;
  /** Findings behind the error, printed one line each. */
  readonly findings: readonly FileFinding[];

  constructor(code: string, message: string, exitCode: ExitCode, findings: readonly FileFinding[] = []) {
    super(message);
    this.code = code;
    this.exitCode = exitCode;
    this.findings = findings;
  }
}

/** A mistake in how the command was called (exit 2). */
export function usageError(message: string, code = 'USAGE'): CliError {
  return new CliError(code, message, EXIT.usage);
}

/** A file that cannot be used: unreadable, not JSON, another format, or an invalid flow (exit 1). */
export function fileError(findings: readonly FileFinding[], code = 'BAD_FILE'): CliError {
  const first = findings[0];
  const message = first ? `${first.file}: ${first.message}` : 'Bad file';
  return new CliError(code, message, EXIT.findings, findings);
}
