import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareWithBaseline } from '@flow/runtime';
import { evalResultFixture } from '@flow/runtime/testing';
import { createStyle } from '../src/output.js';
import type { TextTarget } from '../src/render/textTarget.js';
import { evalText } from '../src/evals/evalText.js';
import { evalMarkdown } from '../src/evals/evalMarkdown.js';
import { evalJunitXml } from '../src/evals/evalJunit.js';
import { appendStepSummary } from '../src/evals/stepSummary.js';
import { evalStats, percent } from '../src/evals/evalStats.js';
import { removeTempDirs, tempDir } from './helpers/flows.js';

afterAll(() => removeTempDirs());

/** What evalText printed, without colours: stdout lines, then stderr lines. */
function textOf(quiet = false) {
  const out: string[] = [];
  const err: string[] = [];
  const t: TextTarget = {
    style: createStyle(false),
    errStyle: createStyle(false),
    quiet,
    out: (l) => out.push(l),
    info: (l) => err.push(l),
    error: (l) => err.push(l),
    warn: (l) => err.push(l),
  };
  return { t, out, err };
}
function withBaseline() {
  // Base: B-2 passed both runs, refund failed. Now: B-2 fails a run, refund passes (4 of 5 runs each time).
  const base = evalResultFixture();
  base.passRate = 0.8;
  const b2 = base.files[0]?.cases[2];
  if (b2 === undefined) throw new Error('fixture changed');
  b2.passRate = 1;
  const result = evalResultFixture();
  const refund = result.files[1]?.cases[0];
  const run = refund?.runs[0];
  if (refund === undefined || run === undefined) throw new Error('fixture changed');
  refund.runs = [{ ...run, ok: true, assertions: run.assertions.map((a) => ({ ...a, ok: true })) }];
  Object.assign(refund, { passRate: 1, ok: true });
  Object.assign(result, { passRate: 0.8, passed: 3, failed: 2 });
  result.baseline = compareWithBaseline(result, base);
  return result;
}

const TABLES = `FILE                         PASS RATE  RUNS
flows/orders.flowtest.json   75%        3/4
flows/refunds.flowtest.json  0%         0/1

TEST                                   PASS RATE  RUNS
flows/orders.flowtest.json › tracking  100%       1/1
flows/orders.flowtest.json › lookup    67%        2/3
flows/refunds.flowtest.json › refund   0%         0/1

ASSERTION    PASS RATE  CHECKS
toolCalls    80%        4/5
noToolCalls  100%       1/1
reply        100%       1/1
judge        67%        2/3

Latency: p50 300 ms, p95 900 ms over 5 runs
Tokens: 500 prompt, 100 completion
Slowest cases:
  flows/orders.flowtest.json › lookup › B-2 800 ms
  flows/orders.flowtest.json › lookup › A-1 300 ms
  flows/orders.flowtest.json › tracking 120 ms
  flows/refunds.flowtest.json › refund 50 ms
`;

const FAILURES = `✖ flows/broken.flowtest.json: unknown key "judgee" (line 7)
✖ flows/orders.flowtest.json › lookup › B-2 (1 of 2 runs failed)
    turn 1: judge: Gives the tracking link: failed (judge: It invents a date.)
✖ flows/refunds.flowtest.json › refund
    turn 2: expected a call to refund, got none`;

describe('evalStats', () => {
  it('reads 100% only when all passed and 0% only when none did', () => {
    expect([0, 0.001, 0.004, 0.5, 0.6666, 0.996, 0.999, 1].map(percent)).toEqual(['0%', '1%', '1%', '50%', '67%', '99%', '99%', '100%']);
  });

  it('takes the latency percentiles by nearest rank over every run, and none when nothing ran', () => {
    const result = evalResultFixture();
    const c = result.files[0]?.cases[0];
    const run = c?.runs[0];
    if (c === undefined || run === undefined) throw new Error('fixture changed');
    c.runs = Array.from({ length: 20 }, (_, i) => ({ ...run, ms: (i + 1) * 10 }));
    result.files = [{ file: 'a.flowtest.json', cases: [c] }];
    expect(evalStats(result).latency).toEqual({ p50: 100, p95: 190 });
    expect(evalStats({ ...result, files: [] }).latency).toBeNull();
  });
});

describe('evalText', () => {
  it('prints the pass rates per file, test and assertion kind, latency, tokens, the slowest cases, then the failures', () => {
    const { t, out, err } = textOf();
    evalText(evalResultFixture(), t);
    expect(out.join('\n')).toBe(`${TABLES}\n${FAILURES}\n\n✖ pass rate 60%: 2 cases passed, 3 failed (replayed from cassettes)`);
    expect(err).toEqual([]);
  });

  it('lists at most five slowest cases, slowest first', () => {
    const result = evalResultFixture();
    const orders = result.files[0];
    const tracking = orders?.cases[0];
    if (orders === undefined || tracking === undefined) throw new Error('fixture changed');
    orders.cases.push(...[1, 2, 3].map((i) => ({ ...tracking, name: `t${i}`, runs: tracking.runs.map((r) => ({ ...r, ms: 1000 * i })) })));
    const { t, out } = textOf();
    evalText(result, t);
    const slowest = out.slice(out.indexOf('Slowest cases:') + 1, out.indexOf('Slowest cases:') + 7);
    expect(slowest).toEqual([
      '  flows/orders.flowtest.json › t3 3000 ms',
      '  flows/orders.flowtest.json › t2 2000 ms',
      '  flows/orders.flowtest.json › t1 1000 ms',
      '  flows/orders.flowtest.json › lookup › B-2 800 ms',
      '  flows/orders.flowtest.json › lookup › A-1 300 ms',
      '',
    ]);
  });

  it('marks the regressions and improvements since the baseline; with --quiet, prints only the failures and changes', () => {
    const changes = `▼ regression flows/orders.flowtest.json › lookup › B-2: 100% → 50%
▲ improvement flows/refunds.flowtest.json › refund: 0% → 100%`;
    const failures = FAILURES.split('\n').slice(0, 3).join('\n');
    const full = textOf();
    evalText(withBaseline(), full.t);
    expect(full.out.join('\n')).toContain(
      `\n\n${failures}\n${changes}\n\n✖ pass rate 80% (baseline 80%): 3 cases passed, 2 failed (replayed from cassettes)`,
    );
    const quiet = textOf(true);
    evalText(withBaseline(), quiet.t);
    expect(quiet.out.join('\n')).toBe(`${failures}\n${changes}`);
  });

  it('says which cassettes were recorded on stderr', () => {
    const result = evalResultFixture();
    result.mode = 'record';
    result.recorded = ['flows/orders.cassette.json'];
    const { t, out, err } = textOf();
    evalText(result, t);
    expect(err).toEqual(['recorded flows/orders.cassette.json']);
    expect(out.at(-1)).toBe('✖ pass rate 60%: 2 cases passed, 3 failed (recorded)');
  });
});

describe('evalMarkdown', () => {
  const files = `#### flows/orders.flowtest.json · 75% (3/4)

| Case | Pass rate | Runs | Time |
| --- | ---: | ---: | ---: |
| ✅ tracking | 100% | 1/1 | 120 ms |
| ✅ lookup › A-1 | 100% | 1/1 | 300 ms |
| ❌ lookup › B-2 | 50% | 1/2 | 800 ms |`;

  it('gives the pass rate, a table per file, the file that could not run and the failing cases folded', () => {
    expect(evalMarkdown(evalResultFixture())).toBe(`### Conversation tests

**Pass rate 60%** (3 of 5 runs passed)

${files}

#### flows/refunds.flowtest.json · 0% (0/1)

| Case | Pass rate | Runs | Time |
| --- | ---: | ---: | ---: |
| ❌ refund | 0% | 0/1 | 50 ms |

#### flows/broken.flowtest.json

❌ Could not run: unknown key "judgee" (line 7)

<details><summary>2 failing cases</summary>

- **flows/orders.flowtest.json › lookup › B-2**
  - turn 1: judge: Gives the tracking link: failed (judge: It invents a date.)
- **flows/refunds.flowtest.json › refund**
  - turn 2: expected a call to refund, got none

</details>
`);
  });

  it('with a baseline: the pass rate now and then, the regression with its reasons, the improvement', () => {
    expect(evalMarkdown(withBaseline())).toBe(`### Conversation tests

**Pass rate 80%** (4 of 5 runs passed) · baseline 80% · 1 regression · 1 improvement

${files}

#### flows/refunds.flowtest.json · 100% (1/1)

| Case | Pass rate | Runs | Time |
| --- | ---: | ---: | ---: |
| ✅ refund | 100% | 1/1 | 50 ms |

#### flows/broken.flowtest.json

❌ Could not run: unknown key "judgee" (line 7)

#### Regressions

- **flows/orders.flowtest.json › lookup › B-2**: 100% → 50%
  - turn 1: judge: Gives the tracking link: failed (judge: It invents a date.)

#### Improvements

- **flows/refunds.flowtest.json › refund**: 0% → 100%

<details><summary>1 failing case</summary>

- **flows/orders.flowtest.json › lookup › B-2**
  - turn 1: judge: Gives the tracking link: failed (judge: It invents a date.)

</details>
`);
  });

  it('shows names and reasons as text: no table cell broken, no HTML or link made', () => {
    const result = evalResultFixture();
    const c = result.files[1]?.cases[0];
    const assertion = c?.runs[0]?.assertions[0];
    if (c === undefined || assertion === undefined) throw new Error('fixture changed');
    c.name = 'a | b <img src=x>';
    assertion.message = 'said [click](https://evil.example)\n</details>';
    const markdown = evalMarkdown(result);
    expect(markdown).toContain('| ❌ a &#124; b &#60;img src=x&#62; | 0% | 0/1 | 50 ms |');
    expect(markdown).toContain('  - said &#91;click&#93;(https://evil.example)<br>&#60;/details&#62;\n');
  });
});

describe('evalJunitXml', () => {
  it('has a suite per file and a test case per case, each failing case with its reasons, the file that could not run as a failure', () => {
    expect(evalJunitXml(evalResultFixture())).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="flowctl test" tests="5" failures="3" errors="0">
  <testsuite name="flows/orders.flowtest.json" tests="3" failures="1" errors="0" skipped="0">
    <testcase name="tracking" classname="flows/orders.flowtest.json" time="0.120"/>
    <testcase name="lookup › A-1" classname="flows/orders.flowtest.json" time="0.300"/>
    <testcase name="lookup › B-2" classname="flows/orders.flowtest.json" time="1.600">
      <failure message="turn 1: judge: Gives the tracking link: failed (judge: It invents a date.)">1 of 2 runs failed
turn 1: judge: Gives the tracking link: failed (judge: It invents a date.)</failure>
    </testcase>
  </testsuite>
  <testsuite name="flows/refunds.flowtest.json" tests="1" failures="1" errors="0" skipped="0">
    <testcase name="refund" classname="flows/refunds.flowtest.json" time="0.050">
      <failure message="turn 2: expected a call to refund, got none">turn 2: expected a call to refund, got none</failure>
    </testcase>
  </testsuite>
  <testsuite name="flows/broken.flowtest.json" tests="1" failures="1" errors="0" skipped="0">
    <testcase name="flows/broken.flowtest.json" classname="flowctl.test">
      <failure message="unknown key &quot;judgee&quot; (line 7)"/>
    </testcase>
  </testsuite>
</testsuites>
`);
  });

  it('escapes names and reasons, control characters included', () => {
    const result = evalResultFixture();
    const c = result.files[1]?.cases[0];
    const assertion = c?.runs[0]?.assertions[0];
    if (c === undefined || assertion === undefined) throw new Error('fixture changed');
    c.name = '<a & "b">';
    assertion.message = "it's \u0007<x>";
    const xml = evalJunitXml(result);
    expect(xml).toContain('<testcase name="&lt;a &amp; &quot;b&quot;&gt;" classname="flows/refunds.flowtest.json" time="0.050">');
    expect(xml).toContain('<failure message="it&apos;s \uFFFD&lt;x&gt;">it&apos;s \uFFFD&lt;x&gt;</failure>');
  });
});

describe('appendStepSummary', () => {
  it('appends the markdown to the file GITHUB_STEP_SUMMARY names, after what is there', async () => {
    const file = join(tempDir('flowctl-summary-'), 'step_summary');
    writeFileSync(file, '## Build\n');
    expect(await appendStepSummary('### Conversation tests\n', { GITHUB_STEP_SUMMARY: file })).toBe(file);
    expect(await appendStepSummary('two', { GITHUB_STEP_SUMMARY: file })).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe('## Build\n\n### Conversation tests\n\ntwo\n');
  });

  it('writes nothing when GITHUB_STEP_SUMMARY is not set or empty', async () => {
    const dir = tempDir('flowctl-summary-');
    expect(await appendStepSummary('### Conversation tests\n', {}, dir)).toBeNull();
    expect(await appendStepSummary('### Conversation tests\n', { GITHUB_STEP_SUMMARY: '' }, dir)).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says which file it could not write', async () => {
    const dir = tempDir('flowctl-summary-');
    await expect(appendStepSummary('x', { GITHUB_STEP_SUMMARY: dir })).rejects.toThrow(
      `Cannot append to GITHUB_STEP_SUMMARY (${dir}): EISDIR: illegal operation on a directory, open '${dir}'`,
    );
  });
});
