// Runs every test and ends with one line `N passed, N failed`, which CI reads, after the 10
// slowest tests. All the files run in one Vitest run, longest first (scripts/slowFirst.ts), two
// per core at a time (TEST_WORKERS to change it). The unit, property, server and CLI files wait
// much of their time on the child processes they start (servers, flowctl, PostgreSQL, npm), and
// the browser files (each starts a provider and drives Chromium's headless shell) fill those
// waits. On two cores, `pnpm test` took 210-225 s as two runs one after the other (the unit
// files, then the browser files, three at a time each: the cores idled while the unit files
// waited), and takes 200-204 s as one run of four at a time; five at a time took 209 s.
// Workers share their module cache between files (--no-isolate): a file does not import the
// server, Playwright or the CLI again. Each browser file starts its own provider and browser
// context, in its worker's one browser, with a clean page per test (apps/editor/test/harness.ts).
// The tests' temporary folders are in memory when the machine has room there (memoryTmpdir).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';

const started = performance.now();
const REPORT = '.vitest-report.json';
// Two files per core (four on two cores) unless TEST_WORKERS says otherwise.
const workers = Number(process.env.TEST_WORKERS) || availableParallelism() * 2;

/**
 * A folder in /dev/shm (memory) for the tests' temporary folders, unless TMPDIR is set or /dev/shm
 * has less than 2 GiB free (a container's is often 64 MiB). The tests write thousands of small
 * files (data folders, PostgreSQL clusters, npm packs); on a virtual machine's disk each costs
 * kernel time: copying a cluster's 39 MB took 1.3 s of CPU there and 0.1 s in /dev/shm. The
 * folder stays between runs, so a PostgreSQL template made by one run serves the next.
 */
function memoryTmpdir() {
  if (process.env.TMPDIR || process.platform !== 'linux') return undefined;
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize < 2 * 1024 ** 3) return undefined;
    const dir = '/dev/shm/flow-tests';
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    return dir;
  } catch {
    return undefined;
  }
}
const tmpdir = memoryTmpdir();

rmSync(REPORT, { force: true });
// Vitest's own entry, with this Node: npx would start npm first (~0.7 s of CPU).
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const run = spawnSync(
  process.execPath,
  [
    vitest,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORT}`,
    `--maxWorkers=${workers}`,
    '--no-isolate',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: tmpdir ? { ...process.env, TMPDIR: tmpdir } : process.env },
);
const result = existsSync(REPORT) ? JSON.parse(readFileSync(REPORT, 'utf8')) : null;
const files = result?.testResults ?? [];
const inRepo = (path) => path.replace(`${process.cwd()}/`, '');

if (process.env.RECORD_TEST_DURATIONS === '1') {
  // Each file's duration, to 0.1 s, for the order of the next runs (scripts/slowFirst.ts).
  const record = Object.fromEntries(
    files
      .map((file) => [inRepo(file.name), Math.round(((file.endTime ?? 0) - (file.startTime ?? 0)) / 100) * 100])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync('scripts/test-durations.json', `${JSON.stringify(record, null, 2)}\n`);
}

const slowest = files
  .flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({ file: inRepo(file.name), name: test.fullName, ms: test.duration ?? 0 })),
  )
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 10);
console.log(`\nThe 10 slowest tests (${((performance.now() - started) / 1000).toFixed(0)} s in all):`);
for (const t of slowest) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(5)} s  ${t.file} > ${t.name}`);

// No report (Vitest did not start), or a failing exit with no failed test in it (an error outside
// the tests, no test file found), counts as one failure.
const passed = result?.numPassedTests ?? 0;
const reported = result === null ? 0 : (result.numFailedTests ?? 0) || (result.numFailedTestSuites ?? 0);
const failed = reported === 0 && run.status !== 0 ? 1 : reported;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
