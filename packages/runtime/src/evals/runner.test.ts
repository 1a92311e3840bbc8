import { describe, expect, it, vi } from 'vitest';
import type { ModelClient } from '../modelClient.js';
import { httpToolFlow } from '../testing/httpToolFlow.js';
import { runFlowTests, type FlowTestSource } from './runner.js';

/** One test file of `count` cases (`case 1`…), each asking its own number back. */
function source(count: number): FlowTestSource {
  const cases = Array.from({ length: count }, (_, i) => ({ vars: { n: String(i + 1) } }));
  const file = {
    flow: 'f.flow.json',
    tests: [{ name: 'echo', cases, turns: [{ user: 'Say {{n}}', expect: { reply: { contains: '{{n}}' } } }] }],
  };
  return {
    readTestFile: () => Promise.resolve(JSON.stringify(file)),
    loadFlow: () => Promise.resolve(httpToolFlow({ url: 'https://api.example.com/x' })),
    readCases: () => Promise.reject(new Error('no files here')),
    readCassette: () => Promise.resolve(null),
    writeCassette: () => Promise.reject(new Error('nothing to write')),
  };
}

/** A model that answers each message with its last word once the test lets it; counts calls in flight. */
function heldModel(): { model: ModelClient; waiting: (() => void)[]; most: () => number } {
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let most = 0;
  const model: ModelClient = {
    async chat(messages) {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight--;
      const last = messages.at(-1);
      const text = last?.role === 'user' ? (last.content.split(' ').at(-1) ?? '') : '';
      return { content: text, toolCalls: [], usage: { promptTokens: 3, completionTokens: 1 }, firstTokenMs: null, ms: 1 };
    },
  };
  return { model, waiting, most: () => most };
}

describe('runFlowTests', () => {
  it.each([1, 4])('runs %i cases at a time and reports them in file order whatever order they finish in', async (concurrency) => {
    const held = heldModel();
    const running = runFlowTests({ files: ['a.flowtest.json'], source: source(6), mode: 'live', model: held.model, env: {}, concurrency });
    let released = 0;
    while (released < 6) {
      // The latest call first: later cases finish before earlier ones.
      await vi.waitFor(() => expect(held.waiting.length).toBe(Math.min(concurrency, 6 - released)));
      held.waiting.pop()?.();
      released++;
    }
    const result = await running;
    expect(held.most()).toBe(concurrency);
    expect(result.files[0]?.cases.map((c) => c.name)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `echo › case ${n}`));
    expect(result.files[0]?.cases.map((c) => c.runs[0]?.transcript[0]?.reply)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(result).toMatchObject({ passRate: 1, passed: 6, failed: 0 });
    expect(result.files[0]?.cases[0]?.runs[0]?.tokens).toEqual({ prompt: 3, completion: 1 });
  });

  it('says a replayed judge has no verdict left when the cassette was recorded before the test had one', async () => {
    const file = { flow: 'f.flow.json', tests: [{ name: 'judged', turns: [{ user: 'Hi', expect: { judge: { rubric: 'Greets' } } }] }] };
    const cassette = { format: 'flow-cassette/1', tests: { judged: { model: [{ content: 'Hello!', toolCalls: [] }], tools: [] } } };
    const result = await runFlowTests({
      files: ['a.flowtest.json'],
      source: { ...source(0), readTestFile: () => Promise.resolve(JSON.stringify(file)), readCassette: () => Promise.resolve(cassette) },
      mode: 'replay',
      env: {},
    });
    expect(result.files[0]?.cases[0]?.runs[0]).toMatchObject({
      ok: false,
      error: "The cassette has no more judge's verdicts: record it again (flowctl test --record)",
      transcript: [{ user: 'Hi', reply: 'Hello!', toolCalls: [] }],
    });
  });

  it('says why a file cannot run, and runs none of its cases', async () => {
    const result = await runFlowTests({ files: ['a.flowtest.json'], source: source(2), mode: 'replay', env: {} });
    expect(result.files).toEqual([
      {
        file: 'a.flowtest.json',
        problem: 'no cassette (a.cassette.json): record one with flowctl test --record, a model configured',
        cases: [],
      },
    ]);
    expect(result).toMatchObject({ passRate: 1, passed: 0, failed: 1 });
  });
});
