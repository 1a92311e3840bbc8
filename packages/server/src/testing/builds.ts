// The builds that tests run as their own processes (the provider's CLI, flowctl): built once across
// parallel test files, and only when a source is newer than the build. A process started from a
// build costs ~0.5 s of CPU; the same process from the sources through tsx ~2.3 s.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBED_BUNDLE } from '../routes/embedScript.js';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** The provider's command line, built (`flow-server` in package.json). */
export const SERVER_CLI = join(REPO, 'packages', 'server', 'dist', 'cli.js');

/** The <flow-chat> script the provider serves at /embed.js (`build:embed`, part of the provider's build). */
export const EMBED_SCRIPT = EMBED_BUNDLE;

/** The sources of the core, which every build bundles or loads. */
export const CORE_SOURCES: readonly string[] = [join(REPO, 'packages', 'core', 'src'), join(REPO, 'packages', 'core', 'schema')];

/** The newest modification time of the files under `paths` (folders walked; tests, builds and dependencies left out). */
export function newestSource(paths: readonly string[]): number {
  let max = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') visit(join(path, name));
    } else if (!path.endsWith('.test.ts')) {
      max = Math.max(max, info.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return max;
}

/** When `file` was last written; 0 when it does not exist. */
export function modified(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/** Runs `build` once across parallel test files: a lock folder, and a re-check inside it. */
export function buildOnce(name: string, isFresh: () => boolean, build: () => void): void {
  if (isFresh()) return;
  const lock = join(REPO, 'node_modules', `.build-lock-${name}`);
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another file builds; a lock older than two minutes is a crashed run's.
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 180_000) throw new Error(`Timed out waiting for the ${name} build`);
      sleep(250);
    }
  }
  try {
    if (!isFresh()) build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs pnpm at the root of the repository (a build), failing with its output. */
export function pnpmAtRoot(args: readonly string[]): void {
  execFileSync('pnpm', [...args], { cwd: REPO, stdio: 'pipe', timeout: 170_000 });
}

let serverFresh = false;

/**
 * Builds the core, the runtime and the provider (what `dist/cli.js` and `flowctl serve` load) when
 * a build is missing or older than a source of one of them.
 */
export function ensureServerBuilt(): void {
  if (serverFresh) return;
  const packages = ['core', 'runtime', 'server'].map((name) => join(REPO, 'packages', name));
  const sources = [...CORE_SOURCES, join(REPO, 'packages', 'runtime', 'src'), join(REPO, 'packages', 'server', 'src')];
  const builds = [...packages.map((dir) => join(dir, 'dist', 'index.js')), SERVER_CLI, EMBED_SCRIPT];
  buildOnce(
    'server',
    () => Math.min(...builds.map(modified)) > newestSource(sources),
    () => pnpmAtRoot(['--filter', '@flow/core', '--filter', '@flow/runtime', '--filter', '@flow/server', 'run', 'build']),
  );
  serverFresh = true;
}

let embedFresh = false;

/** Builds the <flow-chat> bundle (/embed.js) when it is missing or older than a source of it, so tests serve what the sources say. */
export function ensureEmbedBuilt(): void {
  if (embedFresh) return;
  const sources = [join(REPO, 'packages', 'server', 'src', 'embed'), join(REPO, 'packages', 'server', 'tsup.embed.config.js')];
  buildOnce(
    'embed',
    () => modified(EMBED_SCRIPT) > newestSource(sources),
    () => pnpmAtRoot(['--filter', '@flow/server', 'run', 'build:embed']),
  );
  embedFresh = true;
}
