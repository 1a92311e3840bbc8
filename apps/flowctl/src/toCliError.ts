import { ApiError, FlowError, errorMessage } from '@flow/core';
import { CliError, EXIT } from './errors.js';
import { fromApiError } from './provider.js';

/** Any failure as a CliError: ours as is, the core's with their exit code, the rest as internal. */
export function toCliError(error: unknown, apiUrl: string): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof ApiError) return fromApiError(error, apiUrl);
  if (error instanceof FlowError) return new CliError(error.code, error.message, EXIT.findings);
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && 'path' in error) {
    // A file system error (EACCES, ENOSPC, …) while writing a result.
    return new CliError('IO', error.message, EXIT.findings);
  }
  const message = errorMessage(error);
  return new CliError('INTERNAL', `Unexpected error: ${message}`, EXIT.findings);
}
