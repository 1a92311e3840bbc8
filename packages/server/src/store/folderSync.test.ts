import { describe, expect, it } from 'vitest';
import { createFolderSyncs } from './atomicWrite.js';

/** A folder fsync that counts its calls and finishes when the test says so. */
function countedSyncs() {
  const calls: string[] = [];
  const finish: (() => void)[] = [];
  const fsync = (folder: string): Promise<void> =>
    new Promise((resolve) => {
      calls.push(folder);
      finish.push(resolve);
    });
  const finishAll = async (): Promise<void> => {
    // Finishes the syncs started so far and lets the next one begin.
    for (const resolve of finish.splice(0)) resolve();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { calls, fsync, finishAll };
}

describe('createFolderSyncs', () => {
  it('answers 50 callers at once with two fsyncs: the one already running and one for all who asked during it', async () => {
    const { calls, fsync, finishAll } = countedSyncs();
    const sync = createFolderSyncs(fsync);
    let answered = 0;
    const all = Array.from({ length: 50 }, () => sync('/data/conversations').then(() => answered++));
    expect(calls).toHaveLength(1);
    await finishAll();
    // The first caller is answered; the 49 who asked while it ran wait for a sync that began after them.
    expect(answered).toBe(1);
    expect(calls).toHaveLength(2);
    await finishAll();
    await Promise.all(all);
    expect(answered).toBe(50);
    expect(calls).toEqual(['/data/conversations', '/data/conversations']);
  });

  it('never answers a caller with a sync that began before it asked', async () => {
    const { calls, fsync, finishAll } = countedSyncs();
    const sync = createFolderSyncs(fsync);
    let late = false;
    void sync('/a');
    const second = sync('/a').then(() => (late = true));
    await finishAll();
    expect(late).toBe(false);
    await finishAll();
    await second;
    expect(calls).toEqual(['/a', '/a']);
  });

  it('syncs each folder on its own, and answers callers when the fsync fails (best effort)', async () => {
    const calls: string[] = [];
    const sync = createFolderSyncs((folder) => {
      calls.push(folder);
      return Promise.reject(new Error('EISDIR'));
    });
    await expect(Promise.all([sync('/a'), sync('/b')])).resolves.toEqual([undefined, undefined]);
    expect(calls).toEqual(['/a', '/b']);
  });
});
