import { execFile } from 'node:child_process';
import { isAbsolute } from 'node:path';
import { FLOW_FILE_SUFFIX, MAX_FLOW_BYTES } from '@flow/core';
import { CliError, EXIT, usageError } from '../errors.js';

/** A flow file in a git revision: `origin/main:flows/a.flow.json`. */
export interface RevisionPath {
  rev: string;
  path: string;
}

/** What a revision may be written as: branch, tag, hash, `HEAD~2`, `@{u}`; never an option nor a range. */
const REVISION = /^(?!-)(?!.*\.\.)[A-Za-z0-9._/@{}~^-]+$/;

/** The revision, or a usage error that says what a revision may hold. */
export function checkedRevision(rev: string): string {
  if (!REVISION.test(rev))
    throw usageError(`Not a git revision: ${JSON.stringify(rev)} (a branch, tag or commit, such as origin/main)`, 'BAD_REVISION');
  return rev;
}

/** `rev:path` split in two when `arg` is written so (the path relative to the current folder); null otherwise. */
export function revisionPath(arg: string): RevisionPath | null {
  const colon = arg.indexOf(':');
  if (colon <= 0 || colon === arg.length - 1) return null;
  const rev = checkedRevision(arg.slice(0, colon));
  const path = arg.slice(colon + 1);
  if (isAbsolute(path) || path.startsWith('-') || path.includes('\0')) {
    throw usageError(`Not a path in a revision: ${JSON.stringify(path)} (relative to the current folder)`, 'BAD_REVISION');
  }
  return { rev, path };
}

interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Git never asks for a password on the terminal: a missing credential fails at once. */
const GIT_ENV = { ...process.env, GIT_TERMINAL_PROMPT: '0' };

/** Runs git with an argument list (never a shell), output capped at the size of a flow. */
function git(args: readonly string[], cwd: string): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile('git', [...args], { cwd, maxBuffer: MAX_FLOW_BYTES + 1, encoding: 'utf8', env: GIT_ENV }, (error, stdout, stderr) => {
      resolve({ ok: error === null, stdout, stderr });
    });
  });
}

/** The revision exists as a commit here, or the error that says to fetch it (exit 4). */
export async function requireRevision(rev: string, cwd: string): Promise<void> {
  const found = await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${checkedRevision(rev)}^{commit}`], cwd);
  if (found.ok) return;
  const inside = await git(['rev-parse', '--is-inside-work-tree'], cwd);
  if (!inside.ok) throw new CliError('NOT_A_GIT_REPOSITORY', `${cwd} is not inside a git repository`, EXIT.notFound);
  throw new CliError(
    'MISSING_REVISION',
    `Revision ${rev} not found: fetch it first: git fetch origin ${rev.replace(/^origin\//, '')}`,
    EXIT.notFound,
  );
}

/**
 * The bytes of a file in a revision known to exist, or null when the file is not in it. Past the
 * size of a flow git is stopped, and the bytes so far (one more than a flow may have) say so.
 */
export function readAtRevision(at: RevisionPath, cwd: string): Promise<Uint8Array | null> {
  const spec = `${at.rev}:./${at.path.replace(/^\.\//, '')}`;
  return new Promise((resolve) => {
    execFile('git', ['show', spec], { cwd, maxBuffer: MAX_FLOW_BYTES + 1, encoding: 'buffer', env: GIT_ENV }, (error, stdout) => {
      const tooLarge = error !== null && 'code' in error && error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
      resolve(error === null || tooLarge ? stdout : null);
    });
  });
}

const flowFiles = (listing: string): string[] => listing.split('\0').filter((path) => path.endsWith(FLOW_FILE_SUFFIX));

/** The flow files under `paths` (git pathspecs, relative to `cwd`) in a revision known to exist. */
export async function flowFilesAtRevision(rev: string, paths: readonly string[], cwd: string): Promise<string[]> {
  const listed = await git(['ls-tree', '-r', '-z', '--name-only', rev, '--', ...paths], cwd);
  if (!listed.ok) throw new CliError('GIT_FAILED', `git ls-tree failed: ${listed.stderr.trim()}`, EXIT.notFound);
  return flowFiles(listed.stdout);
}

/** The flow files under `paths` in the working tree: tracked and new ones, ignored ones left out. */
export async function flowFilesInWorkTree(paths: readonly string[], cwd: string): Promise<string[]> {
  const listed = await git(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...paths], cwd);
  if (!listed.ok) throw new CliError('GIT_FAILED', `git ls-files failed: ${listed.stderr.trim()}`, EXIT.notFound);
  return [...new Set(flowFiles(listed.stdout))];
}
