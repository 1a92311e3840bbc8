import { readFileSync } from 'node:fs';

/**
 * The version in flowctl's package.json. The bundle has it built in (tsup.config.ts reads it
 * here); a run from source (the docs' samples, the tests) reads it when it starts.
 */
export function packageVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? pkg.version : undefined;
  if (typeof version !== 'string') throw new Error('apps/flowctl/package.json has no version');
  return version;
}
