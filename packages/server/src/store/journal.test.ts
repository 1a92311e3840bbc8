import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeFlow } from '@flow/core';
import { sampleFlow } from '../testServer.test-helper.js';
import { cleanStart } from './cleanStart.js';
import { dataPaths, type DataPaths } from './dataPaths.js';
import { createFlowStore } from './flowStore.js';
import { commitWrites, settleJournal, type FileWrite, type DatabaseStep, type JournalStep, type StoreFaults } from './journal.js';

class Crash extends Error {}

/** Faults that stop a change (like a crash would) after its `count`-th step. */
function crashAfter(count: number): StoreFaults & { steps: (JournalStep | DatabaseStep)[] } {
  const steps: (JournalStep | DatabaseStep)[] = [];
  return {
    steps,
    after(step) {
      steps.push(step);
      if (steps.length === count) throw new Crash(`crash after ${step}`);
    },
  };
}

const read = (path: string): Promise<string | null> => readFile(path, 'utf8').catch(() => null);

describe('commitWrites and settleJournal', () => {
  let dir: string;
  let paths: DataPaths;
  let writes: FileWrite[];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-journal-'));
    paths = dataPaths(dir);
    writes = [
      { path: paths.flow('p', 'v'), text: 'new flow' },
      { path: join(paths.published('p', 'v'), 'entry.json'), text: 'new entry' },
    ];
    await mkdir(paths.plan('p'), { recursive: true });
    await writeFile(paths.flow('p', 'v'), 'old flow');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes every file and removes the journal, stepping through journal, files, removal', async () => {
    const faults = crashAfter(-1);
    await commitWrites(dir, paths.journal('p', 'v'), writes, faults);
    expect(faults.steps).toEqual(['journal-written', 'file-written', 'file-written', 'journal-removed']);
    expect(await read(writes[0]?.path ?? '')).toBe('new flow');
    expect(await read(writes[1]?.path ?? '')).toBe('new entry');
    expect(await read(paths.journal('p', 'v'))).toBeNull();
  });

  it('writes a single file without a journal', async () => {
    const faults = crashAfter(-1);
    await commitWrites(dir, paths.journal('p', 'v'), writes.slice(0, 1), faults);
    expect(faults.steps).toEqual(['file-written']);
  });

  it.each([1, 2, 3])('finishes a change stopped after step %i when the journal is settled, once', async (count) => {
    await expect(commitWrites(dir, paths.journal('p', 'v'), writes, crashAfter(count))).rejects.toBeInstanceOf(Crash);
    expect(await read(paths.journal('p', 'v'))).not.toBeNull();
    expect(await settleJournal(dir, paths.journal('p', 'v'))).toBe('replayed');
    expect(await read(writes[0]?.path ?? '')).toBe('new flow');
    expect(await read(writes[1]?.path ?? '')).toBe('new entry');
    expect(await settleJournal(dir, paths.journal('p', 'v'))).toBe('none');
  });

  it('removes a file whose write is null, in the same change; a change stopped after it removes it again, once settled', async () => {
    const removal = [{ path: paths.flow('p', 'v'), text: null }, ...writes.slice(1)];
    await expect(commitWrites(dir, paths.journal('p', 'v'), removal, crashAfter(2))).rejects.toBeInstanceOf(Crash);
    expect(await read(paths.flow('p', 'v'))).toBeNull();
    expect(await settleJournal(dir, paths.journal('p', 'v'))).toBe('replayed');
    expect(await read(paths.flow('p', 'v'))).toBeNull();
    expect(await read(writes[1]?.path ?? '')).toBe('new entry');
    await commitWrites(dir, paths.journal('p', 'v'), removal, crashAfter(-1));
    expect(await read(paths.flow('p', 'v'))).toBeNull();
  });

  it('removes a journal it did not write, or one naming a path outside the data folder, applying nothing', async () => {
    const name = `escape-${Date.now()}.txt`;
    const outside = join(dir, '..', name);
    const escaping = (path: string): string => JSON.stringify({ format: 'flow-journal/1', writes: [{ path, text: 'x' }] });
    for (const text of [
      'not json',
      escaping(`../${name}`),
      escaping(outside),
      escaping(`p/../../${name}`),
      '{"format":"other","writes":[]}',
    ]) {
      await writeFile(paths.journal('p', 'v'), text);
      expect(await settleJournal(dir, paths.journal('p', 'v'))).toBe('invalid');
      expect(await read(paths.journal('p', 'v'))).toBeNull();
    }
    expect(await read(outside)).toBeNull();
    expect(await read(paths.flow('p', 'v'))).toBe('old flow');
  });

  it('a flow store finishes a pending journal before its next write, so a restart cannot bring the older change back', async () => {
    const store = createFlowStore(paths);
    const first = [{ path: paths.flow('p', 'v'), text: serializeFlow(sampleFlow('p', 'v', 1, 'Journaled')) }, ...writes.slice(1)];
    await expect(commitWrites(dir, paths.journal('p', 'v'), first, crashAfter(1))).rejects.toBeInstanceOf(Crash);
    await store.update('p', 'v', () => sampleFlow('p', 'v', 2, 'Later'));
    expect(await read(paths.journal('p', 'v'))).toBeNull();
    expect(await read(writes[1]?.path ?? '')).toBe('new entry');
    await cleanStart(dir);
    expect(await read(paths.flow('p', 'v'))).toBe(serializeFlow(sampleFlow('p', 'v', 2, 'Later')));
  });
});
