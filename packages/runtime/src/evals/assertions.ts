import { getAtPath, type AssertionResult } from '@flow/core';
import type { ToolCallTrace } from '../agent.js';
import type { TurnExpectation } from './flowTest.js';

/** What an expectation is checked against: one turn, or a whole simulated conversation. */
export interface Checked {
  reply: string;
  toolCalls: readonly ToolCallTrace[];
  variables: Readonly<Record<string, string>>;
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

/**
 * The exact checks of an expectation (all but `judge`), one result each; `turn` null for a whole
 * conversation. A failed one's message says what happened instead.
 */
export function checkExpectation(expect: TurnExpectation | undefined, turn: number | null, got: Checked): AssertionResult[] {
  if (expect === undefined) return [];
  const prefix = turn === null ? '' : `turn ${turn}: `;
  const results: AssertionResult[] = [];
  const add = (kind: AssertionResult['kind'], ok: boolean, passed: string, failed: string): void => {
    results.push({ kind, turn, ok, message: `${prefix}${ok ? passed : failed}` });
  };
  const made = got.toolCalls;
  const madeText = made.length === 0 ? 'no tool call' : made.map((c) => `${c.name}(${shown(c.arguments)})`).join(', ');
  if (expect.noToolCalls) add('noToolCalls', made.length === 0, 'no tool call', `expected no tool call, got ${madeText}`);
  if (expect.toolCalls !== undefined) {
    let from = 0;
    let missing: string | undefined;
    for (const wanted of expect.toolCalls) {
      const index = made.findIndex(
        (c, i) =>
          i >= from &&
          c.name === wanted.name &&
          (wanted.functionType === undefined || c.functionType === wanted.functionType) &&
          Object.entries(wanted.arguments ?? {}).every(([k, v]) => Object.hasOwn(c.arguments, k) && c.arguments[k] === v),
      );
      if (index === -1) {
        missing = `expected a call of ${wanted.name}${wanted.arguments ? ` with ${shown(wanted.arguments)}` : ''}, got ${madeText}`;
        break;
      }
      from = index + 1;
    }
    add('toolCalls', missing === undefined, `called ${madeText}`, missing ?? '');
  }
  for (const [name, value] of Object.entries(expect.variables ?? {})) {
    // Own keys only: an expected `toString` is not set until the flow sets it.
    const actual = Object.hasOwn(got.variables, name) ? got.variables[name] : undefined;
    add(
      'variables',
      actual === value,
      `variable ${name} is "${value}"`,
      actual === undefined ? `variable ${name} is not set, expected "${value}"` : `variable ${name} is "${actual}", expected "${value}"`,
    );
  }
  const reply = expect.reply;
  const quoted = JSON.stringify(got.reply.length > 200 ? `${got.reply.slice(0, 200)}…` : got.reply);
  if (reply?.contains !== undefined)
    add(
      'reply',
      got.reply.includes(reply.contains),
      `the reply contains "${reply.contains}"`,
      `the reply does not contain "${reply.contains}": ${quoted}`,
    );
  if (reply?.matches !== undefined)
    add(
      'reply',
      new RegExp(reply.matches).test(got.reply),
      `the reply matches /${reply.matches}/`,
      `the reply does not match /${reply.matches}/: ${quoted}`,
    );
  if (reply?.json !== undefined) {
    const parsed = replyJson(got.reply);
    const path = reply.json.path.replace(/^\$\.?/, '');
    const actual = parsed === undefined ? undefined : path === '' ? parsed : getAtPath(parsed, path);
    add(
      'reply',
      JSON.stringify(actual) === JSON.stringify(reply.json.equals),
      `the reply's ${reply.json.path} is ${JSON.stringify(actual)}`,
      parsed === undefined
        ? `the reply holds no JSON: ${quoted}`
        : `the reply's ${reply.json.path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(reply.json.equals)}`,
    );
  }
  return results;
}
