import { describe, expect, it } from 'vitest';
import { checkExpectation } from './assertions.js';

const got = { reply: 'Hello', toolCalls: [], variables: {} };

describe('checkExpectation', () => {
  it("reads the turn's variables by own key: an expected toString is not set", () => {
    expect(checkExpectation({ variables: { toString: 'x' } }, 1, got)).toEqual([
      { kind: 'variables', turn: 1, ok: false, message: 'turn 1: variable toString is not set, expected "x"' },
    ]);
    expect(checkExpectation({ variables: { toString: 'x' } }, 1, { ...got, variables: { toString: 'x' } })).toEqual([
      { kind: 'variables', turn: 1, ok: true, message: 'turn 1: variable toString is "x"' },
    ]);
  });
});
