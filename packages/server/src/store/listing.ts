import { readFile, readdir } from 'node:fs/promises';

/** True for the errors of a file or folder that is not there. */
export function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

async function entries(dir: string, keep: 'file' | 'folder'): Promise<string[]> {
  try {
    const found = await readdir(dir, { withFileTypes: true });
    // Dot files are the server's own (temp files, journals, the lock), never data.
    return found.filter((e) => !e.name.startsWith('.') && (keep === 'file' ? e.isFile() : e.isDirectory())).map((e) => e.name);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** Names of the folders in `dir` (dot folders aside); none when it does not exist. */
export function folderNames(dir: string): Promise<string[]> {
  return entries(dir, 'folder');
}

/** Names of the files in `dir` (dot files aside); none when it does not exist. */
export function fileNames(dir: string): Promise<string[]> {
  return entries(dir, 'file');
}

/** The text of a file; null when it is not there. */
export async function readTextFile(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The parsed JSON of a file; undefined when it is missing or not JSON (a hand-edited file, say). */
export async function readJsonFile(path: string): Promise<unknown> {
  const text = await readTextFile(path);
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/**
 * How long what the folder store keeps of a file or a listing is trusted before the disk is looked
 * at again. Writes through this server update it at once; a change made outside it (an editor,
 * git) is seen within this time.
 */
export const REVALIDATE_MS = 100;
