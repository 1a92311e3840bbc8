// flowctl figures: cold start of `flowctl --version` as a ratio to `node -e 0` (budget: within
// 2x, ARCHITECTURE section 8), and one `flowctl validate` call over 100 example files.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(REPO, 'apps', 'flowctl', 'dist', 'cli.js');
const EXAMPLES = join(REPO, 'examples');

export interface CliBenchResult {
  /** Median wall time of `node -e 0`, ms. */
  nodeBaselineMs: number;
  /** Median wall time of `flowctl --version`, ms. */
  versionMs: number;
  /** Median of the per-sample ratios of `flowctl --version` to `node -e 0`; the budget is 2. */
  coldStartRatio: number;
  coldStartBudget: number;
  /** Wall time of one `flowctl validate` over `validateFiles` files, ms. */
  validateMs: number;
  validateFiles: number;
  runs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Wall time of one process run, ms; throws when it fails. */
function timed(args: readonly string[], cwd = REPO): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [...args], { cwd, stdio: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr.toString()}`);
  return ms;
}

/** The example flows, copied round-robin into a temp folder until there are `count`. */
function exampleFiles(count: number): string {
  const sources = readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(EXAMPLES, entry.name))
        .filter((f) => f.endsWith('.flow.json'))
        .map((f) => join(EXAMPLES, entry.name, f)),
    );
  if (sources.length === 0) throw new Error(`no example flows under ${EXAMPLES}`);
  const dir = mkdtempSync(join(tmpdir(), 'flowctl-bench-'));
  for (let i = 0; i < count; i++)
    copyFileSync(sources[i % sources.length] ?? '', join(dir, `flow-${String(i).padStart(3, '0')}.flow.json`));
  return dir;
}

/** Measures flowctl (builds it first when it is not built). */
export function measureCli(options: { runs?: number; files?: number } = {}): CliBenchResult {
  const runs = options.runs ?? 11;
  const files = options.files ?? 100;
  if (!existsSync(BIN)) spawnSync('pnpm', ['--filter', 'flowctl', 'run', 'build'], { cwd: REPO, stdio: 'inherit' });
  // Warm the file cache, then alternate so both see the same machine load.
  timed(['-e', '0']);
  timed([BIN, '--version']);
  const baseline: number[] = [];
  const version: number[] = [];
  for (let i = 0; i < runs; i++) {
    baseline.push(timed(['-e', '0']));
    version.push(timed([BIN, '--version']));
  }
  const dir = exampleFiles(files);
  try {
    timed([BIN, 'validate', '.', '--quiet'], dir);
    const validate = median([0, 1, 2].map(() => timed([BIN, 'validate', '.', '--quiet'], dir)));
    const nodeBaselineMs = median(baseline);
    const versionMs = median(version);
    const coldStartRatio = median(version.map((ms, i) => ms / (baseline[i] ?? ms)));
    return { nodeBaselineMs, versionMs, coldStartRatio, coldStartBudget: 2, validateMs: validate, validateFiles: files, runs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as lines for the bench report. */
export function formatCliBench(result: CliBenchResult): string[] {
  const verdict = result.coldStartRatio <= result.coldStartBudget ? 'within' : 'OVER';
  return [
    `flowctl --version cold start: ${result.versionMs.toFixed(1)} ms vs node -e 0 ${result.nodeBaselineMs.toFixed(1)} ms = ${result.coldStartRatio.toFixed(2)}x (${verdict} the ${result.coldStartBudget}x budget; median of ${result.runs})`,
    `flowctl validate of ${result.validateFiles} example files in one call: ${result.validateMs.toFixed(0)} ms (${(result.validateMs / result.validateFiles).toFixed(2)} ms a file)`,
  ];
}

/** The `cli` section of `pnpm bench`: prints the figures and writes bench/results/cli.json. */
export function runCliBench(): CliBenchResult {
  const result = measureCli();
  for (const line of formatCliBench(result)) console.log(line);
  const results = new URL('../results/', import.meta.url);
  mkdirSync(results, { recursive: true });
  const method =
    'per run, `node -e 0` and `flowctl --version` spawned alternately after one warm-up each; ratio = median of per-run ratios; validate = median of 3 calls over 100 copies of the examples';
  const file = new URL('cli.json', results);
  writeFileSync(
    file,
    `${JSON.stringify({ section: 'cli', when: new Date().toISOString(), node: process.version, method, ...result }, null, 2)}\n`,
  );
  console.log(`wrote ${fileURLToPath(file)}`);
  return result;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) runCliBench();
