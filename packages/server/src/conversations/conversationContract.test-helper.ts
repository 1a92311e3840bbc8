// The guarantees every store's conversation log gives (conversationRecords.ts), as one suite run
// by the folder store (folderConversations.test.ts) and PostgreSQL (pg/pgConversations.test.ts).
import type { ConversationEntry } from '@flow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newConversationId, type ConversationHead, type ConversationRecords } from './conversationRecords.js';

/** A conversation log to test, fresh and empty, and how to throw it away. */
export interface OpenedConversations {
  records: ConversationRecords;
  close(): Promise<void>;
}

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();

const head = (planId: string, minute: number, versionName = 'production'): ConversationHead => ({
  id: newConversationId(),
  planId,
  versionName,
  keyName: 'web-shop',
  createdAt: at(minute),
});

const user = (content: string, minute: number): ConversationEntry => ({ kind: 'user', at: at(minute), content });
const assistant = (content: string, minute: number, input = 10, output = 5): ConversationEntry => ({
  kind: 'assistant',
  at: at(minute),
  content,
  usage: { inputTokens: input, outputTokens: output },
});

export function conversationContract(name: string, open: () => Promise<OpenedConversations>): void {
  describe(`conversation log: ${name}`, () => {
    let opened: OpenedConversations;
    let records: ConversationRecords;
    beforeEach(async () => {
      opened = await open();
      records = opened.records;
    });
    afterEach(async () => {
      await opened.close();
    });

    /** A conversation of `plan` started at `minute` with one exchange. */
    async function started(planId: string, minute: number, question: string, versionName = 'production'): Promise<string> {
      const h = head(planId, minute, versionName);
      await records.create(h);
      await records.append(h.id, user(question, minute));
      await records.append(h.id, assistant('Sure.', minute));
      return h.id;
    }

    it('gives back a conversation whole: entries in order, usage added up, preview, message count, variables and state', async () => {
      const h = head('shop', 1);
      await records.create(h);
      expect(await records.append(h.id, user('Where is order A1?', 1))).toBe(true);
      const tool: ConversationEntry = {
        kind: 'tool',
        at: at(2),
        name: 'look_up_order',
        arguments: { order_id: 'A1' },
        output: '{"status":"shipped"}',
        ms: 12,
        error: 'slow',
      };
      await records.append(h.id, tool);
      await records.append(h.id, assistant('It has shipped.', 3, 100, 20));
      await records.append(h.id, user('Thanks', 4));
      await records.append(h.id, assistant('You are welcome.', 5, 150, 8));
      const state = {
        messages: [
          { role: 'user' as const, content: 'Where is order A1?' },
          { role: 'assistant' as const, content: 'It has shipped.' },
        ],
        variables: { order_id: 'A1' },
      };
      await records.saveState(h.id, state);
      const stored = await records.get(h.id);
      expect(stored?.state).toEqual(state);
      expect(stored?.conversation).toEqual({
        ...h,
        updatedAt: at(5),
        preview: 'Where is order A1?',
        messages: 4,
        entries: [
          user('Where is order A1?', 1),
          tool,
          assistant('It has shipped.', 3, 100, 20),
          user('Thanks', 4),
          assistant('You are welcome.', 5, 150, 8),
        ],
        variables: { order_id: 'A1' },
        usage: { inputTokens: 250, outputTokens: 28 },
      });
    });

    it('resumes a conversation with its head and the state its last turn saved (a new one with none), without its transcript', async () => {
      const h = head('shop', 1);
      await records.create(h);
      expect(await records.resume(h.id)).toEqual({ head: h, state: { messages: [], variables: {} } });
      await records.append(h.id, user('Where is order A1?', 1));
      const first = { messages: [{ role: 'user' as const, content: 'Where is order A1?' }], variables: { order_id: 'A1' } };
      await records.saveState(h.id, first);
      expect(await records.resume(h.id)).toEqual({ head: h, state: first });
      const second = { messages: [...first.messages, { role: 'assistant' as const, content: 'It has shipped.' }], variables: {} };
      await records.saveState(h.id, second);
      expect(await records.resume(h.id)).toEqual({ head: h, state: second });
    });

    it('starts a conversation with its first entries: its transcript from the start, counted and previewed', async () => {
      const h = head('shop', 1);
      await records.create(h, [user('I was told to ask here', 1), assistant('Ask away.', 1, 0, 0), user('Where is order A1?', 1)]);
      const stored = await records.get(h.id);
      expect(stored?.conversation.entries.map((e) => (e.kind === 'tool' ? e.name : e.content))).toEqual([
        'I was told to ask here',
        'Ask away.',
        'Where is order A1?',
      ]);
      expect(stored?.conversation).toMatchObject({ preview: 'I was told to ask here', messages: 3, updatedAt: user('', 1).at });
      expect((await records.list({ planId: 'shop' })).conversations.map((c) => c.id)).toEqual([h.id]);
    });

    it('finishes a turn as one change: the answer appended and the state saved; no such conversation gets neither', async () => {
      const h = head('shop', 1);
      await records.create(h);
      await records.append(h.id, user('Where is order A1?', 1));
      const state = { messages: [{ role: 'user' as const, content: 'Where is order A1?' }], variables: { order_id: 'A1' } };
      await records.finishTurn(h.id, assistant('It has shipped.', 2, 100, 20), state);
      expect(await records.resume(h.id)).toEqual({ head: h, state });
      const stored = await records.get(h.id);
      expect(stored?.conversation.entries.map((e) => e.kind)).toEqual(['user', 'assistant']);
      expect(stored?.conversation).toMatchObject({
        updatedAt: assistant('', 2).at,
        messages: 2,
        usage: { inputTokens: 100, outputTokens: 20 },
      });
      const unknown = newConversationId();
      await records.finishTurn(unknown, assistant('Nobody asked.', 3), state);
      expect(await records.get(unknown)).toBeNull();
      expect(await records.resume(unknown)).toBeNull();
    });

    it('knows no conversation it was not given: get and resume are null, append is false, a malformed id included', async () => {
      const unknown = newConversationId();
      expect(await records.get(unknown)).toBeNull();
      expect(await records.resume(unknown)).toBeNull();
      expect(await records.resume('../../etc/passwd')).toBeNull();
      expect(await records.append(unknown, user('Hi', 1))).toBe(false);
      expect(await records.get('../../etc/passwd')).toBeNull();
      expect(await records.append('conv_x', user('Hi', 1))).toBe(false);
    });

    it('lists one plan newest first (one version when named), with the first message as preview', async () => {
      const old = await started('shop', 1, 'First question');
      const newer = await started('shop', 5, 'Second question');
      const staging = await started('shop', 3, 'On staging', 'staging');
      await started('other-plan', 9, 'Not this plan');
      const all = await records.list({ planId: 'shop' });
      expect(all.conversations.map((c) => c.id)).toEqual([newer, staging, old]);
      expect(all.next).toBeNull();
      expect(all.conversations[0]).toEqual({
        id: newer,
        planId: 'shop',
        versionName: 'production',
        keyName: 'web-shop',
        createdAt: at(5),
        updatedAt: at(5),
        preview: 'Second question',
        messages: 2,
      });
      expect((await records.list({ planId: 'shop', versionName: 'production' })).conversations.map((c) => c.id)).toEqual([newer, old]);
    });

    it("searches the user's and the assistant's messages, any case, with % and _ taken literally; never the tools' outputs", async () => {
      const refund = await started('shop', 1, 'I want a REFUND please');
      const percent = await started('shop', 2, 'Is there 50% off?');
      const h = head('shop', 3);
      await records.create(h);
      await records.append(h.id, { kind: 'tool', at: at(3), name: 't', arguments: {}, output: 'refund policy', ms: 1 });
      const ids = async (search: string): Promise<string[]> =>
        (await records.list({ planId: 'shop', search })).conversations.map((c) => c.id);
      expect(await ids('refund')).toEqual([refund]);
      expect(await ids('50%')).toEqual([percent]);
      expect(await ids('%')).toEqual([percent]);
      expect(await ids('_')).toEqual([]);
      expect(await ids('sure.')).toEqual([percent, refund]);
    });

    it('pages newest first: each page at most limit long, next leads on without repeating or skipping one updated in the same millisecond', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await started('shop', 7, `Question ${i}`));
      const seen: string[] = [];
      let before: string | undefined;
      for (let page = 0; page < 5; page++) {
        const listed = await records.list({ planId: 'shop', limit: 2, ...(before === undefined ? {} : { before }) });
        expect(listed.conversations.length).toBeLessThanOrEqual(2);
        seen.push(...listed.conversations.map((c) => c.id));
        if (listed.next === null) break;
        before = listed.next;
      }
      expect(seen).toEqual([...ids].sort().reverse());
      // A bare time is a cursor too: those updated before it.
      await started('shop', 1, 'Early');
      expect((await records.list({ planId: 'shop', before: at(2) })).conversations.map((c) => c.preview)).toEqual(['Early']);
    });

    it('deletes the conversations last updated before a time, and only those; an answer later keeps an old one', async () => {
      const old = await started('shop', 1, 'Old');
      const revived = await started('shop', 2, 'Old but answered later');
      await records.append(revived, assistant('Later answer', 30));
      const recent = await started('shop', 20, 'Recent');
      expect(await records.deleteUpdatedBefore(at(10))).toBe(1);
      expect(await records.get(old)).toBeNull();
      expect(await records.resume(old)).toBeNull();
      expect(await records.get(revived)).not.toBeNull();
      expect((await records.list({ planId: 'shop' })).conversations.map((c) => c.id)).toEqual([revived, recent]);
    });
  });
}
