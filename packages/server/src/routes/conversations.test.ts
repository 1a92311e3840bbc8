import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '@flow/core';
import { newConversationId } from '../conversations/conversationRecords.js';
import { folderConversationRecords } from '../conversations/folderConversations.js';
import { ServerConfigError } from '../errors.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

const TOKEN = 'conversations-token-42';

describe('GET /api/conversations', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ token: TOKEN });
  });
  afterEach(async () => {
    await server.close();
  });

  const auth = { Authorization: `Bearer ${TOKEN}` };

  /** A conversation of shop/production written into the server's data folder, as the agent service writes it. */
  async function stored(question: string, minute: number): Promise<string> {
    const records = folderConversationRecords(server.dir);
    const id = newConversationId();
    const at = new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();
    await records.create({ id, planId: 'shop', versionName: 'production', keyName: 'web-shop', createdAt: at });
    await records.append(id, { kind: 'user', at, content: question });
    await records.append(id, { kind: 'tool', at, name: 'look_up_order', arguments: { order_id: 'A1' }, output: 'shipped', ms: 7 });
    await records.append(id, { kind: 'assistant', at, content: 'It has shipped.', usage: { inputTokens: 30, outputTokens: 4 } });
    // Its logs stay open until closed: a handle left to the garbage collector makes Node warn.
    await records.close();
    return id;
  }

  it('lists a plan newest first with search and paging, and gives one conversation whole (through the client)', async () => {
    const older = await stored('Where is order A1?', 1);
    const newer = await stored('Can I get a refund?', 2);
    const client = createClient({ baseUrl: server.url, token: TOKEN });
    const page = await client.listConversations({ planId: 'shop', limit: 1 });
    expect(page.conversations.map((c) => c.id)).toEqual([newer]);
    expect(page.next).not.toBeNull();
    const rest = await client.listConversations({ planId: 'shop', limit: 1, before: page.next ?? '' });
    expect(rest).toEqual({
      conversations: [expect.objectContaining({ id: older, preview: 'Where is order A1?', messages: 2 })],
      next: null,
    });
    expect((await client.listConversations({ planId: 'shop', search: 'REFUND' })).conversations.map((c) => c.id)).toEqual([newer]);
    const whole = await client.getConversation(older);
    expect(whole).toMatchObject({
      id: older,
      keyName: 'web-shop',
      entries: [
        { kind: 'user', content: 'Where is order A1?' },
        { kind: 'tool', name: 'look_up_order', arguments: { order_id: 'A1' }, output: 'shipped', ms: 7 },
        { kind: 'assistant', content: 'It has shipped.' },
      ],
      usage: { inputTokens: 30, outputTokens: 4 },
    });
    expect(whole).not.toHaveProperty('state');
    expect(await client.getConversation(newConversationId())).toBeNull();
  });

  it('needs the token, and checks every parameter (400 with the reason)', async () => {
    expect((await server.call('GET', '/api/conversations?plan=shop')).status).toBe(401);
    const status = async (query: string): Promise<number> =>
      (await server.call('GET', `/api/conversations${query}`, { headers: auth })).status;
    expect(await status('?plan=shop')).toBe(200);
    for (const bad of [
      '',
      '?plan=../x',
      '?plan=shop&version=a%2Fb',
      '?plan=shop&limit=0',
      '?plan=shop&limit=201',
      '?plan=shop&before=yesterday',
    ])
      expect(await status(bad), bad).toBe(400);
    const res = await server.call('GET', '/api/conversations/conv_nothing', { headers: auth });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'CONVERSATION_NOT_FOUND', message: 'No conversation conv_nothing' } });
  });
});

describe('--keep-days', () => {
  it('refuses a number of days that is not a whole number of at least 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-keep-days-'));
    try {
      for (const keepDays of [0, -1, 1.5, Number.NaN]) await expect(startTestServer({ keepDays, dir })).rejects.toThrow(ServerConfigError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
