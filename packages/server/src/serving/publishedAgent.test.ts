// The served flow of a version is its newest publish's, also when it is kept parsed between turns.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileFlow, systemPromptText, type FlowDocument } from '@flow/core';
import { createAgent, type PreparedFlow } from '@flow/runtime';
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

  it('compiles the flow once per publish: every turn of it starts from that system prompt, the same as compiling it each time', async () => {
    const published = (systemPrompt: string) => () => ({ ...sampleFlow('shop', 'production', 1), systemPrompt });
    const compiled = (doc: FlowDocument): string => systemPromptText(compileFlow(doc)).trimEnd();
    const built = (doc: FlowDocument | PreparedFlow) =>
      createAgent({ doc, model: { chat: () => Promise.reject(new Error('not asked')) }, env: {} }).messages;
    const agents = cachedPublishedAgents(storage.publishes);
    await storage.flows.publish('shop', 'production', published('First'));
    const first = await agents('shop', 'production');
    if (first === null) throw new Error('not published');
    expect(first.flow.compiledPrompt).toBe(compiled(first.doc));
    expect((await agents('shop', 'production'))?.flow).toBe(first.flow);
    expect(built(first.flow)).toEqual(built(first.doc));
    await storage.flows.publish('shop', 'production', published('Second'));
    const second = await agents('shop', 'production');
    expect(second?.flow).not.toBe(first.flow);
    expect(second?.flow.doc.systemPrompt).toBe('Second');
  });
});
