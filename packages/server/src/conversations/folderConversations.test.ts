import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
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
});
