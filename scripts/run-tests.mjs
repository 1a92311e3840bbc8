// Runs every test (vitest: unit, property, server, CLI and browser tests) and ends with one line
// `N passed, N failed`, which CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const report = '.vitest-report.json';
rmSync(report, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env });

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests ?? 0;
  failed = (result.numFailedTests ?? 0) + (result.numRuntimeErrorTestSuites ?? 0);
  if (result.numFailedTestSuites && !result.numFailedTests) failed += result.numFailedTestSuites;
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
