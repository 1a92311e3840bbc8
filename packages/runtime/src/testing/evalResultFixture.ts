// A small, fixed EvalResult for the tests of everything that reads one (baseline, formats, comment).
import type { AssertionResult, CaseResult, CaseRun, EvalResult } from '@flow/core';

const passed = (kind: AssertionResult['kind'], turn: number | null, message: string): AssertionResult => ({
  kind,
  turn,
  ok: true,
  message,
});

function caseRun(ms: number, assertions: AssertionResult[], error?: string): CaseRun {
  return {
    ok: error === undefined && assertions.every((a) => a.ok),
    assertions,
    ...(error === undefined ? {} : { error }),
    ms,
    tokens: { prompt: 100, completion: 20 },
    transcript: [],
  };
}

function caseOf(name: string, runs: CaseRun[], test = name, dataset?: string): CaseResult {
  const ok = runs.filter((r) => r.ok).length;
  return {
    name,
    test,
    ...(dataset === undefined ? {} : { case: dataset }),
    runs,
    passRate: runs.length === 0 ? 1 : ok / runs.length,
    ok: ok === runs.length,
  };
}

/**
 * Two files: orders (a judged test passing, a dataset's two cases, one failing its judge on one
 * run of two) and refunds (one test whose tool call failed), plus a file that could not run.
 */
export function evalResultFixture(): EvalResult {
  const tracking = passed('toolCalls', 1, 'turn 1: calls lookup_order');
  const judged = (ok: boolean, reason: string): AssertionResult => ({
    kind: 'judge',
    turn: 1,
    ok,
    message: ok ? 'turn 1: judge: Gives the tracking link' : 'turn 1: judge: Gives the tracking link: failed',
    reason,
  });
  return {
    format: 'flow-test-result/1',
    mode: 'replay',
    files: [
      {
        file: 'flows/orders.flowtest.json',
        cases: [
          caseOf('tracking', [caseRun(120, [tracking, judged(true, 'The link is given.')])]),
          caseOf('lookup › A-1', [caseRun(300, [tracking, passed('reply', 1, 'turn 1: the reply contains "A-1"')])], 'lookup', 'A-1'),
          caseOf(
            'lookup › B-2',
            [caseRun(900, [tracking, judged(false, 'It invents a date.')]), caseRun(700, [tracking, judged(true, 'Fine.')])],
            'lookup',
            'B-2',
          ),
        ],
      },
      {
        file: 'flows/refunds.flowtest.json',
        cases: [
          caseOf('refund', [
            caseRun(50, [
              { kind: 'toolCalls', turn: 2, ok: false, message: 'turn 2: expected a call to refund, got none' },
              passed('noToolCalls', 1, 'turn 1: no tool calls'),
            ]),
          ]),
        ],
      },
      { file: 'flows/broken.flowtest.json', problem: 'unknown key "judgee" (line 7)', cases: [] },
    ],
    passRate: 0.6,
    // Cases, and the file that could not run.
    passed: 2,
    failed: 3,
    recorded: [],
  };
}
