import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isTempFile } from './atomicWrite.js';
import { JOURNAL_PATTERN } from './dataPaths.js';
import { settleJournal } from './journal.js';
import { isMissing } from './listing.js';

/** What a clean start found: temp files removed, journals replayed, journals refused. */
export interface CleanStartReport {
  tempFiles: string[];
  replayed: string[];
  invalid: string[];
}

async function dirents(dir: string, recursive: boolean) {
  try {
    return await readdir(dir, { withFileTypes: true, recursive });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** Removes the temp files a crash left anywhere under the data folder (nothing else writes them). */
export async function removeTempFiles(root: string): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await dirents(root, true)) {
    if (!entry.isFile() || !isTempFile(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    try {
      await unlink(path);
      removed.push(path);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

/**
 * Readies a data folder no other server uses: removes the temp files of writes a crash cut short,
 * then finishes every atomic change whose journal is complete (`<plan>/.journal-<version>.json`).
 */
export async function cleanStart(root: string): Promise<CleanStartReport> {
  const report: CleanStartReport = { tempFiles: await removeTempFiles(root), replayed: [], invalid: [] };
  for (const plan of await dirents(root, false)) {
    if (!plan.isDirectory()) continue;
    const folder = join(root, plan.name);
    for (const entry of await dirents(folder, false)) {
      if (!entry.isFile() || !JOURNAL_PATTERN.test(entry.name)) continue;
      const journal = join(folder, entry.name);
      const outcome = await settleJournal(root, journal);
      if (outcome === 'replayed') report.replayed.push(journal);
      if (outcome === 'invalid') report.invalid.push(journal);
    }
  }
  return report;
}
