import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { argument, requiredOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { loadServer } from '../loadServer.js';
import type { DbReport } from '../reports.js';

type Direction = DbReport['direction'];

/**
 * `flowctl db import <dir>` and `flowctl db export <dir>` (`--database` or FLOW_DATABASE_URL): a
 * whole data folder into an empty database in one transaction, or the database as a data folder
 * in a new or empty one. The database is migrated first, as a server would.
 */
async function transfer(direction: Direction, invocation: Invocation, ctx: Context): Promise<Outcome> {
  const dir = resolve(ctx.io.cwd, argument(invocation, 0, 'dir'));
  const url = requiredOption(invocation, 'database');
  if (direction === 'import' && !existsSync(dir)) throw usageError(`No such folder: ${dir}`, 'NOT_FOUND');
  const server = await loadServer();
  const database = server.redactedUrl(url);
  const work = direction === 'import' ? () => server.importFolderToDatabase(dir, url) : () => server.exportDatabaseToFolder(url, dir);
  try {
    const moved = await ctx.task(direction === 'import' ? `Importing ${dir}…` : `Exporting to ${dir}…`, work);
    const kind = direction === 'import' ? 'db import' : 'db export';
    return { kind, data: { direction, dir, database, ...moved }, exitCode: EXIT.ok };
  } catch (error) {
    if (error instanceof server.TransferError) throw usageError(error.message, 'TARGET_NOT_EMPTY');
    // Its message names the database without the password.
    if (error instanceof server.DatabaseStartError) throw new CliError('DATABASE_UNAVAILABLE', error.message, EXIT.provider);
    throw error;
  }
}

export const runImport = (invocation: Invocation, ctx: Context): Promise<Outcome> => transfer('import', invocation, ctx);
export const runExport = (invocation: Invocation, ctx: Context): Promise<Outcome> => transfer('export', invocation, ctx);
