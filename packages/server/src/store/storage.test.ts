import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleFlow } from '../testServer.test-helper.js';
import { dataPaths } from './dataPaths.js';
import { REVALIDATE_MS } from './listing.js';
import { createPublishStore, publishIdOf, recordFileOf } from './publishStore.js';
import { createFileStorage } from './storage.js';
import { storageContract } from './storageContract.test-helper.js';

// Counts the folder listings the store makes, and can hold a listing's names once read (they are read as before).
const listed = vi.hoisted(() => ({ count: 0, held: Promise.resolve() }));
vi.mock('./listing.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./listing.js')>();
  return {
    ...actual,
    fileNames: async (folder: string) => {
      listed.count++;
      const names = await actual.fileNames(folder);
      await listed.held;
      return names;
    },
  };
});

storageContract('folder store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flow-storage-'));
  return { storage: createFileStorage(dataPaths(dir)), close: () => rm(dir, { recursive: true, force: true }) };
});

describe('the folder store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-storage-'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps a version's newest publish id for REVALIDATE_MS: its own publish is seen at once, one made outside it once that time passed", async () => {
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
    expect(await storage.publishes.newestId('p', 'production')).toBe(publishIdOf(outside));
  });

  it('reads the names once for the turns that ask together, never giving a read begun before its own publish', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const paths = dataPaths(dir);
    const first = await createFileStorage(paths).flows.publish('p', 'production', () => sampleFlow('p', 'production', 1));
    const publishes = createPublishStore(paths);
    listed.count = 0;
    const together = await Promise.all(Array.from({ length: 20 }, () => publishes.newestId('p', 'production')));
    expect(together).toEqual(Array.from({ length: 20 }, () => first.entry.id));
    expect(listed.count).toBe(1);
    // A read under way (its names read, then held) when a publish is written: a turn asking after the publish reads the names again.
    vi.advanceTimersByTime(REVALIDATE_MS);
    let release = (): void => undefined;
    listed.held = new Promise((resolve) => (release = resolve));
    const begun = publishes.newestId('p', 'production');
    await vi.waitFor(() => expect(listed.count).toBe(2));
    const later = '2999-01-01T00:00:00.000Z';
    await writeFile(
      join(paths.published('p', 'production'), recordFileOf(later)),
      await readFile(join(paths.published('p', 'production'), recordFileOf(first.entry.publishedAt)), 'utf8'),
    );
    publishes.published('p', 'production');
    const after = publishes.newestId('p', 'production');
    release();
    expect(await after).toBe(publishIdOf(later));
    expect(await begun).toBe(first.entry.id);
    listed.held = Promise.resolve();
  });
});
