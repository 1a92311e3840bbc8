// A test's cases: the test itself, or one per case of its dataset with the case's vars filled in.
import { fillTemplate, templateNames } from '@flow/core';
import type { FlowTest, FlowTestCase, FlowTestTurn, SimulatedUser, TurnExpectation } from './flowTest.js';

/** One case ready to run: a test, or one case of its dataset, with its vars filled in. */
export interface RunnableCase {
  name: string;
  test: string;
  case?: string;
  conversation: { turns: FlowTestTurn[] } | { simulate: SimulatedUser; expect: TurnExpectation | undefined };
}

const fillMap = (map: Record<string, string>, vars: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, fillTemplate(v, vars)]));

/** An expectation with a case's vars filled into its texts (the JSON value `equals` is compared as given). */
function fillExpectation(expect: TurnExpectation | undefined, vars: Record<string, string>): TurnExpectation | undefined {
  if (expect === undefined) return undefined;
  const fill = (text: string): string => fillTemplate(text, vars);
  const { toolCalls, variables, reply, judge } = expect;
  return {
    ...expect,
    ...(toolCalls
      ? { toolCalls: toolCalls.map((c) => ({ ...c, ...(c.arguments ? { arguments: fillMap(c.arguments, vars) } : {}) })) }
      : {}),
    ...(variables ? { variables: fillMap(variables, vars) } : {}),
    ...(reply
      ? {
          reply: {
            ...reply,
            ...(reply.contains === undefined ? {} : { contains: fill(reply.contains) }),
            ...(reply.matches === undefined ? {} : { matches: fill(reply.matches) }),
          },
        }
      : {}),
    ...(judge ? { judge: { rubric: fill(judge.rubric) } } : {}),
  };
}

/**
 * The cases of a test (`at` is where it is in its file): itself, or one per case of its dataset
 * (`cases`, read already), named `{test} › {case}`. Throws when a case cannot be made.
 */
export function expandCases(test: FlowTest, at: string, cases: readonly FlowTestCase[] | undefined): RunnableCase[] {
  if (cases === undefined) {
    const conversation = test.simulate ? { simulate: test.simulate, expect: test.expect } : { turns: test.turns ?? [] };
    return [{ name: test.name, test: test.name, conversation }];
  }
  const names = new Set<string>();
  return cases.map((c, k): RunnableCase => {
    const made = caseOf(test, at, c, k);
    if (names.has(made.case)) throw new Error(`${at}: two cases are named "${made.case}"`);
    names.add(made.case);
    // A name the case gives no value for would reach the agent as "{{name}}": a typo, said here.
    const unfilled = c.vars === undefined ? [] : templateNames(JSON.stringify(made.conversation));
    if (unfilled.length > 0) throw new Error(`${at}: case "${made.case}" gives no value for {{${unfilled[0] ?? ''}}}`);
    return made;
  });
}

function caseOf(test: FlowTest, at: string, c: FlowTestCase, k: number): RunnableCase & { case: string } {
  const caseName = c.name ?? `case ${k + 1}`;
  const vars = c.vars ?? {};
  const fillTurns = (turns: FlowTestTurn[]): FlowTestTurn[] =>
    turns.map((t) => {
      const expect = fillExpectation(t.expect, vars);
      return { user: fillTemplate(t.user, vars), ...(expect ? { expect } : {}) };
    });
  const base = { name: `${test.name} › ${caseName}`, test: test.name, case: caseName };
  if (c.turns !== undefined) return { ...base, conversation: { turns: fillTurns(c.turns) } };
  if (test.simulate !== undefined) {
    const simulate = {
      ...test.simulate,
      persona: fillTemplate(test.simulate.persona, vars),
      goal: fillTemplate(test.simulate.goal, vars),
    };
    return { ...base, conversation: { simulate, expect: fillExpectation(test.expect, vars) } };
  }
  if (test.turns === undefined) throw new Error(`${at}: case "${caseName}" has no "turns", and neither has the test`);
  return { ...base, conversation: { turns: fillTurns(test.turns) } };
}
