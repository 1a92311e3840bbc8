// The `*.flowtest.json` format, read strictly: every object's keys are listed once below, and a key
// not listed is an error naming it and its line, so a misspelt `judge` never passes silently.
import { isRecord, jsonPath, jsonPositions, parseJsonValue, type PathSegment } from '@flow/core';
import {
  DEFAULT_SIMULATED_TURNS,
  MAX_SIMULATED_TURNS,
  type FlowTest,
  type FlowTestCase,
  type FlowTestFile,
  type FlowTestTurn,
  type JudgeExpectation,
  type ReplyExpectation,
  type SimulatedUser,
  type ToolCallExpectation,
  type TurnExpectation,
} from './flowTest.js';

/** The keys of T, listed: a key of T left out, or one T does not have, does not compile. */
const keysOf =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(keys: K & ([keyof T] extends [K[number]] ? unknown : never)): readonly string[] =>
    keys;

/** The keys each object of the format may hold, tied to its type: read by the strict check. */
const KEYS = {
  file: keysOf<FlowTestFile>()(['flow', 'tests']),
  test: keysOf<FlowTest>()(['name', 'turns', 'simulate', 'expect', 'cases']),
  turn: keysOf<FlowTestTurn>()(['user', 'expect']),
  expect: keysOf<TurnExpectation>()(['toolCalls', 'noToolCalls', 'variables', 'reply', 'judge']),
  toolCall: keysOf<ToolCallExpectation>()(['name', 'functionType', 'arguments']),
  reply: keysOf<ReplyExpectation>()(['contains', 'matches', 'json']),
  json: keysOf<NonNullable<ReplyExpectation['json']>>()(['path', 'equals']),
  judge: keysOf<JudgeExpectation>()(['rubric']),
  simulate: keysOf<SimulatedUser>()(['persona', 'goal', 'maxTurns']),
  case: keysOf<FlowTestCase>()(['name', 'vars', 'turns']),
};

/** A problem of a test file, with where it is. */
export class FlowTestProblem extends Error {
  override name = 'FlowTestProblem';
}

const isStringMap = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

/** Reads one JSON value of the format; `line(path)` says where a value is in the text it came from. */
class Reader {
  constructor(private readonly line: (segments: readonly PathSegment[]) => number | undefined) {}

  /** `tests[0].turns[1]` for messages (the JSON path without `$.`). */
  where(segments: readonly PathSegment[]): string {
    return jsonPath(segments).replace(/^\$\.?/, '');
  }

  /** A problem at `segments`, with the line of the value at `lineAt` (a key's own value, for an unknown key). */
  fail(segments: readonly PathSegment[], message: string, lineAt: readonly PathSegment[] = segments): never {
    const at = this.where(segments);
    const line = this.line(lineAt);
    throw new FlowTestProblem(`${at === '' ? '' : `${at}: `}${message}${line === undefined ? '' : ` (line ${line})`}`);
  }

  object(value: unknown, segments: readonly PathSegment[], kind: keyof typeof KEYS, what: string): Record<string, unknown> {
    if (!isRecord(value)) this.fail(segments, `${what} must be an object`);
    const allowed = KEYS[kind];
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.fail(segments, `unknown key "${key}"`, [...segments, key]);
    }
    return value;
  }

  text(value: unknown, segments: readonly PathSegment[], message: string): string {
    if (typeof value !== 'string' || value.trim() === '') this.fail(segments, message);
    return value;
  }

  turns(value: unknown, segments: readonly PathSegment[]): FlowTestTurn[] {
    if (!Array.isArray(value) || value.length === 0) this.fail(segments, '"turns" must be a list of turns');
    return value.map((turn, j) => {
      const at = [...segments, j];
      const checked = this.object(turn, at, 'turn', 'a turn');
      if (typeof checked.user !== 'string' || checked.user === '') this.fail(at, 'a turn needs the "user" message');
      return checked.expect === undefined
        ? { user: checked.user }
        : { user: checked.user, expect: this.expectation(checked.expect, [...at, 'expect']) };
    });
  }

  expectation(value: unknown, at: readonly PathSegment[]): TurnExpectation {
    const expect = this.object(value, at, 'expect', 'expect');
    const checked: TurnExpectation = {};
    if (expect.toolCalls !== undefined) {
      if (!Array.isArray(expect.toolCalls)) this.fail([...at, 'toolCalls'], 'must be a list');
      checked.toolCalls = expect.toolCalls.map((raw, k) => {
        const call = this.object(raw, [...at, 'toolCalls', k], 'toolCall', 'a tool call');
        if (
          typeof call.name !== 'string' ||
          (call.arguments !== undefined && !isStringMap(call.arguments)) ||
          (call.functionType !== undefined && typeof call.functionType !== 'string')
        )
          this.fail([...at, 'toolCalls'], 'each needs a "name" and may have "functionType" and "arguments" (text values)');
        return {
          name: call.name,
          ...(typeof call.functionType === 'string' ? { functionType: call.functionType } : {}),
          ...(isStringMap(call.arguments) ? { arguments: call.arguments } : {}),
        };
      });
    }
    if (expect.noToolCalls !== undefined) {
      if (typeof expect.noToolCalls !== 'boolean') this.fail([...at, 'noToolCalls'], 'must be true or false');
      if (expect.noToolCalls) checked.noToolCalls = true;
    }
    if (expect.variables !== undefined) {
      if (!isStringMap(expect.variables)) this.fail([...at, 'variables'], 'must map names to text');
      checked.variables = expect.variables;
    }
    if (expect.reply !== undefined) {
      const reply = this.object(expect.reply, [...at, 'reply'], 'reply', 'reply');
      const wanted: ReplyExpectation = {};
      if (reply.contains !== undefined) wanted.contains = this.text(reply.contains, [...at, 'reply', 'contains'], 'must be text');
      if (reply.matches !== undefined) {
        const pattern = this.text(reply.matches, [...at, 'reply', 'matches'], 'must be text');
        try {
          new RegExp(pattern);
        } catch {
          this.fail([...at, 'reply', 'matches'], 'is not a regular expression');
        }
        wanted.matches = pattern;
      }
      if (reply.json !== undefined) {
        const json = this.object(reply.json, [...at, 'reply', 'json'], 'json', 'reply.json');
        if (typeof json.path !== 'string' || !('equals' in json)) this.fail([...at, 'reply', 'json'], 'needs "path" and "equals"');
        wanted.json = { path: json.path, equals: json.equals };
      }
      checked.reply = wanted;
    }
    if (expect.judge !== undefined) {
      const judge = this.object(expect.judge, [...at, 'judge'], 'judge', 'judge');
      checked.judge = { rubric: this.text(judge.rubric, [...at, 'judge', 'rubric'], 'a judge needs its "rubric" (text)') };
    }
    return checked;
  }

  simulate(value: unknown, at: readonly PathSegment[]): SimulatedUser {
    const simulate = this.object(value, at, 'simulate', 'simulate');
    const maxTurns = simulate.maxTurns ?? DEFAULT_SIMULATED_TURNS;
    if (typeof maxTurns !== 'number' || !Number.isInteger(maxTurns) || maxTurns < 1 || maxTurns > MAX_SIMULATED_TURNS)
      this.fail([...at, 'maxTurns'], `must be a whole number from 1 to ${MAX_SIMULATED_TURNS}`);
    return {
      persona: this.text(simulate.persona, [...at, 'persona'], 'a simulated user needs its "persona" (text)'),
      goal: this.text(simulate.goal, [...at, 'goal'], 'a simulated user needs its "goal" (text)'),
      maxTurns,
    };
  }

  testCase(value: unknown, at: readonly PathSegment[]): FlowTestCase {
    const raw = this.object(value, at, 'case', 'a case');
    const checked: FlowTestCase = {};
    if (raw.name !== undefined) checked.name = this.text(raw.name, [...at, 'name'], 'must be text');
    if (raw.vars !== undefined) {
      if (!isStringMap(raw.vars)) this.fail([...at, 'vars'], 'must map names to text');
      checked.vars = raw.vars;
    }
    if (raw.turns !== undefined) checked.turns = this.turns(raw.turns, [...at, 'turns']);
    if (checked.vars === undefined && checked.turns === undefined) this.fail(at, 'a case needs "vars" or "turns"');
    return checked;
  }

  test(value: unknown, at: readonly PathSegment[]): FlowTest {
    const raw = this.object(value, at, 'test', 'a test');
    if (typeof raw.name !== 'string' || raw.name === '') this.fail(at, 'a test needs a "name"');
    const test: FlowTest = { name: raw.name };
    if (raw.turns !== undefined && raw.simulate !== undefined) this.fail(at, 'give "turns" or "simulate", not both');
    if (raw.turns !== undefined) test.turns = this.turns(raw.turns, [...at, 'turns']);
    if (raw.simulate !== undefined) test.simulate = this.simulate(raw.simulate, [...at, 'simulate']);
    if (raw.expect !== undefined) {
      if (test.simulate === undefined) this.fail([...at, 'expect'], 'a test-level "expect" goes with "simulate" (turns have their own)');
      test.expect = this.expectation(raw.expect, [...at, 'expect']);
    }
    if (raw.cases !== undefined) {
      if (typeof raw.cases === 'string') {
        // A plain name: the dataset sits beside the test file, never elsewhere.
        if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*\.jsonl$/.test(raw.cases))
          this.fail([...at, 'cases'], 'must name a .jsonl file beside the test file, or list the cases');
        test.cases = raw.cases;
      } else if (Array.isArray(raw.cases) && raw.cases.length > 0) {
        test.cases = raw.cases.map((c, k) => this.testCase(c, [...at, 'cases', k]));
      } else {
        this.fail([...at, 'cases'], 'must name a .jsonl file beside the test file, or list the cases');
      }
    } else if (test.turns === undefined && test.simulate === undefined) {
      this.fail(at, '"turns" must be a list of turns (or give "simulate")');
    }
    return test;
  }

  file(value: unknown): FlowTestFile {
    const raw = this.object(value, [], 'file', 'a test file');
    if (typeof raw.flow !== 'string' || raw.flow === '') throw new FlowTestProblem('"flow" must name the flow file the tests talk to');
    if (!Array.isArray(raw.tests) || raw.tests.length === 0) throw new FlowTestProblem('"tests" must be a list of tests');
    const names = new Set<string>();
    const tests = raw.tests.map((test, i) => {
      const read = this.test(test, ['tests', i]);
      if (names.has(read.name)) this.fail(['tests', i], `two tests are named "${read.name}"`);
      names.add(read.name);
      return read;
    });
    return { flow: raw.flow, tests };
  }
}

/** Lines of values in a JSON text, computed once and only when a problem needs one. */
function linesOf(text: string | undefined): (segments: readonly PathSegment[]) => number | undefined {
  let positions: ReturnType<typeof jsonPositions> | undefined;
  return (segments) => {
    if (text === undefined) return undefined;
    positions ??= jsonPositions(text);
    return positions.get(jsonPath(segments))?.line;
  };
}

export type FlowTestRead = { ok: true; file: FlowTestFile } | { ok: false; problem: string };

function attempt<T>(read: () => T): { ok: true; value: T } | { ok: false; problem: string } {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof FlowTestProblem) return { ok: false, problem: error.message };
    throw error;
  }
}

/** A test file's content, checked; a problem is one message naming where it is (its line when `text` is given). */
export function readFlowTestFile(value: unknown, text?: string): FlowTestRead {
  const read = attempt(() => new Reader(linesOf(text)).file(value));
  return read.ok ? { ok: true, file: read.value } : read;
}

/** A test file's text, parsed and checked. */
export function parseFlowTestText(text: string): FlowTestRead {
  const value = parseJsonValue(text);
  if (value === undefined) return { ok: false, problem: 'not a test file: the text is not JSON' };
  return readFlowTestFile(value, text);
}

/** The cases of a `.jsonl` dataset, one JSON object a line (blank lines skipped); a bad line names the file and the line. */
export function parseCasesText(file: string, text: string): { ok: true; cases: FlowTestCase[] } | { ok: false; problem: string } {
  const cases: FlowTestCase[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const where = `${file} line ${i + 1}`;
    const value = parseJsonValue(line);
    if (value === undefined) return { ok: false, problem: `${where}: not JSON` };
    const read = attempt(() => new Reader(() => undefined).testCase(value, []));
    if (!read.ok) return { ok: false, problem: `${where}: ${read.problem}` };
    cases.push(read.value);
  }
  if (cases.length === 0) return { ok: false, problem: `${file}: no cases` };
  return { ok: true, cases };
}
