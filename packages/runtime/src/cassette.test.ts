import { describe, expect, it } from 'vitest';
import { emptyCassette, recordingModel, replayModel, replayTools } from './cassette.js';
import { ModelError, type ModelClient } from './modelClient.js';

describe('cassettes', () => {
  it('record what the model answers and replay it in order, saying when they run out', async () => {
    const cassette = emptyCassette();
    const answers = ['one', 'two'];
    const inner: ModelClient = {
      chat: async () => ({
        content: answers.shift() ?? '',
        toolCalls: [],
        usage: { promptTokens: 1, completionTokens: 1 },
        firstTokenMs: null,
        ms: 1,
      }),
    };
    const recording = recordingModel(inner, cassette);
    await recording.chat([], []);
    await recording.chat([], []);
    expect(cassette.model).toEqual([
      { content: 'one', toolCalls: [] },
      { content: 'two', toolCalls: [] },
    ]);
    const replay = replayModel(cassette);
    const tokens: string[] = [];
    expect((await replay.chat([], [], { onToken: (t) => tokens.push(t) })).content).toBe('one');
    expect((await replay.chat([], [])).content).toBe('two');
    expect(tokens).toEqual(['one']);
    const out = await replay.chat([], []).catch((e: unknown) => e);
    expect(out).toBeInstanceOf(ModelError);
    expect(out).toMatchObject({ message: 'The cassette has no more model answers: record it again (flowctl test --record)' });
  });

  it('replay HTTP results in order; a call the cassette does not have next is an error result, never a real call', () => {
    const tape = replayTools({
      model: [],
      tools: [{ name: 'look_up', arguments: { id: '1' }, result: { ok: true, output: 'found' }, variables: { status: 'ok' } }],
    });
    expect(tape.replay('look_up', { id: '1' })).toMatchObject({ result: { ok: true, output: 'found' }, variables: { status: 'ok' } });
    expect(tape.replay('look_up', { id: '2' })).toMatchObject({
      result: { ok: false, error: 'The cassette has no recorded result for look_up({"id":"2"}): record it again (flowctl test --record)' },
    });
  });
});
