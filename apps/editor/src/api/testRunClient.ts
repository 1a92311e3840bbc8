import {
  errorMessage,
  isRecord,
  readEvalResult,
  type AssertionResult,
  type EvalResult,
  type EvalTranscriptTurn,
  type FlowDocument,
} from '@flow/core';
import { providerUrl } from './providerUrl';

/** One case of a run as the Tests view shows it: its latest run's assertions and trace. */
export interface RunCase {
  file: string;
  name: string;
  ok: boolean;
  passRate: number;
  runs: number;
  error?: string;
  assertions: AssertionResult[];
  transcript: EvalTranscriptTurn[];
  ms: number;
}

export interface RunSummary {
  passRate: number;
  passed: number;
  failed: number;
  /** Problems with a test file itself (its cases did not run). */
  problems: string[];
  cases: RunCase[];
}

/** What the provider's run answered, checked by core's reader of results (a provider is outside this page), one case a row. */
export function readRunResult(value: unknown): RunSummary {
  let result: EvalResult;
  try {
    result = readEvalResult(value);
  } catch (error) {
    throw new Error(`The provider did not answer with a test result: ${errorMessage(error)}`);
  }
  return {
    passRate: result.passRate,
    passed: result.passed,
    failed: result.failed,
    problems: result.files.flatMap((f) => (f.problem === undefined ? [] : [`${f.file}: ${f.problem}`])),
    cases: result.files.flatMap((file) =>
      file.cases.map((c) => {
        const last = c.runs.at(-1);
        return {
          file: file.file,
          name: c.name,
          ok: c.ok,
          passRate: c.passRate,
          runs: c.runs.length,
          ...(last?.error === undefined ? {} : { error: last.error }),
          assertions: last?.assertions ?? [],
          transcript: last?.transcript ?? [],
          ms: last?.ms ?? 0,
        };
      }),
    ),
  };
}

/**
 * Runs the plan version's tests on the provider against the flow as it is on screen: replayed from
 * their cassette (no model, no network), or live (the provider's model and the tools' services).
 */
export async function runPlanTests(planId: string, versionName: string, doc: FlowDocument, live: boolean): Promise<RunSummary> {
  const response = await fetch(`${providerUrl()}/api/flows/${encodeURIComponent(planId)}/${encodeURIComponent(versionName)}/tests/run`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ doc, live }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const said =
      isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string' ? body.error.message : `HTTP ${response.status}`;
    throw new Error(said);
  }
  return readRunResult(body);
}
