import { readFile, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { isRecord } from '../guards.js';
import { textOfBytes } from '../http/body.js';
import { syncFolder, writeAtomic } from './atomicWrite.js';
import { isMissing } from './listing.js';

/**
 * One file of an atomic change: its absolute path and its new text, or null to remove it; or the
 * text's UTF-8 bytes when already encoded (off the main thread), written as they are.
 */
export type FileWrite = { path: string; text: string | null } | { path: string; bytes: Uint8Array };

/** What a write puts in its file (null: it removes the file). */
const dataOf = (write: FileWrite): string | Uint8Array | null => ('bytes' in write ? write.bytes : write.text);

/** A write's text, for the journal (only a change of several files keeps one). */
const textOf = (write: FileWrite): string | null => ('bytes' in write ? textOfBytes(write.bytes) : write.text);

/** Files written in the same atomic change as a flow, and what the caller makes of them. */
export interface AlongWrites<T> {
  writes: FileWrite[];
  value: T;
}

/** The steps of an atomic change, in order; `file-written` once per file. */
export type JournalStep = 'journal-written' | 'file-written' | 'journal-removed';

/** The steps of a change in the PostgreSQL store, inside its transaction: the flow's row, then the publish record. */
export type DatabaseStep = 'row-written' | 'record-written';

/**
 * A test seam: called after each step of an atomic change, with the path the step wrote or
 * removed. A test that never resolves it holds the change at that step (to kill the process there).
 */
export interface StoreFaults {
  after(step: JournalStep | DatabaseStep, path: string): Promise<void> | void;
}

const FORMAT = 'flow-journal/1';

interface Journal {
  format: typeof FORMAT;
  /** Paths relative to the data folder, with `/` separators, so a moved folder still replays. */
  writes: { path: string; text: string | null }[];
}

function isJournal(value: unknown): value is Journal {
  return (
    isRecord(value) &&
    value.format === FORMAT &&
    Array.isArray(value.writes) &&
    value.writes.every((w: unknown) => isRecord(w) && typeof w.path === 'string' && (typeof w.text === 'string' || w.text === null))
  );
}

/** The absolute path of a journal entry, or null when it would leave the data folder. */
function targetOf(root: string, path: string): string | null {
  if (path === '' || isAbsolute(path) || path.split('/').some((part) => part === '..' || part === '' || part.includes('\\'))) return null;
  const target = resolve(root, ...path.split('/'));
  return target.startsWith(`${root}${sep}`) ? target : null;
}

/** The files a journal records, or null when it is not a journal of ours or names a path outside the folder. */
function journalWrites(root: string, value: unknown): FileWrite[] | null {
  if (!isJournal(value)) return null;
  const writes: FileWrite[] = [];
  for (const write of value.writes) {
    const path = targetOf(root, write.path);
    if (path === null) return null;
    writes.push({ path, text: write.text });
  }
  return writes;
}

/** Writes one file of a change atomically, or removes it (already gone is fine: a replay removes again). */
async function applyWrite(write: FileWrite): Promise<void> {
  const data = dataOf(write);
  if (data !== null) return writeAtomic(write.path, data);
  try {
    await unlink(write.path);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await syncFolder(dirname(write.path));
}

async function removeJournal(journal: string): Promise<void> {
  await unlink(journal);
  await syncFolder(dirname(journal));
}

/**
 * Writes files as one change: with more than one, the whole change is first written to a journal
 * (atomically), then each file atomically, then the journal is removed. A crash at any point leaves
 * either no journal (the old files, or all the new ones) or a complete journal, which
 * `settleJournal` finishes. One file needs no journal: its own write is atomic.
 */
export async function commitWrites(root: string, journal: string, writes: readonly FileWrite[], faults?: StoreFaults): Promise<void> {
  const multiple = writes.length > 1;
  if (multiple) {
    const record: Journal = {
      format: FORMAT,
      writes: writes.map((w) => ({ path: relative(root, w.path).split(sep).join('/'), text: textOf(w) })),
    };
    await writeAtomic(journal, JSON.stringify(record));
    await faults?.after('journal-written', journal);
  }
  for (const write of writes) {
    await applyWrite(write);
    await faults?.after('file-written', write.path);
  }
  if (multiple) {
    await removeJournal(journal);
    await faults?.after('journal-removed', journal);
  }
}

/**
 * Finishes the change a journal left by a crash records (idempotent: each file is written again),
 * then removes the journal. `invalid` for a journal this server did not write (it is removed, and
 * nothing applied); `none` when there is no journal.
 */
export async function settleJournal(root: string, journal: string): Promise<'none' | 'replayed' | 'invalid'> {
  let text: string;
  try {
    text = await readFile(journal, 'utf8');
  } catch (error) {
    if (isMissing(error)) return 'none';
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const writes = journalWrites(root, value);
  if (writes === null) {
    await removeJournal(journal);
    return 'invalid';
  }
  for (const write of writes) await applyWrite(write);
  await removeJournal(journal);
  return 'replayed';
}
