import { errorMessage } from '@flow/core';
import { CliError, EXIT } from './errors.js';

/** The local provider (@flow/server), loaded when a command needs it: serve and db. */
export async function loadServer(): Promise<typeof import('@flow/server')> {
  try {
    return await import('@flow/server');
  } catch (error) {
    const reason = errorMessage(error);
    throw new CliError(
      'SERVER_MISSING',
      `The local provider (@flow/server) cannot be loaded: build it with pnpm build (${reason})`,
      EXIT.findings,
    );
  }
}
