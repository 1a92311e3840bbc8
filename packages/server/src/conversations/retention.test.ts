import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newConversationId, type ConversationRecords } from './conversationRecords.js';
import { folderConversationRecords } from './folderConversations.js';
import { startRetention, type Retention } from './retention.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 27, 12, 0);

describe('conversation retention', () => {
  let dir: string;
  let records: ConversationRecords;
  let retention: Retention | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-retention-'));
    records = folderConversationRecords(dir);
  });
  afterEach(async () => {
    retention?.stop();
    await records.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A conversation last updated `days` ago. */
  async function updatedDaysAgo(days: number): Promise<string> {
    const id = newConversationId();
    const at = new Date(NOW - days * DAY).toISOString();
    await records.create({ id, planId: 'shop', versionName: 'production', keyName: null, createdAt: at });
    await records.append(id, { kind: 'user', at, content: `${days} days ago` });
    return id;
  }
  const previews = async (): Promise<string[]> => (await records.list({ planId: 'shop' })).conversations.map((c) => c.preview);

  it('deletes at start the conversations last updated more than keepDays ago, and only those', async () => {
    await updatedDaysAgo(31);
    await updatedDaysAgo(29);
    await updatedDaysAgo(1);
    retention = startRetention({ records, keepDays: 30, now: () => NOW, log: () => undefined });
    await vi.waitFor(async () => expect(await previews()).toEqual(['1 days ago', '29 days ago']));
    expect(await retention.sweep()).toBe(0);
  });

  it('sweeps again on its timer: a conversation that grows old later goes then', async () => {
    let now = NOW;
    retention = startRetention({ records, keepDays: 2, now: () => now, log: () => undefined, everyMs: 10 });
    await updatedDaysAgo(1);
    now += 2 * DAY;
    await vi.waitFor(async () => expect(await previews()).toEqual([]));
  });

  it('reports a failed sweep and keeps going', async () => {
    const lines: string[] = [];
    const failing: ConversationRecords = { ...records, deleteUpdatedBefore: () => Promise.reject(new Error('disk gone')) };
    retention = startRetention({ records: failing, keepDays: 30, now: () => NOW, log: (line) => lines.push(line) });
    await vi.waitFor(() => expect(lines).toEqual(['flow server: deleting old conversations failed: disk gone']));
  });
});
