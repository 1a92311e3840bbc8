// A folder provider that dies mid-answer loses no stored turn: restarted over its folder, it reads
// the conversation (the turns whole until then, the question it was answering) and goes on from the last whole turn.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModel } from '@flow/runtime/testing';
import { CLI, killHard, spawnProgram, waitForOutput } from './childProvider.test-helper.js';
import { KEY_CLOCK, clientOf, conversationIdOf, conversationOf, createKey, publish, textFlow } from './serving/chatApi.test-helper.js';
import { startTestServer } from './testServer.test-helper.js';

describe('a folder provider killed with SIGKILL in the middle of an answer', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('loses no stored turn: restarted over its folder, it goes on from the last whole turn', { timeout: 90_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-served-crash-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const model = await startScriptedModel();
    cleanup.push(() => model.close());
    const env = { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'served-model' };
    const setup = await startTestServer({ dir, seedDir: null, keyClock: KEY_CLOCK, runtimeEnv: env });
    await publish(setup, textFlow('shop', 'Be helpful.'));
    const key = await createKey(setup, { name: 'web-shop' });
    await setup.close();

    const child = spawnProgram(CLI, ['--port', '0', '--dir', dir, '--seed', join(dir, 'no-seed')], env);
    cleanup.push(() => killHard(child));
    const [, childUrl = ''] = await waitForOutput(child, 'stdout', /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const dying = new OpenAI({ baseURL: `${childUrl}/v1`, apiKey: key, maxRetries: 0 });
    model.push({ content: 'Hi Ann.' });
    const first = await dying.chat.completions.create({ model: 'shop', messages: [{ role: 'user', content: 'I am Ann' }] });
    const id = String(conversationIdOf(first));
    model.push({ content: 'Your order is on its way and should arrive before the weekend.', chunkDelayMs: 50 });
    const streamed: ChatCompletionCreateParamsStreaming & { conversation_id: string } = {
      model: 'shop',
      messages: [{ role: 'user', content: 'Where is my order?' }],
      stream: true,
      conversation_id: id,
    };
    const stream = await dying.chat.completions.create(streamed);
    try {
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content) {
          await killHard(child);
          break;
        }
      }
    } catch {
      // The connection went with the server.
    }
    expect(model.answered).toBe(1);

    const restarted = await startTestServer({ dir, seedDir: null, keyClock: KEY_CLOCK, runtimeEnv: env });
    cleanup.push(() => restarted.close());
    const stored = await conversationOf(restarted, id);
    expect(stored.entries.map((e) => (e.kind === 'tool' ? e.name : e.content))).toEqual(['I am Ann', 'Hi Ann.', 'Where is my order?']);
    model.push({ content: 'Sorry, Ann: it arrives Friday.' });
    const goOn: OpenAI.ChatCompletionCreateParamsNonStreaming & { conversation_id: string } = {
      model: 'shop',
      messages: [{ role: 'user', content: 'Hello?' }],
      conversation_id: id,
    };
    const again = await clientOf(restarted, key).chat.completions.create(goOn);
    expect(again.choices[0]?.message.content).toBe('Sorry, Ann: it arrives Friday.');
    expect(model.requests.at(-1)?.messages.slice(1)).toEqual([
      { role: 'user', content: 'I am Ann' },
      { role: 'assistant', content: 'Hi Ann.' },
      { role: 'user', content: 'Hello?' },
    ]);
  });
});
