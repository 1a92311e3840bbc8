import { errorMessage } from '@flow/core';
import { ServerConfigError } from '../errors.js';
import type { ConversationRecords } from './conversationRecords.js';

/** How many days a conversation is kept after its last update, unless `--keep-days` says otherwise. */
export const DEFAULT_KEEP_DAYS = 30;

/** `--keep-days` as a number of days (a whole number, at least 1), or a ServerConfigError saying so. */
export function checkedKeepDays(value: string | number): number {
  const days = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(days) || days < 1)
    throw new ServerConfigError(`Invalid --keep-days "${String(value)}": a whole number of days, at least 1`);
  return days;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface RetentionOptions {
  records: ConversationRecords;
  keepDays: number;
  now?: () => number;
  /** Where a failed sweep is reported (the next one tries again). */
  log: (line: string) => void;
  /** Test seam: the wait between sweeps. Default one hour. */
  everyMs?: number;
}

export interface Retention {
  /** The sweep now: deletes the conversations last updated more than `keepDays` ago; how many. */
  sweep(): Promise<number>;
  stop(): void;
}

/** Deletes old conversations at start and then every hour; the timer never holds the process open. */
export function startRetention(options: RetentionOptions): Retention {
  const now = options.now ?? Date.now;
  const sweep = (): Promise<number> => options.records.deleteUpdatedBefore(new Date(now() - options.keepDays * DAY_MS).toISOString());
  const sweepLogged = (): void => {
    sweep().catch((error: unknown) => options.log(`flow server: deleting old conversations failed: ${errorMessage(error)}`));
  };
  sweepLogged();
  const timer = setInterval(sweepLogged, options.everyMs ?? HOUR_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
