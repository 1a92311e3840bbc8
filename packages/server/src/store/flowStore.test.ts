import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeFlow } from '@flow/core';
import { sampleFlow } from '../testServer.test-helper.js';
import { dataPaths } from './dataPaths.js';
import { REVALIDATE_MS, createFlowStore, type FlowStore } from './flowStore.js';

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

  it('sees a change made outside the server within the revalidation time', async () => {
    await store.update('p', 'v', () => sampleFlow('p', 'v', 1, 'Old'));
    expect((await store.read('p', 'v')).doc?.nodes).toHaveLength(2);
    await writeFile(dataPaths(dir).flow('p', 'v'), serializeFlow(sampleFlow('p', 'v', 3, 'New')));
    await new Promise((r) => setTimeout(r, REVALIDATE_MS + 20));
    expect((await store.read('p', 'v')).doc?.nodes).toHaveLength(4);
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

  it('does not rewrite a file whose canonical text would not change', async () => {
    const first = await store.update('p', 'v', () => sampleFlow('p', 'v', 2));
    const second = await store.update('p', 'v', () => sampleFlow('p', 'v', 2));
    expect(second.etag).toBe(first.etag);
  });
});
