// flowctl figures: cold start of `flowctl --version` as a ratio to `node -e 0` (budget: within
// 2x, ARCHITECTURE section 8), one `flowctl validate` call over 100 example files, and the
// markdown review of a 1,000-node flow with 100 changed nodes as a ratio to the text diff (goal 1.5x).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serializeFlow } from '@flow/core';
import { syntheticFlow } from '../core/syntheticFlow.js';

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
  /** Median wall time of `flowctl diff a b` and of `--format markdown`, ms, and the median per-run ratio (goal 1.5). */
  diffTextMs: number;
  diffMarkdownMs: number;
  diffMarkdownRatio: number;
  diffMarkdownGoal: number;
  diffNodes: number;
  diffChanged: number;
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

const DIFF_NODES = 1000;
const DIFF_CHANGED = 100;

/** Two files of a 1,000-node flow, the second with 100 nodes' descriptions edited. */
function diffPair(): string {
  const before = syntheticFlow(DIFF_NODES);
  let left = DIFF_CHANGED;
  const after = {
    ...before,
    nodes: before.nodes.map((node, i) => {
      if (left === 0 || i % 9 !== 1 || node.type !== 'function') return node;
      left--;
      return { ...node, data: { ...node.data, description: `${node.data.description ?? ''} (edited)` } };
    }),
  };
  if (left !== 0) throw new Error(`only ${DIFF_CHANGED - left} nodes could be changed`);
  const dir = mkdtempSync(join(tmpdir(), 'flowctl-bench-diff-'));
  writeFileSync(join(dir, 'a.flow.json'), serializeFlow(before));
  writeFileSync(join(dir, 'b.flow.json'), serializeFlow(after));
  return dir;
}

/** The markdown review against the text diff, spawned alternately after a warm-up of each. */
function measureDiff(runs: number): Pick<CliBenchResult, 'diffTextMs' | 'diffMarkdownMs' | 'diffMarkdownRatio'> {
  const dir = diffPair();
  try {
    const text = [BIN, 'diff', 'a.flow.json', 'b.flow.json'];
    const markdown = [...text, '--format', 'markdown'];
    timed(text, dir);
    timed(markdown, dir);
    const texts: number[] = [];
    const markdowns: number[] = [];
    for (let i = 0; i < runs; i++) {
      texts.push(timed(text, dir));
      markdowns.push(timed(markdown, dir));
    }
    const diffMarkdownRatio = median(markdowns.map((ms, i) => ms / (texts[i] ?? ms)));
    return { diffTextMs: median(texts), diffMarkdownMs: median(markdowns), diffMarkdownRatio };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
    const diff = measureDiff(runs);
    return {
      nodeBaselineMs,
      versionMs,
      coldStartRatio,
      coldStartBudget: 2,
      validateMs: validate,
      validateFiles: files,
      ...diff,
      diffMarkdownGoal: 1.5,
      diffNodes: DIFF_NODES,
      diffChanged: DIFF_CHANGED,
      runs,
    };
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
    `flowctl diff --format markdown of a ${result.diffNodes}-node flow, ${result.diffChanged} nodes changed: ${result.diffMarkdownMs.toFixed(0)} ms vs text ${result.diffTextMs.toFixed(0)} ms = ${result.diffMarkdownRatio.toFixed(2)}x (${result.diffMarkdownRatio <= result.diffMarkdownGoal ? 'within' : 'OVER'} the ${result.diffMarkdownGoal}x goal; median of ${result.runs})`,
  ];
}

/** The `cli` section of `pnpm bench`: prints the figures and writes bench/results/cli.json. */
export function runCliBench(): CliBenchResult {
  const result = measureCli();
  for (const line of formatCliBench(result)) console.log(line);
  const results = new URL('../results/', import.meta.url);
  mkdirSync(results, { recursive: true });
  const method =
    'per run, `node -e 0` and `flowctl --version` spawned alternately after one warm-up each; ratio = median of per-run ratios; validate = median of 3 calls over 100 copies of the examples; diff = `flowctl diff a b` and `--format markdown` of a synthetic 1,000-node flow with 100 descriptions edited, spawned alternately, ratio = median of per-run ratios';
  const file = new URL('cli.json', results);
  writeFileSync(
    file,
    `${JSON.stringify({ section: 'cli', when: new Date().toISOString(), node: process.version, method, ...result }, null, 2)}\n`,
  );
  console.log(`wrote ${fileURLToPath(file)}`);
  return result;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) runCliBench();
