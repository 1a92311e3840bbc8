import { describe, expect, it } from 'vitest';
import type { TurnTrace } from '@flow/runtime';
import { turnFailures } from './flowTestFile.js';

const trace: TurnTrace = {
  user: 'Hi',
  reply: 'Hello',
  messages: [],
  toolCalls: [],
  modelCalls: 1,
  tokens: { prompt: 1, completion: 1 },
  firstTokenMs: null,
  ms: 1,
};

describe('turnFailures', () => {
  it("reads the turn's variables by own key: an expected toString is not set", () => {
    expect(turnFailures({ variables: { toString: 'x' } }, trace, {})).toEqual(['variable toString is not set, expected "x"']);
    expect(turnFailures({ variables: { toString: 'x' } }, trace, { toString: 'x' })).toEqual([]);
  });
});
