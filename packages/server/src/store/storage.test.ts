import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleFlow } from '../testServer.test-helper.js';
import { dataPaths } from './dataPaths.js';
import { REVALIDATE_MS, fileNames } from './listing.js';
import { createPublishStore, publishIdOf, recordFileOf } from './publishStore.js';
import { createFileStorage } from './storage.js';
import { storageContract } from './storageContract.test-helper.js';

storageContract('folder store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flow-storage-'));
  return { storage: createFileStorage(dataPaths(dir)), close: () => rm(dir, { recursive: true, force: true }) };
});

/** Listings of record names that count themselves, can be held once read, or fail: a test's view of newestId's reads. */
function watchedListings() {
  const listed = { count: 0, held: Promise.resolve(), fails: false };
  const list = async (folder: string): Promise<string[]> => {
    listed.count++;
    if (listed.fails) throw new Error('EIO: the disk failed');
    const names = await fileNames(folder);
    await listed.held;
    return names;
  };
  return { listed, list };
}

describe('the folder store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-storage-'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps a version's newest publish id: its own publish is seen at once; one made outside it by the turns after the first that asks once REVALIDATE_MS passed", async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const paths = dataPaths(dir);
    const storage = createFileStorage(paths);
    const first = await storage.flows.publish('p', 'production', () => sampleFlow('p', 'production', 1));
    expect(await storage.publishes.newestId('p', 'production')).toBe(first.entry.id);
    const second = await storage.flows.publish('p', 'production', () => ({ ...sampleFlow('p', 'production', 1), systemPrompt: 'Two' }));
    expect(await storage.publishes.newestId('p', 'production')).toBe(second.entry.id);
    // A record written behind the store's back (git, a copy): seen once the kept id is no longer trusted.
    const outside = '2999-01-01T00:00:00.000Z';
    await writeFile(
      join(paths.published('p', 'production'), recordFileOf(outside)),
      await readFile(join(paths.published('p', 'production'), recordFileOf(second.entry.publishedAt)), 'utf8'),
    );
    expect(await storage.publishes.newestId('p', 'production')).toBe(second.entry.id);
    vi.advanceTimersByTime(REVALIDATE_MS);
    // That turn does not wait for the disk: it has the kept id, and the names are read again meanwhile.
    expect(await storage.publishes.newestId('p', 'production')).toBe(second.entry.id);
    await vi.waitFor(async () => expect(await storage.publishes.newestId('p', 'production')).toBe(publishIdOf(outside)));
  });

  it('trusts a kept id no more once reading the names again failed: the next turn reads them itself and says so', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const paths = dataPaths(dir);
    const first = await createFileStorage(paths).flows.publish('p', 'production', () => sampleFlow('p', 'production', 1));
    const { listed, list } = watchedListings();
    const publishes = createPublishStore(paths, undefined, list);
    expect(await publishes.newestId('p', 'production')).toBe(first.entry.id);
    vi.advanceTimersByTime(REVALIDATE_MS);
    listed.fails = true;
    try {
      expect(await publishes.newestId('p', 'production')).toBe(first.entry.id);
      await vi.waitFor(() => expect(publishes.newestId('p', 'production')).rejects.toThrow('EIO: the disk failed'));
    } finally {
      listed.fails = false;
    }
    expect(await publishes.newestId('p', 'production')).toBe(first.entry.id);
  });

  it('reads the names once for the turns that ask together, never waits for the disk while an id is kept, and never gives a read begun before its own publish', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const paths = dataPaths(dir);
    const first = await createFileStorage(paths).flows.publish('p', 'production', () => sampleFlow('p', 'production', 1));
    const { listed, list } = watchedListings();
    const publishes = createPublishStore(paths, undefined, list);
    listed.count = 0;
    const together = await Promise.all(Array.from({ length: 20 }, () => publishes.newestId('p', 'production')));
    expect(together).toEqual(Array.from({ length: 20 }, () => first.entry.id));
    expect(listed.count).toBe(1);
    // Once the kept id is old, turns still get it at once (the names read again meanwhile are held here), with one read for all.
    vi.advanceTimersByTime(REVALIDATE_MS);
    let release = (): void => undefined;
    listed.held = new Promise((resolve) => (release = resolve));
    const kept = await Promise.all(Array.from({ length: 20 }, () => publishes.newestId('p', 'production')));
    expect(kept).toEqual(Array.from({ length: 20 }, () => first.entry.id));
    expect(listed.count).toBe(2);
    // A publish written while that read is under way: the turn asking after it reads the names again, not sharing the old read.
    const later = '2999-01-01T00:00:00.000Z';
    await writeFile(
      join(paths.published('p', 'production'), recordFileOf(later)),
      await readFile(join(paths.published('p', 'production'), recordFileOf(first.entry.publishedAt)), 'utf8'),
    );
    publishes.published('p', 'production');
    const after = publishes.newestId('p', 'production');
    release();
    expect(await after).toBe(publishIdOf(later));
    expect(listed.count).toBe(3);
  });
});
