import { appendFile, mkdir, mkdtemp, open, readFile, readdir, readlink, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { conversationContract } from './conversationContract.test-helper.js';
import { newConversationId } from './conversationRecords.js';
import { CONVERSATIONS_FOLDER, OPEN_LOGS, folderConversationRecords } from './folderConversations.js';

conversationContract('folder store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
  const records = folderConversationRecords(dir);
  return {
    records,
    close: async () => {
      await records.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

const isFileHandle = (value: unknown): value is FileHandle => typeof value === 'object' && value !== null && 'datasync' in value;

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
      await records.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('resumes what it served from memory and, once forgotten or after a restart, from its files: the same head and state', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    try {
      // At most 3 kept, and 200 characters of state: a long state is read from its file each time.
      const records = folderConversationRecords(dir, { keptAtMost: { count: 3, stateChars: 200 } });
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
      // What is not kept is read from its log (a state line written here behind the store's back to show it).
      const rewritten = state(long, 'Rewritten');
      await appendFile(join(dir, CONVERSATIONS_FOLDER, `${long}.jsonl`), `\n${JSON.stringify({ state: { from: 0, ...rewritten } })}`);
      expect(await records.resume(long)).toEqual({ head: head(long), state: rewritten });
      const restarted = folderConversationRecords(dir);
      for (const id of ids.slice(0, 4)) expect(await restarted.resume(id)).toEqual({ head: head(id), state: state(id) });
      await restarted.close();
      // A conversation whose files are gone is not resumed from memory, nor made again by an append.
      expect(await records.deleteUpdatedBefore('2026-11-28T00:00:00.000Z')).toBe(ids.length);
      for (const id of ids) expect(await records.resume(id)).toBeNull();
      expect(await records.append(ids[3] ?? '', { kind: 'user', at: '2026-11-28T10:00:00.000Z', content: 'Late' })).toBe(false);
      expect(await readdir(join(dir, CONVERSATIONS_FOLDER))).toEqual(['.gitignore']);
      await records.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("writes the runtime's state as a line of the log with the turn's answer: only the messages the turn added", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    try {
      const records = folderConversationRecords(dir);
      const id = newConversationId();
      await records.create({ id, planId: 'shop', versionName: 'production', keyName: null, createdAt: '2026-11-27T10:00:00.000Z' });
      const one = { role: 'user' as const, content: 'One' };
      const two = { role: 'assistant' as const, content: 'Two' };
      const first = { messages: [one], variables: { a: '1' } };
      await records.finishTurn(
        id,
        { kind: 'assistant', at: '2026-11-27T10:00:01.000Z', content: 'Hi', usage: { inputTokens: 1, outputTokens: 1 } },
        first,
      );
      // The next state goes on from the one resumed: the same messages, then the new one.
      const resumed = await records.resume(id);
      const second = { messages: [...(resumed?.state.messages ?? []), two], variables: { a: '2' } };
      await records.saveState(id, second);
      const log = join(dir, CONVERSATIONS_FOLDER, `${id}.jsonl`);
      const lines = (await readFile(log, 'utf8')).split('\n').filter((line) => line !== '');
      expect(lines.slice(1)).toEqual([
        JSON.stringify({
          entry: { kind: 'assistant', at: '2026-11-27T10:00:01.000Z', content: 'Hi', usage: { inputTokens: 1, outputTokens: 1 } },
        }),
        JSON.stringify({ state: { from: 0, messages: [one], variables: { a: '1' } } }),
        JSON.stringify({ state: { from: 1, messages: [two], variables: { a: '2' } } }),
      ]);
      expect((await stat(log)).mode & 0o777).toBe(0o600);
      expect((await folderConversationRecords(dir).get(id))?.state).toEqual(second);
      expect(await records.deleteUpdatedBefore('2026-11-28T00:00:00.000Z')).toBe(1);
      expect(await readdir(join(dir, CONVERSATIONS_FOLDER))).toEqual(['.gitignore']);
      await records.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  /** Every FileHandle's datasync, the store's included, spied through their shared prototype. */
  async function spyOnDatasync(dir: string) {
    const probe = await open(join(dir, 'probe'), 'w');
    const prototype: unknown = Object.getPrototypeOf(probe);
    await probe.close();
    if (!isFileHandle(prototype)) throw new Error('FileHandle has no datasync');
    return { datasync: prototype.datasync, syncs: vi.spyOn(prototype, 'datasync') };
  }
  const turnAt = '2026-11-27T10:00:01.000Z';
  const answer = { kind: 'assistant', at: turnAt, content: 'Shipped.', usage: { inputTokens: 9, outputTokens: 2 } } as const;
  const startConversation = async (records: ReturnType<typeof folderConversationRecords>): Promise<string> => {
    const id = newConversationId();
    await records.create({ id, planId: 'shop', versionName: 'production', keyName: null, createdAt: turnAt }, [
      { kind: 'user', at: turnAt, content: 'Where is A1?' },
    ]);
    return id;
  };

  it("writes a turn's lines as they come, answers without waiting for the disk, and syncs each log written once per round", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    const { datasync, syncs } = await spyOnDatasync(dir);
    try {
      // The first round's syncs are held until released.
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      syncs.mockImplementation(async function (this: FileHandle) {
        await held;
        return Reflect.apply(datasync, this, []);
      });
      const records = folderConversationRecords(dir, { syncMs: 20 });
      const first = await startConversation(records);
      const log = join(dir, CONVERSATIONS_FOLDER, `${first}.jsonl`);
      await records.append(first, {
        kind: 'tool',
        at: turnAt,
        name: 'look_up_order',
        arguments: { order_id: 'A1' },
        output: 'shipped',
        ms: 3,
      });
      // Each line is in the log (the page cache, which a crash of the process leaves) as soon as it is written.
      expect((await readFile(log, 'utf8')).split('\n')).toHaveLength(4);
      await records.finishTurn(first, answer, { messages: [], variables: {} });
      expect((await readFile(log, 'utf8')).split('\n')).toHaveLength(6);
      await startConversation(records);
      // The round syncs the first log (held here), then the second: one sync per log, however many writes it had.
      await vi.waitFor(() => expect(syncs).toHaveBeenCalledTimes(1));
      // A turn goes on while its log's sync is under way: it never waits for the disk.
      await records.finishTurn(first, answer, { messages: [], variables: {} });
      expect((await readFile(log, 'utf8')).split('\n')).toHaveLength(8);
      expect(syncs).toHaveBeenCalledTimes(1);
      release();
      // Then the second log; the first, written during the round, is synced again in the next one, the second not.
      await vi.waitFor(() => expect(syncs).toHaveBeenCalledTimes(3));
      const [firstHandle, secondHandle, again] = syncs.mock.contexts;
      expect(firstHandle).not.toBe(secondHandle);
      expect(again).toBe(firstHandle);
      await records.close();
      expect(syncs).toHaveBeenCalledTimes(3);
    } finally {
      syncs.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('syncs a log written since the last round when it closes, and tries a failed sync again in the next round', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    const { syncs } = await spyOnDatasync(dir);
    try {
      // No round comes in this test's time: only closing syncs.
      const records = folderConversationRecords(dir, { syncMs: 3_600_000 });
      await startConversation(records);
      expect(syncs).not.toHaveBeenCalled();
      await records.close();
      expect(syncs).toHaveBeenCalledTimes(1);

      syncs.mockClear();
      syncs.mockRejectedValueOnce(new Error('EIO: i/o error, fdatasync'));
      const retrying = folderConversationRecords(dir, { syncMs: 20 });
      await startConversation(retrying);
      await vi.waitFor(() => expect(syncs).toHaveBeenCalledTimes(2));
      expect(syncs.mock.contexts[1]).toBe(syncs.mock.contexts[0]);
      await retrying.close();
    } finally {
      syncs.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps at most OPEN_LOGS logs open, the last written; one closed meanwhile is opened again when written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    const folder = join(dir, CONVERSATIONS_FOLDER);
    // The files this process holds open in the folder (Linux names them under /proc/self/fd).
    const openInFolder = async (): Promise<number> => {
      const links = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return links.filter((link) => link.startsWith(folder)).length;
    };
    try {
      const records = folderConversationRecords(dir);
      const ids = Array.from({ length: OPEN_LOGS + 2 }, () => newConversationId());
      for (const id of ids)
        await records.create({ id, planId: 'shop', versionName: 'production', keyName: null, createdAt: '2026-11-27T10:00:00.000Z' });
      const first = ids[0] ?? '';
      expect(await records.append(first, { kind: 'user', at: '2026-11-27T10:00:01.000Z', content: 'Still here' })).toBe(true);
      expect((await records.get(first))?.conversation.entries.map((e) => e.kind === 'user' && e.content)).toEqual(['Still here']);
      await vi.waitFor(async () => expect(await openInFolder()).toBe(OPEN_LOGS));
      await records.close();
      expect(await openInFolder()).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads a log written before states were lines (its state in <id>.state.json), goes on with it and deletes both files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-conversations-'));
    try {
      const id = newConversationId();
      const head = { id, planId: 'shop', versionName: 'production', keyName: null, createdAt: '2026-11-27T10:00:00.000Z' };
      const asked = { kind: 'user' as const, at: '2026-11-27T10:00:01.000Z', content: 'Where is A1?' };
      const told = {
        kind: 'assistant' as const,
        at: '2026-11-27T10:00:02.000Z',
        content: 'Shipped.',
        usage: { inputTokens: 9, outputTokens: 2 },
      };
      const old = {
        messages: [
          { role: 'user' as const, content: 'Where is A1?' },
          { role: 'assistant' as const, content: 'Shipped.' },
        ],
        variables: { order_id: 'A1' },
      };
      // The old format, as the store wrote it: head and entries in the log, the state in its own file.
      await mkdir(join(dir, CONVERSATIONS_FOLDER), { recursive: true });
      await writeFile(
        join(dir, CONVERSATIONS_FOLDER, `${id}.jsonl`),
        [{ head }, { entry: asked }, { entry: told }].map((l) => `\n${JSON.stringify(l)}`).join(''),
      );
      await writeFile(join(dir, CONVERSATIONS_FOLDER, `${id}.state.json`), `${JSON.stringify(old)}\n`);
      const records = folderConversationRecords(dir);
      expect(await records.resume(id)).toEqual({ head, state: old });
      expect((await records.get(id))?.conversation).toMatchObject({
        messages: 2,
        variables: { order_id: 'A1' },
        usage: { inputTokens: 9, outputTokens: 2 },
      });
      const resumed = await records.resume(id);
      const next = {
        messages: [...(resumed?.state.messages ?? []), { role: 'user' as const, content: 'Thanks' }],
        variables: { order_id: 'A1' },
      };
      await records.finishTurn(id, { ...told, at: '2026-11-27T10:00:03.000Z', content: 'You are welcome.' }, next);
      expect(await folderConversationRecords(dir).resume(id)).toEqual({ head, state: next });
      expect(await records.deleteUpdatedBefore('2026-11-28T00:00:00.000Z')).toBe(1);
      expect(await readdir(join(dir, CONVERSATIONS_FOLDER))).toEqual([]);
      await records.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
