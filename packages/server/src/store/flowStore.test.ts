import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serializeFlow } from '@flow/core';
import { sampleFlow } from '../testServer.test-helper.js';
import { dataPaths } from './dataPaths.js';
import { runFlowJob } from '../flowWork.js';
import { DEFAULT_CACHE_BYTES, createFlowStore, type FlowStore } from './flowStore.js';
import { REVALIDATE_MS } from './listing.js';

describe('createFlowStore', () => {
  let dir: string;
  let store: FlowStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-store-'));
    store = createFlowStore(dataPaths(dir));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a version never written as the empty flow, not existing', async () => {
    const stored = await store.read('p', 'v');
    expect(stored).toMatchObject({ exists: false, doc: { planId: 'p', versionName: 'v', nodes: [] } });
  });

  it('stores a flow a worker prepared without parsing or decoding it: the cache budget counts its bytes alone', async () => {
    const doc = sampleFlow('p', 'v', 3);
    const job = runFlowJob({
      kind: 'document',
      body: new TextEncoder().encode(JSON.stringify(doc)),
      planId: 'p',
      versionName: 'v',
      secretNames: [],
    });
    if (job.kind !== 'document') throw new Error(`answered ${job.kind}`);
    const saved = await store.update('p', 'v', () => job.flow);
    expect(saved.etag).toBe(job.flow.hash);
    expect(store.cacheUsage().bytes).toBe(job.flow.bytes.byteLength);
    expect((await store.readValid('p', 'v')).doc).toEqual(doc);
  });

  it('writes nothing for a prepared flow equal to the one stored, and writes one that differs', async () => {
    const prepare = (names: string) => {
      const job = runFlowJob({
        kind: 'document',
        body: new TextEncoder().encode(JSON.stringify(sampleFlow('p', 'v', 3, names))),
        planId: 'p',
        versionName: 'v',
        secretNames: [],
      });
      if (job.kind !== 'document') throw new Error(`answered ${job.kind}`);
      return job.flow;
    };
    const first = await store.update('p', 'v', () => prepare('Same'));
    const path = dataPaths(dir).flow('p', 'v');
    const written = (await stat(path)).mtimeMs;
    expect(await store.update('p', 'v', () => prepare('Same'))).toBe(first);
    expect((await stat(path)).mtimeMs).toBe(written);
    const changed = await store.update('p', 'v', () => prepare('Other'));
    expect(changed.etag).not.toBe(first.etag);
    expect(await readFile(path, 'utf8')).toBe(changed.text);
  });

  it('sees a change made outside the server within the revalidation time', async () => {
    await store.update('p', 'v', () => sampleFlow('p', 'v', 1, 'Old'));
    expect((await store.read('p', 'v')).doc?.nodes).toHaveLength(2);
    await writeFile(dataPaths(dir).flow('p', 'v'), serializeFlow(sampleFlow('p', 'v', 3, 'New')));
    // Seen once the cached read is older than the revalidation time (waited for, not slept on).
    await vi.waitFor(async () => expect((await store.read('p', 'v')).doc?.nodes).toHaveLength(4), {
      timeout: REVALIDATE_MS * 10,
      interval: REVALIDATE_MS / 4,
    });
  });

  it('gives an update the file as it is now, even right after a cached read', async () => {
    await store.update('p', 'v', () => sampleFlow('p', 'v', 1));
    await store.read('p', 'v');
    const outside = serializeFlow(sampleFlow('p', 'v', 2, 'Outside'));
    await writeFile(dataPaths(dir).flow('p', 'v'), outside);
    let seen = '';
    await store.update('p', 'v', (current) => {
      seen = current.text;
      return sampleFlow('p', 'v', 3);
    });
    expect(seen).toBe(outside);
  });

  it('keeps its cache within its byte budget, evicting the least recently read flows, and still reads them all', async () => {
    const sizes = new Map<string, number>();
    for (let i = 0; i < 6; i++) {
      const saved = await store.update('p', `v${i}`, () => sampleFlow('p', `v${i}`, 3));
      sizes.set(`v${i}`, saved.text.length);
    }
    const budget = 3 * Math.max(...sizes.values());
    const small = createFlowStore(dataPaths(dir), { cacheBytes: budget });
    for (let round = 0; round < 2; round++) {
      for (const version of sizes.keys()) {
        expect((await small.read('p', version)).doc?.versionName).toBe(version);
        expect(small.cacheUsage().bytes).toBeLessThanOrEqual(budget);
      }
    }
    expect(small.cacheUsage()).toMatchObject({ entries: 3, maxBytes: budget });
    expect(createFlowStore(dataPaths(dir)).cacheUsage().maxBytes).toBe(DEFAULT_CACHE_BYTES);
  });

  it('does not rewrite a file whose canonical text would not change', async () => {
    const first = await store.update('p', 'v', () => sampleFlow('p', 'v', 2));
    const second = await store.update('p', 'v', () => sampleFlow('p', 'v', 2));
    expect(second.etag).toBe(first.etag);
  });
});
