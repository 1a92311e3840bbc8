import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Writes through a temp file and a rename, so a reader never sees half a file. */
export async function writeFileAtomic(file: string, text: string, cwd: string): Promise<void> {
  const target = resolve(cwd, file);
  const existing = await stat(target).catch(() => null);
  // A device or pipe (such as /dev/null or /dev/stdout) is written as it is.
  if (existing && !existing.isFile()) {
    await writeFile(target, text, 'utf8');
    return;
  }
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
