import { caseFailureReasons, type CaseResult, type EvalResult } from '@flow/runtime';
import { xmlEscape } from '../render/junit.js';

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function testcase(file: string, c: CaseResult): string {
  const ms = c.runs.reduce((sum, r) => sum + r.ms, 0);
  const open = `    <testcase name="${xmlEscape(c.name)}" classname="${xmlEscape(file)}" time="${seconds(ms)}"`;
  if (c.ok) return `${open}/>`;
  const reasons = caseFailureReasons(c);
  const failed = c.runs.filter((r) => !r.ok).length;
  const runs = c.runs.length > 1 ? [`${failed} of ${c.runs.length} runs failed`] : [];
  const message = reasons[0] ?? 'failed';
  return `${open}>\n      <failure message="${xmlEscape(message)}">${xmlEscape([...runs, ...reasons].join('\n'))}</failure>\n    </testcase>`;
}

/** A test run as JUnit XML: a suite per test file, a test case per case (its runs' time), a failure per failing case with its reasons. */
export function evalJunitXml(result: EvalResult): string {
  const suites = result.files.map((file) => {
    const cases =
      file.problem !== undefined
        ? [
            `    <testcase name="${xmlEscape(file.file)}" classname="flowctl.test">\n      <failure message="${xmlEscape(file.problem)}"/>\n    </testcase>`,
          ]
        : file.cases.map((c) => testcase(file.file, c));
    const tests = file.problem !== undefined ? 1 : file.cases.length;
    const failures = file.problem !== undefined ? 1 : file.cases.filter((c) => !c.ok).length;
    return [
      `  <testsuite name="${xmlEscape(file.file)}" tests="${tests}" failures="${failures}" errors="0" skipped="0">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const tests = result.files.reduce((sum, f) => sum + (f.problem !== undefined ? 1 : f.cases.length), 0);
  const failures = result.files.reduce((sum, f) => sum + (f.problem !== undefined ? 1 : f.cases.filter((c) => !c.ok).length), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="flowctl test" tests="${tests}" failures="${failures}" errors="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
