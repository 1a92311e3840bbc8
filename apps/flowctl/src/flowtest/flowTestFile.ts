import { getAtPath, isRecord } from '@flow/core';
import type { TurnTrace } from '@flow/runtime';

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

export interface TurnExpectation {
  toolCalls?: ToolCallExpectation[];
  noToolCalls?: boolean;
  variables?: Record<string, string>;
  reply?: ReplyExpectation;
}

export interface FlowTestTurn {
  user: string;
  expect?: TurnExpectation;
}

export interface FlowTest {
  name: string;
  turns: FlowTestTurn[];
}

/** A `*.flowtest.json` file: the flow it talks to (relative to the file) and its tests. */
export interface FlowTestFile {
  flow: string;
  tests: FlowTest[];
}

export const FLOWTEST_SUFFIX = '.flowtest.json';
/** Where a test file's recorded model answers and HTTP results are kept. */
export const cassettePath = (testFile: string): string => `${testFile.slice(0, -FLOWTEST_SUFFIX.length)}.cassette.json`;

const isStringMap = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

/** The file's content, checked; a problem is one message naming where it is. */
export function readFlowTestFile(value: unknown): { ok: true; file: FlowTestFile } | { ok: false; problem: string } {
  if (!isRecord(value) || typeof value.flow !== 'string' || value.flow === '')
    return { ok: false, problem: '"flow" must name the flow file the tests talk to' };
  if (!Array.isArray(value.tests) || value.tests.length === 0) return { ok: false, problem: '"tests" must be a list of tests' };
  const tests: FlowTest[] = [];
  const names = new Set<string>();
  for (const [i, test] of value.tests.entries()) {
    const at = `tests[${i}]`;
    if (!isRecord(test) || typeof test.name !== 'string' || test.name === '') return { ok: false, problem: `${at}: a test needs a "name"` };
    if (names.has(test.name)) return { ok: false, problem: `${at}: two tests are named "${test.name}"` };
    names.add(test.name);
    if (!Array.isArray(test.turns) || test.turns.length === 0) return { ok: false, problem: `${at}: "turns" must be a list of turns` };
    const turns: FlowTestTurn[] = [];
    for (const [j, turn] of test.turns.entries()) {
      const where = `${at}.turns[${j}]`;
      if (!isRecord(turn) || typeof turn.user !== 'string' || turn.user === '')
        return { ok: false, problem: `${where}: a turn needs the "user" message` };
      const expect = turn.expect;
      if (expect === undefined) {
        turns.push({ user: turn.user });
        continue;
      }
      if (!isRecord(expect)) return { ok: false, problem: `${where}.expect must be an object` };
      const checked: TurnExpectation = {};
      const calls = expect.toolCalls;
      if (calls !== undefined) {
        if (!Array.isArray(calls)) return { ok: false, problem: `${where}.expect.toolCalls must be a list` };
        checked.toolCalls = [];
        for (const call of calls) {
          if (
            !isRecord(call) ||
            typeof call.name !== 'string' ||
            (call.arguments !== undefined && !isStringMap(call.arguments)) ||
            (call.functionType !== undefined && typeof call.functionType !== 'string')
          ) {
            return {
              ok: false,
              problem: `${where}.expect.toolCalls: each needs a "name" and may have "functionType" and "arguments" (text values)`,
            };
          }
          checked.toolCalls.push({
            name: call.name,
            ...(typeof call.functionType === 'string' ? { functionType: call.functionType } : {}),
            ...(isStringMap(call.arguments) ? { arguments: call.arguments } : {}),
          });
        }
      }
      if (expect.noToolCalls === true) checked.noToolCalls = true;
      if (expect.variables !== undefined) {
        if (!isStringMap(expect.variables)) return { ok: false, problem: `${where}.expect.variables must map names to text` };
        checked.variables = expect.variables;
      }
      const reply = expect.reply;
      if (reply !== undefined) {
        if (!isRecord(reply)) return { ok: false, problem: `${where}.expect.reply must be an object` };
        const wanted: ReplyExpectation = {};
        if (typeof reply.contains === 'string') wanted.contains = reply.contains;
        if (typeof reply.matches === 'string') {
          try {
            new RegExp(reply.matches);
          } catch {
            return { ok: false, problem: `${where}.expect.reply.matches is not a regular expression` };
          }
          wanted.matches = reply.matches;
        }
        if (reply.json !== undefined) {
          if (!isRecord(reply.json) || typeof reply.json.path !== 'string' || !('equals' in reply.json))
            return { ok: false, problem: `${where}.expect.reply.json needs "path" and "equals"` };
          wanted.json = { path: reply.json.path, equals: reply.json.equals };
        }
        checked.reply = wanted;
      }
      turns.push({ user: turn.user, expect: checked });
    }
    tests.push({ name: test.name, turns });
  }
  return { ok: true, file: { flow: value.flow, tests } };
}

const shown = (args: Record<string, string>): string => JSON.stringify(args);

/** The first JSON object or array in a reply (models often wrap it in prose or a fence). */
function replyJson(reply: string): unknown {
  const start = reply.search(/[[{]/);
  if (start === -1) return undefined;
  for (let end = reply.length; end > start; end--) {
    try {
      return JSON.parse(reply.slice(start, end));
    } catch {
      // shorter
    }
  }
  return undefined;
}

/** What a turn did that it should not have: one message each, empty when it passed. */
export function turnFailures(expect: TurnExpectation | undefined, trace: TurnTrace, variables: Readonly<Record<string, string>>): string[] {
  if (expect === undefined) return [];
  const failures: string[] = [];
  const made = trace.toolCalls;
  const madeText = made.length === 0 ? 'no tool call' : made.map((c) => `${c.name}(${shown(c.arguments)})`).join(', ');
  if (expect.noToolCalls && made.length > 0) failures.push(`expected no tool call, got ${madeText}`);
  let from = 0;
  for (const wanted of expect.toolCalls ?? []) {
    const index = made.findIndex(
      (c, i) =>
        i >= from &&
        c.name === wanted.name &&
        (wanted.functionType === undefined || c.functionType === wanted.functionType) &&
        Object.entries(wanted.arguments ?? {}).every(([k, v]) => Object.hasOwn(c.arguments, k) && c.arguments[k] === v),
    );
    if (index === -1) {
      failures.push(`expected a call of ${wanted.name}${wanted.arguments ? ` with ${shown(wanted.arguments)}` : ''}, got ${madeText}`);
      break;
    }
    from = index + 1;
  }
  for (const [name, value] of Object.entries(expect.variables ?? {})) {
    // Own keys only: an expected `toString` is not set until the flow sets it.
    const actual = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (actual !== value)
      failures.push(
        actual === undefined ? `variable ${name} is not set, expected "${value}"` : `variable ${name} is "${actual}", expected "${value}"`,
      );
  }
  const reply = expect.reply;
  const quoted = JSON.stringify(trace.reply.length > 200 ? `${trace.reply.slice(0, 200)}…` : trace.reply);
  if (reply?.contains !== undefined && !trace.reply.includes(reply.contains))
    failures.push(`the reply does not contain "${reply.contains}": ${quoted}`);
  if (reply?.matches !== undefined && !new RegExp(reply.matches).test(trace.reply))
    failures.push(`the reply does not match /${reply.matches}/: ${quoted}`);
  if (reply?.json !== undefined) {
    const parsed = replyJson(trace.reply);
    const path = reply.json.path.replace(/^\$\.?/, '');
    const actual = parsed === undefined ? undefined : path === '' ? parsed : getAtPath(parsed, path);
    if (JSON.stringify(actual) !== JSON.stringify(reply.json.equals)) {
      failures.push(
        parsed === undefined
          ? `the reply holds no JSON: ${quoted}`
          : `the reply's ${reply.json.path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(reply.json.equals)}`,
      );
    }
  }
  return failures;
}
