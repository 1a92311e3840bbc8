// A folder provider that dies mid-answer loses no stored turn: restarted over its folder, it reads
// the conversation (the turns whole until then, the question it was answering) and goes on from the last whole turn.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { startScriptedModel } from '@flow/runtime/testing';
import { CLI, killHard, spawnProgram } from './childProvider.test-helper.js';
import {
  KEY_CLOCK,
  conversationCutMidAnswer,
  createKey,
  expectGoesOnFromLastWholeTurn,
  publish,
  textFlow,
} from './serving/chatApi.test-helper.js';
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
    const id = await conversationCutMidAnswer(child, key, model);

    const restarted = await startTestServer({ dir, seedDir: null, keyClock: KEY_CLOCK, runtimeEnv: env });
    cleanup.push(() => restarted.close());
    await expectGoesOnFromLastWholeTurn(restarted, key, id, model);
  });
});
