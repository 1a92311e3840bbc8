import {
  ASSERTION_KINDS,
  EVAL_RESULT_FORMAT,
  isRecord,
  type AssertionKind,
  type AssertionResult,
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

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const stringMap = (value: unknown): Record<string, string> =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const isKind = (value: unknown): value is AssertionKind => ASSERTION_KINDS.some((kind) => kind === value);

function assertionOf(value: unknown): AssertionResult | null {
  if (!isRecord(value)) return null;
  const kind = value.kind;
  if (!isKind(kind)) return null;
  return {
    kind,
    turn: typeof value.turn === 'number' ? value.turn : null,
    ok: value.ok === true,
    message: text(value.message),
    ...(typeof value.reason === 'string' ? { reason: value.reason } : {}),
  };
}

function turnOf(value: unknown): EvalTranscriptTurn {
  const turn = isRecord(value) ? value : {};
  return {
    user: text(turn.user),
    reply: text(turn.reply),
    toolCalls: list(turn.toolCalls)
      .filter(isRecord)
      .map((c) => ({
        name: text(c.name),
        arguments: stringMap(c.arguments),
        output: text(c.output),
        ...(typeof c.error === 'string' ? { error: c.error } : {}),
      })),
  };
}

/** What the provider's run answered, read field by field (a provider is outside this page). */
export function readRunResult(value: unknown): RunSummary {
  if (!isRecord(value) || value.format !== EVAL_RESULT_FORMAT) throw new Error('The provider did not answer with a test result');
  const files = list(value.files).filter(isRecord);
  const cases: RunCase[] = files.flatMap((file) =>
    list(file.cases)
      .filter(isRecord)
      .map((c) => {
        const runs = list(c.runs).filter(isRecord);
        const last = runs.at(-1) ?? {};
        return {
          file: text(file.file),
          name: text(c.name),
          ok: c.ok === true,
          passRate: typeof c.passRate === 'number' ? c.passRate : 0,
          runs: runs.length,
          ...(typeof last.error === 'string' ? { error: last.error } : {}),
          assertions: list(last.assertions)
            .map(assertionOf)
            .filter((a) => a !== null),
          transcript: list(last.transcript).map(turnOf),
          ms: typeof last.ms === 'number' ? last.ms : 0,
        };
      }),
  );
  return {
    passRate: typeof value.passRate === 'number' ? value.passRate : 0,
    passed: typeof value.passed === 'number' ? value.passed : 0,
    failed: typeof value.failed === 'number' ? value.failed : 0,
    problems: files.flatMap((f) => (typeof f.problem === 'string' ? [`${text(f.file)}: ${f.problem}`] : [])),
    cases,
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
