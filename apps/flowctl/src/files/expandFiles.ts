import { readdir, stat } from 'node:fs/promises';
import { FLOW_FILE_SUFFIX } from '@flow/core';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { usageError } from '../errors.js';
import { globBase, globToRegExp, isGlob } from './glob.js';
import { STDIN_ARG } from './stdin.js';

const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/** Every file under `dir` whose path passes `keep`, in sorted order; skips node_modules and .git. */
async function walk(dir: string, keep: (path: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...(await walk(path, keep)));
    } else if (entry.isFile() && keep(path)) {
      found.push(path);
    }
  }
  return found;
}

const toSlashes = (path: string): string => (sep === '/' ? path : path.split(sep).join('/'));

/** Paths as the user wrote them: relative to cwd when they were relative. */
function shown(cwd: string, absolute: string, relativeInput: boolean): string {
  return relativeInput ? relative(cwd, absolute) || '.' : absolute;
}

/**
 * The files named by the arguments: a file stays as it is (even when it does not exist, so it is
 * reported as unreadable), a folder and a glob expand to the `*.flow.json` files under them.
 * Each file once, in argument order. Folders and globs that match nothing are listed in
 * `unmatched`; when nothing at all matches it is a usage error.
 */
export async function expandFiles(
  inputs: readonly string[],
  cwd: string,
  suffix: string = FLOW_FILE_SUFFIX,
): Promise<{ files: string[]; unmatched: string[] }> {
  const files: string[] = [];
  const unmatched: string[] = [];
  const seen = new Set<string>();
  const add = (path: string, absolute: string): void => {
    if (seen.has(absolute)) return;
    seen.add(absolute);
    files.push(path);
  };
  for (const input of inputs) {
    if (input === STDIN_ARG) {
      add(input, STDIN_ARG);
      continue;
    }
    const absolute = resolve(cwd, input);
    const relativeInput = !isAbsolute(input);
    if (isGlob(input)) {
      const pattern = toSlashes(input);
      const base = globBase(pattern);
      const matcher = globToRegExp(pattern.replace(/^\.\//, ''));
      const baseAbsolute = resolve(cwd, base);
      const matches = await walk(baseAbsolute, (path) => {
        const candidate = relativeInput ? toSlashes(relative(cwd, path)) : toSlashes(path);
        return matcher.test(candidate) && path.endsWith(suffix);
      }).catch(() => []);
      if (matches.length === 0) unmatched.push(input);
      for (const match of matches) add(shown(cwd, match, relativeInput), match);
      continue;
    }
    const info = await stat(absolute).catch(() => null);
    if (info?.isDirectory()) {
      const matches = await walk(absolute, (path) => path.endsWith(suffix));
      if (matches.length === 0) unmatched.push(input);
      for (const match of matches) add(shown(cwd, match, relativeInput), match);
    } else {
      add(input, absolute);
    }
  }
  if (files.length === 0) {
    throw usageError(`No ${suffix} files in ${unmatched.map((u) => `"${u}"`).join(', ')}`, 'NO_FILES');
  }
  return { files, unmatched };
}
