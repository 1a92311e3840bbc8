// Several providers on one PostgreSQL database serve the same agents: a conversation goes on on
// whichever gets the next request, a key's rate is counted once, a revoke is seen by all, turns of
// one conversation never overlap across servers, and a server that dies mid-answer loses nothing stored.
import { randomBytes } from 'node:crypto';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { CLI, killHard, spawnProgram } from '../../childProvider.test-helper.js';
import { newConversationId } from '../../conversations/conversationRecords.js';
import { createSecretVault } from '../../secrets/secretVault.js';
import { AgentError, createAgentService, type AgentService } from '../../serving/agentService.js';
import {
  KEY_CLOCK,
  clientOf,
  conversationIdOf,
  conversationCutMidAnswer,
  conversationOf,
  createKey,
  expectGoesOnFromLastWholeTurn,
  publish,
  refusal,
  textFlow,
} from '../../serving/chatApi.test-helper.js';
import { startTestServer, type TestServer } from '../../testServer.test-helper.js';
import { openPgStorage, type PgStorage } from './pgStorage.js';
import { usePostgres } from './pgTest.test-helper.js';

const pg = usePostgres();

describe('providers sharing one PostgreSQL database', () => {
  let model: ScriptedModelServer;
  let env: Record<string, string>;
  beforeEach(async () => {
    model = await startScriptedModel();
    env = { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'served-model' };
  });
  afterEach(async () => {
    await model.close();
  });

  const startOn = async (url: string): Promise<TestServer> => {
    const server = await startTestServer({ database: url, seedDir: null, keyClock: KEY_CLOCK, runtimeEnv: env });
    pg.cleanup(() => server.close());
    return server;
  };
  const openStore = async (url: string): Promise<PgStorage> => {
    const storage = await openPgStorage(url);
    pg.cleanup(() => storage.close());
    return storage;
  };
  const serviceOver = (storage: PgStorage, turnWaitMs?: number): AgentService => {
    const key = randomBytes(32);
    const now = (): string => new Date().toISOString();
    return createAgentService({
      env,
      secrets: createSecretVault(storage.secrets, () => Promise.resolve(key), now),
      publishes: storage.publishes,
      conversations: storage.conversations,
      now,
      ...(turnWaitMs === undefined ? {} : { turnWaitMs }),
    });
  };

  it('go on with one conversation on whichever server gets the next request, count a key once and see a revoke at once', async () => {
    const url = await pg.database();
    const [a, b] = [await startOn(url), await startOn(url)];
    await publish(a, textFlow('shop', 'Be helpful.'));
    const key = await createKey(b, { name: 'web-shop' });
    const clients = [clientOf(a, key), clientOf(b, key), clientOf(a, key), clientOf(b, key)];
    model.push({ content: 'One.' }, { content: 'Two.' }, { content: 'Three.' }, { content: 'Four.' });
    let id: string | undefined;
    for (const [i, client] of clients.entries()) {
      const ask: OpenAI.ChatCompletionCreateParamsNonStreaming & { conversation_id?: string } = {
        model: 'shop',
        messages: [{ role: 'user', content: `Message ${i + 1}` }],
        ...(id === undefined ? {} : { conversation_id: id }),
      };
      const answer = await client.chat.completions.create(ask);
      id ??= String(conversationIdOf(answer));
      expect(conversationIdOf(answer)).toBe(id);
      // The model got the whole conversation so far, whichever server stored it.
      expect(model.requests[i]?.messages).toHaveLength(2 + 2 * i);
    }
    const stored = await conversationOf(a, id ?? '');
    expect(stored.entries.map((e) => (e.kind === 'tool' ? e.name : e.content))).toEqual([
      'Message 1',
      'One.',
      'Message 2',
      'Two.',
      'Message 3',
      'Three.',
      'Message 4',
      'Four.',
    ]);

    const limitedKey = await createKey(a, { name: 'limited', rate: 3 });
    for (const server of [a, b, a]) await clientOf(server, limitedKey).models.list();
    const limited = await refusal(clientOf(b, limitedKey).models.list());
    expect([limited.status, limited.code, limited.headers?.get('retry-after')]).toEqual([429, 'rate_limit_exceeded', '30']);

    expect((await b.call('DELETE', '/api/keys/web-shop')).status).toBe(204);
    for (const server of [a, b]) {
      const revoked = await refusal(
        clientOf(server, key).chat.completions.create({ model: 'shop', messages: [{ role: 'user', content: 'Hi' }] }),
      );
      expect([revoked.status, revoked.code]).toEqual([401, 'invalid_api_key']);
    }
  });

  it("hold a conversation's turn on one server at a time; a server whose session ends lets go of it", async () => {
    const url = await pg.database();
    const [one, two] = [await openStore(url), await openStore(url)];
    const id = newConversationId();
    const release = await one.conversations.holdTurn(id, 0);
    expect(release).not.toBeNull();
    expect(await two.conversations.holdTurn(id, 100)).toBeNull();
    // Another conversation is not held up.
    const other = await two.conversations.holdTurn(newConversationId(), 0);
    expect(other).not.toBeNull();
    await other?.();
    const waiting = two.conversations.holdTurn(id, 20_000);
    await release?.();
    const taken = await waiting;
    expect(taken).not.toBeNull();
    await taken?.();
    // A server that dies: its connection ends, and with it the locks it held.
    const dying = await openPgStorage(url);
    expect(await dying.conversations.holdTurn(id, 0)).not.toBeNull();
    expect(await one.conversations.holdTurn(id, 0)).toBeNull();
    await dying.close();
    expect(await one.conversations.holdTurn(id, 20_000)).not.toBeNull();
  });

  it("runs a turn only once another server's turn of the conversation ended, from the state it saved (CONVERSATION_BUSY past the wait: 409 on /v1)", async () => {
    const url = await pg.database();
    const [one, two] = [await openStore(url), await openStore(url)];
    await one.flows.publish('shop', 'production', () => textFlow('shop', 'Be helpful.'));
    model.push({ content: 'Hi.' });
    const first = await serviceOver(one).turn({
      planId: 'shop',
      versionName: 'production',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    const id = first.conversationId;
    // Server one is in the middle of a turn of it.
    const release = await one.conversations.holdTurn(id, 0);
    const ask = { planId: 'shop', versionName: 'production', conversationId: id, messages: [{ role: 'user', content: 'Next' }] };
    const busy = await serviceOver(two, 100)
      .turn(ask)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(busy).toBeInstanceOf(AgentError);
    expect(busy).toMatchObject({
      code: 'CONVERSATION_BUSY',
      message: `The conversation ${id} is answering another message: send this one when that answer has ended`,
    });
    expect(model.requests).toHaveLength(1);
    // Server two's turn waits while server one ends its turn and saves its state.
    model.push({ content: 'After one.' });
    const waiting = serviceOver(two).turn(ask);
    const stored = await one.conversations.get(id);
    const messages = [
      ...(stored?.state.messages ?? []),
      { role: 'user' as const, content: 'From one' },
      { role: 'assistant' as const, content: 'One answered.' },
    ];
    await one.conversations.saveState(id, { messages, variables: {} });
    await release?.();
    await waiting;
    expect(model.requests[1]?.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi.' },
      { role: 'user', content: 'From one' },
      { role: 'assistant', content: 'One answered.' },
      { role: 'user', content: 'Next' },
    ]);
  });

  it('lose no stored turn when a server dies mid-answer: another reads it and goes on with the conversation', async () => {
    const url = await pg.database();
    const b = await startOn(url);
    await publish(b, textFlow('shop', 'Be helpful.'));
    const key = await createKey(b, { name: 'web-shop' });
    const child = spawnProgram(CLI, ['--port', '0', '--database', url], env);
    pg.cleanup(() => killHard(child));
    const id = await conversationCutMidAnswer(child, key, model);
    // The other server goes on at once (the dead server's turn lock went with its connection), from the last whole turn.
    await expectGoesOnFromLastWholeTurn(b, key, id, model);
  });
});
