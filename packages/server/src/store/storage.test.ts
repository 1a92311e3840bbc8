import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleFlow } from '../testServer.test-helper.js';
import { dataPaths } from './dataPaths.js';
import { REVALIDATE_MS } from './listing.js';
import { publishIdOf, recordFileOf } from './publishStore.js';
import { createFileStorage } from './storage.js';
import { storageContract } from './storageContract.test-helper.js';

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
});
