// The `*.flowtest.json` format: a flow, its tests, each test's turns (or cases, or a simulated user)
// and what each turn must do. testFile.ts reads it strictly.

/** What a turn's reply must say. */
export interface ReplyExpectation {
  contains?: string;
  /** A regular expression (JavaScript syntax). */
  matches?: string;
  /** The reply read as JSON: the value at `path` (dotted, `$.` optional) equals `equals`. */
  json?: { path: string; equals: unknown };
}

/** A tool call a turn must make: its name, and the arguments it must have (others may be there too). */
export interface ToolCallExpectation {
  name: string;
  functionType?: string;
  arguments?: Record<string, string>;
}

/** A model's verdict on the reply against a rubric. */
export interface JudgeExpectation {
  rubric: string;
}

export interface TurnExpectation {
  toolCalls?: ToolCallExpectation[];
  noToolCalls?: boolean;
  variables?: Record<string, string>;
  reply?: ReplyExpectation;
  judge?: JudgeExpectation;
}

export interface FlowTestTurn {
  user: string;
  expect?: TurnExpectation;
}

/** A second model plays the user until its goal is reached or `maxTurns` turns were taken. */
export interface SimulatedUser {
  persona: string;
  goal: string;
  maxTurns: number;
}

/** One case of a test's dataset: values for the test's `{{vars}}`, or turns of its own. */
export interface FlowTestCase {
  name?: string;
  vars?: Record<string, string>;
  turns?: FlowTestTurn[];
}

export interface FlowTest {
  name: string;
  turns?: FlowTestTurn[];
  simulate?: SimulatedUser;
  /** With `simulate`: checked once over the whole conversation. */
  expect?: TurnExpectation;
  /** A `.jsonl` file beside the test file, or the cases themselves. */
  cases?: string | FlowTestCase[];
}

/** A `*.flowtest.json` file: the flow it talks to (relative to the file) and its tests. */
export interface FlowTestFile {
  flow: string;
  tests: FlowTest[];
}

export const DEFAULT_SIMULATED_TURNS = 6;
/** A simulated conversation's most turns: each is two model calls or more. */
export const MAX_SIMULATED_TURNS = 50;
