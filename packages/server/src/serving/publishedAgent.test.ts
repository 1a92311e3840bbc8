// The served flow of a version is its newest publish's, also when it is kept parsed between turns.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataPaths } from '../store/dataPaths.js';
import { createFileStorage, type Storage } from '../store/storage.js';
import { sampleFlow } from '../testServer.test-helper.js';
import { cachedPublishedAgents } from './publishedAgent.js';

describe('the published agents kept between turns', () => {
  let dir = '';
  let storage: Storage;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-published-'));
    storage = createFileStorage(dataPaths(dir));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads the flow once per publish: the next turn reuses it, a new publish is served at once', async () => {
    const flowOf = vi.spyOn(storage.publishes, 'flowOf');
    const agents = cachedPublishedAgents(storage.publishes);
    expect(await agents('shop', 'production')).toBeNull();
    await storage.flows.publish('shop', 'production', () => ({ ...sampleFlow('shop', 'production', 1), systemPrompt: 'First' }));
    const first = await agents('shop', 'production');
    expect(first?.doc.systemPrompt).toBe('First');
    expect(await agents('shop', 'production')).toBe(first);
    expect(flowOf).toHaveBeenCalledTimes(1);
    // A draft saved after it is not what runs; a new publish is.
    await storage.flows.update('shop', 'production', () => ({ ...sampleFlow('shop', 'production', 1), systemPrompt: 'Draft' }));
    expect((await agents('shop', 'production'))?.doc.systemPrompt).toBe('First');
    await storage.flows.publish('shop', 'production', () => ({ ...sampleFlow('shop', 'production', 1), systemPrompt: 'Second' }));
    expect((await agents('shop', 'production'))?.doc.systemPrompt).toBe('Second');
    expect(flowOf).toHaveBeenCalledTimes(2);
    expect(await agents('../etc', 'production')).toBeNull();
  });
});
