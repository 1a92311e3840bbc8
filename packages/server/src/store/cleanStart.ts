import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isTempFile } from './atomicWrite.js';
import { isMissing } from './listing.js';

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
