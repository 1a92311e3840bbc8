import { describe, expect, it } from 'vitest';
import { evalResultFixture } from '../testing/evalResultFixture.js';
import { compareWithBaseline } from './baseline.js';
import { readEvalResult } from '@flow/core';

describe('compareWithBaseline', () => {
  it('marks a case whose pass rate went down as a regression with its reasons, and one that went up as an improvement', () => {
    const now = evalResultFixture();
    const base = evalResultFixture();
    base.passRate = 0.8;
    const [, , b2] = base.files[0]?.cases ?? [];
    const [refund] = base.files[1]?.cases ?? [];
    if (b2 === undefined || refund === undefined) throw new Error('fixture changed');
    b2.passRate = 1;
    refund.passRate = 0;
    now.files[1]?.cases.forEach((c) => (c.passRate = 1));
    expect(compareWithBaseline(now, base)).toEqual({
      passRate: 0.8,
      changes: [
        {
          file: 'flows/orders.flowtest.json',
          name: 'lookup › B-2',
          change: 'regression',
          before: 1,
          after: 0.5,
          reasons: ['turn 1: judge: Gives the tracking link: failed (judge: It invents a date.)'],
        },
        { file: 'flows/refunds.flowtest.json', name: 'refund', change: 'improvement', before: 0, after: 1, reasons: [] },
      ],
    });
  });

  it('matches cases by file and name: the same name in another file, or a case new since the baseline, is no change', () => {
    const now = evalResultFixture();
    const base = evalResultFixture();
    const moved = base.files[0];
    if (moved === undefined) throw new Error('fixture changed');
    moved.file = 'flows/other.flowtest.json';
    moved.cases.forEach((c) => (c.passRate = 0));
    expect(compareWithBaseline(now, base).changes).toEqual([]);
  });

  it('gives each reason once, run errors included, over every run of a repeated case', () => {
    const now = evalResultFixture();
    const refund = now.files[1]?.cases[0];
    const run = refund?.runs[0];
    if (refund === undefined || run === undefined) throw new Error('fixture changed');
    refund.runs = [run, run, { ...run, assertions: [], error: 'the cassette has no more answers' }];
    refund.passRate = 0;
    const base = evalResultFixture();
    base.files[1]?.cases.forEach((c) => (c.passRate = 1));
    expect(compareWithBaseline(now, base).changes.map((c) => c.reasons)).toEqual([
      ['turn 2: expected a call to refund, got none', 'the cassette has no more answers'],
    ]);
  });
});

describe('readEvalResult', () => {
  it('reads back a result as JSON wrote it', () => {
    const result = evalResultFixture();
    result.baseline = compareWithBaseline(result, result);
    expect(readEvalResult(JSON.parse(JSON.stringify(result)))).toEqual(result);
  });

  it.each([
    ['an array', [], 'the file is not a JSON object'],
    ['a cassette', { format: 'flow-cassette/1', tests: {} }, 'format is "flow-cassette/1"'],
    ['no format', { tests: [] }, 'format is missing'],
    ['another mode', { ...evalResultFixture(), mode: 'fast' }, 'mode is not one of replay, record, live'],
    ['a pass rate over 1', { ...evalResultFixture(), passRate: 1.5 }, 'passRate is not a rate from 0 to 1'],
    [
      'a run whose ok is text',
      {
        ...evalResultFixture(),
        files: [{ file: 'a.flowtest.json', cases: [{ name: 'x', test: 'x', runs: [{ ok: 'yes' }], passRate: 1, ok: true }] }],
      },
      'files[0].cases[0].runs[0].ok is not true or false',
    ],
  ])('refuses %s', (_label, value, said) => {
    expect(() => readEvalResult(value)).toThrow(`not a flow-test-result/1 result (flowctl test --format json): ${said}`);
  });
});
