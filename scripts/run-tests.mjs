// Runs every test and ends with one line `N passed, N failed`, which CI reads, after the 10
// slowest tests. Unit, property, server and CLI tests run three files at a time (many of them
// wait on child processes, so two cores keep up with three); the browser tests (each file starts
// a provider and uses Chromium's headless shell) three files at a time too: with the full Chromium more
// than two made them slower and flaky on two cores, with the lighter shell two left a quarter of
// the CPU idle (208 s) and three fill it (171 s); four were no faster (156-164 s against 158-168 s).
// Both parts share a worker's module cache between files (--no-isolate): a file no longer imports
// the server, Playwright or the CLI again (unit part 93 s -> 78 s on two cores). Each browser file
// starts its own provider and browser context, in the worker's one browser, with a fresh page per
// test (test/harness.ts).
// Running both parts at once was tried: no faster (226 s), the two cores are busy either way.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const BROWSER_TESTS = 'apps/editor/test/';
const started = performance.now();
const extra = process.argv.slice(2);

/** Every test of a JSON report with its file and duration. */
function timings(result) {
  return (result.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      file: file.name.replace(`${process.cwd()}/`, ''),
      name: test.fullName,
      ms: test.duration ?? 0,
    })),
  );
}

function vitest(name, args) {
  const report = `.vitest-report-${name}.json`;
  rmSync(report, { force: true });
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args, ...extra],
    {
      stdio: 'inherit',
      env: process.env,
    },
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, ok: false, tests: [], files: [] };
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const failed = (result.numFailedTests ?? 0) + (result.numFailedTestSuites && !result.numFailedTests ? result.numFailedTestSuites : 0);
  const files = (result.testResults ?? []).map((file) => ({
    file: file.name.replace(`${process.cwd()}/`, ''),
    ms: (file.endTime ?? 0) - (file.startTime ?? 0),
  }));
  return { passed: result.numPassedTests ?? 0, failed, ok: run.status === 0 && failed === 0, tests: timings(result), files };
}

const unit = vitest('unit', ['--exclude', `${BROWSER_TESTS}**`, '--maxWorkers=3', '--no-isolate']);
const browser = vitest('browser', [BROWSER_TESTS, '--maxWorkers=3', '--no-isolate']);
if (process.env.RECORD_TEST_DURATIONS === '1') {
  // Each file's duration, to 0.1 s, for the order of the next runs (scripts/slowFirst.ts).
  const files = [unit.files, browser.files].flat().sort((a, b) => a.file.localeCompare(b.file));
  const record = Object.fromEntries(files.map((f) => [f.file, Math.round(f.ms / 100) * 100]));
  writeFileSync('scripts/test-durations.json', `${JSON.stringify(record, null, 2)}\n`);
}
const slowest = [...unit.tests, ...browser.tests].sort((a, b) => b.ms - a.ms).slice(0, 10);
console.log(`\nThe 10 slowest tests (${((performance.now() - started) / 1000).toFixed(0)} s in all):`);
for (const t of slowest) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(5)} s  ${t.file} > ${t.name}`);
const passed = unit.passed + browser.passed;
const failed = unit.failed + browser.failed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(unit.ok && browser.ok ? 0 : 1);
