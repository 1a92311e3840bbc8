import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Temp files start with a dot and end in `.tmp`: never mistaken for data by the listings. */
export function isTempFile(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

async function fsyncFolder(folder: string): Promise<void> {
  // Some file systems refuse to open folders, which is fine.
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

/**
 * Folder syncs shared by their callers: one `fsync` at a time per folder, each answering every
 * caller that asked before it began (their renames came first, so it makes them durable). Fifty
 * writes at once in one folder cost two folder syncs, not fifty.
 */
export function createFolderSyncs(fsync: (folder: string) => Promise<void>): (folder: string) => Promise<void> {
  const waiting = new Map<string, (() => void)[]>();
  const syncing = new Set<string>();
  const drain = async (folder: string): Promise<void> => {
    syncing.add(folder);
    try {
      for (let batch = waiting.get(folder); batch !== undefined; batch = waiting.get(folder)) {
        waiting.delete(folder);
        await fsync(folder).catch(() => undefined);
        for (const resolve of batch) resolve();
      }
    } finally {
      syncing.delete(folder);
    }
  };
  return (folder) =>
    new Promise((resolve) => {
      const callers = waiting.get(folder);
      if (callers) callers.push(resolve);
      else waiting.set(folder, [resolve]);
      if (!syncing.has(folder)) void drain(folder);
    });
}

/** Makes a rename or unlink in `folder` durable (best effort). */
export const syncFolder = createFolderSyncs(fsyncFolder);

/** What a caller of writeAtomic knows already. */
export interface AtomicWriteOptions {
  /** The folder is there (the caller holds a file of it open): no mkdir. */
  folderExists?: boolean;
}

/**
 * Writes a file so that readers and crashes see either the old or the new bytes, never a part:
 * a temp file in the same folder, written and fsynced, then renamed over the target.
 */
export async function writeAtomic(path: string, data: string | Uint8Array, mode = 0o644, options: AtomicWriteOptions = {}): Promise<void> {
  const folder = dirname(path);
  if (options.folderExists !== true) await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(folder);
}
