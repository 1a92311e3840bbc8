// Runs every test and ends with one line `N passed, N failed`, which CI reads. Unit, property,
// server and CLI tests run in parallel; the browser tests (each file starts a provider and a
// Chromium) run one file at a time, so that two cores are not shared by several browsers.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const BROWSER_TESTS = 'apps/editor/test/';
const extra = process.argv.slice(2);

function vitest(name, args) {
  const report = `.vitest-report-${name}.json`;
  rmSync(report, { force: true });
  const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args, ...extra], {
    stdio: 'inherit',
    env: process.env,
  });
  if (!existsSync(report)) return { passed: 0, failed: 1, ok: false };
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const failed = (result.numFailedTests ?? 0) + (result.numFailedTestSuites && !result.numFailedTests ? result.numFailedTestSuites : 0);
  return { passed: result.numPassedTests ?? 0, failed, ok: run.status === 0 && failed === 0 };
}

const unit = vitest('unit', ['--exclude', `${BROWSER_TESTS}**`]);
const browser = vitest('browser', [BROWSER_TESTS, '--no-file-parallelism']);
const passed = unit.passed + browser.passed;
const failed = unit.failed + browser.failed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(unit.ok && browser.ok ? 0 : 1);
