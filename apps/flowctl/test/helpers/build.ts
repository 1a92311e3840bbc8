import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
export const APP = join(REPO, 'apps', 'flowctl');
export const BIN = join(APP, 'dist', 'cli.js');

/** The newest modification time of the files under `paths` (folders walked). */
function newest(paths: readonly string[]): number {
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

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/** Runs `build` once across parallel test files: a lock folder, and a re-check inside it. */
function buildOnce(name: string, isFresh: () => boolean, build: () => void): void {
  if (isFresh()) return;
  const lock = join(APP, `.build-lock-${name}`);
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

const pnpm = (args: readonly string[]): void => {
  execFileSync('pnpm', [...args], { cwd: REPO, stdio: 'pipe', timeout: 170_000 });
};

const modified = (file: string): number => (existsSync(file) ? statSync(file).mtimeMs : 0);

const CORE_SOURCES = [join(REPO, 'packages', 'core', 'src'), join(REPO, 'packages', 'core', 'schema')];

/** Builds flowctl (with the core bundled in) when dist/cli.js is missing or older than a source. */
export function ensureCliBuilt(): void {
  const sources = [
    join(APP, 'src'),
    join(APP, 'tsup.config.ts'),
    join(APP, 'package.json'),
    ...CORE_SOURCES,
    join(REPO, 'packages', 'runtime', 'src'),
    join(REPO, 'packages', 'server', 'src'),
  ];
  buildOnce(
    'flowctl',
    () => modified(BIN) > newest(sources),
    () => pnpm(['--filter', 'flowctl', 'run', 'build']),
  );
}

/** Builds the core and the server (what `flowctl serve` loads) when their dist is stale. */
export function ensureServerBuilt(): void {
  const coreDist = join(REPO, 'packages', 'core', 'dist', 'index.js');
  const serverDist = join(REPO, 'packages', 'server', 'dist', 'index.js');
  const serverSources = [join(REPO, 'packages', 'server', 'src'), ...CORE_SOURCES];
  buildOnce(
    'server',
    () => modified(coreDist) > newest(CORE_SOURCES) && modified(serverDist) > newest(serverSources),
    () => pnpm(['--filter', '@flow/core', '--filter', '@flow/server', 'run', 'build']),
  );
}
