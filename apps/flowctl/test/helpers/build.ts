import { join } from 'node:path';
import { CORE_SOURCES, REPO, buildOnce, modified, newestSource, pnpmAtRoot } from '@flow/server/testing';

export { REPO, ensureServerBuilt } from '@flow/server/testing';
export const APP = join(REPO, 'apps', 'flowctl');
export const BIN = join(APP, 'dist', 'cli.js');

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
    () => modified(BIN) > newestSource(sources),
    () => pnpmAtRoot(['--filter', 'flowctl', 'run', 'build']),
  );
}
