// What running conversation tests found: one result per case (a test, or one case of its dataset),
// each run of it (--repeat), each assertion with its kind. The runtime's runner makes it; flowctl's
// formats, the provider's test runs (and the editor's Tests view reading them) and the bench read it.

/** How a test run talks to the model and the outside services. */
export type EvalMode = 'replay' | 'record' | 'live';

/** The kinds of assertion a turn's `expect` (or a simulated conversation's) may hold. */
// `toolSchema`: a live or recording run found an MCP tool's input schema changed since the cassette was recorded.
export const ASSERTION_KINDS = ['toolCalls', 'noToolCalls', 'variables', 'reply', 'judge', 'toolSchema'] as const;
export type AssertionKind = (typeof ASSERTION_KINDS)[number];

/** One assertion checked once. */
export interface AssertionResult {
  kind: AssertionKind;
  /** The turn it checked (1-based), or null for the whole conversation (a simulated user's test). */
  turn: number | null;
  ok: boolean;
  /** What was checked and, when it failed, why (`turn 2: the reply does not contain "tracking"`). */
  message: string;
  /** The judge's reason for its verdict (kind `judge` only). */
  reason?: string;
}

/** One exchange of a case's conversation, as the Tests view and the JSON report show it. */
export interface EvalTranscriptTurn {
  user: string;
  reply: string;
  toolCalls: { name: string; arguments: Record<string, string>; output: string; error?: string }[];
}

/** One run of a case. */
export interface CaseRun {
  ok: boolean;
  assertions: AssertionResult[];
  /** Why the run could not finish (the cassette ran out, the model failed), when it did not. */
  error?: string;
  ms: number;
  tokens: { prompt: number; completion: number };
  transcript: EvalTranscriptTurn[];
}

/** A test, or one case of its dataset (`name` is then `test › case`), with its runs. */
export interface CaseResult {
  /** Unique within its file: the test's name, or `{test} › {case}` for a dataset's case. */
  name: string;
  test: string;
  case?: string;
  runs: CaseRun[];
  /** Runs that passed over runs made (0..1). */
  passRate: number;
  /** Every run passed. */
  ok: boolean;
}

export interface FileResult {
  file: string;
  /** A problem with the file itself (not JSON, unknown key, no flow, no cassette): its cases did not run. */
  problem?: string;
  cases: CaseResult[];
}

/** A case compared with the same case of a baseline result (`--baseline`). */
export interface CaseChange {
  file: string;
  name: string;
  change: 'regression' | 'improvement';
  before: number;
  after: number;
  /** The failing assertions' messages and judge reasons now (regressions). */
  reasons: string[];
}

/** The format name of an EvalResult document. */
export const EVAL_RESULT_FORMAT = 'flow-test-result/1';

/** The whole run: what `flowctl test --format json` prints and `--baseline` reads back. */
export interface EvalResult {
  format: typeof EVAL_RESULT_FORMAT;
  mode: EvalMode;
  files: FileResult[];
  /** Over every run of every case (0..1); 1 when nothing ran. */
  passRate: number;
  /** Cases whose every run passed. */
  passed: number;
  /** Cases with a failed run, plus files that could not run (their `problem`). */
  failed: number;
  /** Cassettes written (with --record). */
  recorded: string[];
  /** Set when a baseline was given: its overall pass rate and the cases that changed. */
  baseline?: { passRate: number; changes: CaseChange[] };
}
