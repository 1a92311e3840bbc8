import { writeAtomic } from '@flow/server';
import { stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Writes a file as the provider does (temp file, fsync, rename): a reader never sees half a file. */
export async function writeFileAtomic(file: string, text: string, cwd: string): Promise<void> {
  const target = resolve(cwd, file);
  const existing = await stat(target).catch(() => null);
  // A device or pipe (such as /dev/null or /dev/stdout) is written as it is.
  if (existing && !existing.isFile()) {
    await writeFile(target, text, 'utf8');
    return;
  }
  await writeAtomic(target, text);
}
