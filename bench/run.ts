import { existsSync } from 'node:fs';

/**
 * Runs the benchmark sections named on the command line (all by default) that exist: a section
 * is a folder `bench/<name>/` whose `run.ts` exports `run()` or `run<Name>Bench()` (sync or
 * async). Figures only; the exit code never says pass or fail.
 */
const SECTIONS = ['core', 'server', 'database', 'cli', 'runtime', 'editor', 'lighthouse'] as const;

type Runner = () => unknown;

// The section's entry point: `run`, else e.g. `runServerBench` for section "server".
function runnerOf(mod: unknown, name: string): Runner | undefined {
  if (typeof mod !== 'object' || mod === null) return undefined;
  const entries = new Map<string, unknown>(Object.entries(mod));
  const named = `run${name.charAt(0).toUpperCase()}${name.slice(1)}Bench`;
  const runner = entries.get('run') ?? entries.get(named);
  return typeof runner === 'function' ? () => runner() : undefined;
}

async function main(names: readonly string[]): Promise<void> {
  const wanted = names.length > 0 ? names : SECTIONS;
  for (const name of wanted) {
    if (!SECTIONS.some((known) => known === name)) {
      console.log(`bench: unknown section "${name}" (sections: ${SECTIONS.join(', ')})`);
      continue;
    }
    const file = new URL(`./${name}/run.ts`, import.meta.url);
    if (!existsSync(file)) {
      console.log(`bench: section "${name}" skipped: ${name}/run.ts does not exist yet`);
      continue;
    }
    const runner = runnerOf(await import(file.href), name);
    if (!runner) {
      console.log(`bench: section "${name}" skipped: ${name}/run.ts exports no run()`);
      continue;
    }
    console.log(`bench: ${name}`);
    await runner();
  }
}

await main(process.argv.slice(2));
