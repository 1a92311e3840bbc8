import { appendFile, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversationContract } from './conversationContract.test-helper.js';
import { newConversationId } from './conversationRecords.js';
import { CONVERSATIONS_FOLDER, folderConversationRecords } from './folderConversations.js';

conversationContract('folder store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
  return { records: folderConversationRecords(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

describe('the folder conversation log', () => {
  it('loses only the line a crash cut short: the entries before it and after it are read back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    try {
      const records = folderConversationRecords(dir);
      const id = newConversationId();
      await records.create({ id, planId: 'shop', versionName: 'production', keyName: null, createdAt: '2026-11-27T10:00:00.000Z' });
      await records.append(id, { kind: 'user', at: '2026-11-27T10:00:01.000Z', content: 'Before' });
      const file = join(dir, CONVERSATIONS_FOLDER, `${id}.jsonl`);
      await appendFile(file, '\n{"entry":{"kind":"assistant","at":"2026-11-27T10:0');
      await records.append(id, { kind: 'user', at: '2026-11-27T10:00:03.000Z', content: 'After' });
      const stored = await records.get(id);
      expect(stored?.conversation.entries.map((e) => (e.kind === 'tool' ? e.name : e.content))).toEqual(['Before', 'After']);
      expect(await readFile(join(dir, CONVERSATIONS_FOLDER, '.gitignore'), 'utf8')).toBe('*\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('resumes what it served from memory and, once forgotten or after a restart, from its files: the same head and state', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    try {
      // At most 3 kept, and 200 characters of state: a long state is read from its file each time.
      const records = folderConversationRecords(dir, { count: 3, stateChars: 200 });
      const head = (id: string) => ({
        id,
        planId: 'shop',
        versionName: 'production',
        keyName: 'web-shop',
        createdAt: '2026-11-27T10:00:00.000Z',
      });
      const state = (id: string, text = 'Hi') => ({
        messages: [{ role: 'user' as const, content: `${text} from ${id}` }],
        variables: { id },
      });
      const ids = Array.from({ length: 5 }, () => newConversationId());
      for (const id of ids) {
        await records.create(head(id));
        await records.saveState(id, state(id));
      }
      const long = ids[4] ?? '';
      await records.saveState(long, state(long, 'x'.repeat(300)));
      for (const id of ids.slice(0, 4)) expect(await records.resume(id)).toEqual({ head: head(id), state: state(id) });
      expect(await records.resume(long)).toEqual({ head: head(long), state: state(long, 'x'.repeat(300)) });
      // What is not kept is read from its file (written here behind the store's back to show it).
      const rewritten = state(long, 'Rewritten');
      await writeFile(join(dir, CONVERSATIONS_FOLDER, `${long}.state.json`), JSON.stringify(rewritten));
      expect(await records.resume(long)).toEqual({ head: head(long), state: rewritten });
      const restarted = folderConversationRecords(dir);
      for (const id of ids.slice(0, 4)) expect(await restarted.resume(id)).toEqual({ head: head(id), state: state(id) });
      // A conversation whose files are gone is not resumed from memory, nor made again by an append.
      expect(await records.deleteUpdatedBefore('2026-11-28T00:00:00.000Z')).toBe(ids.length);
      for (const id of ids) expect(await records.resume(id)).toBeNull();
      expect(await records.append(ids[3] ?? '', { kind: 'user', at: '2026-11-28T10:00:00.000Z', content: 'Late' })).toBe(false);
      expect(await readdir(join(dir, CONVERSATIONS_FOLDER))).toEqual(['.gitignore']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps the runtime's state in a file of its own (mode 600), replaced each turn: the log does not grow with it", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    try {
      const records = folderConversationRecords(dir);
      const id = newConversationId();
      await records.create({ id, planId: 'shop', versionName: 'production', keyName: null, createdAt: '2026-11-27T10:00:00.000Z' });
      const log = join(dir, CONVERSATIONS_FOLDER, `${id}.jsonl`);
      const before = await readFile(log, 'utf8');
      await records.saveState(id, { messages: [{ role: 'user', content: 'One' }], variables: { a: '1' } });
      await records.saveState(id, { messages: [{ role: 'user', content: 'Two' }], variables: { a: '2' } });
      expect(await readFile(log, 'utf8')).toBe(before);
      expect((await records.get(id))?.state).toEqual({ messages: [{ role: 'user', content: 'Two' }], variables: { a: '2' } });
      expect((await stat(join(dir, CONVERSATIONS_FOLDER, `${id}.state.json`))).mode & 0o777).toBe(0o600);
      expect(await records.deleteUpdatedBefore('2026-11-28T00:00:00.000Z')).toBe(1);
      expect(await readdir(join(dir, CONVERSATIONS_FOLDER))).toEqual(['.gitignore']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
