import { serializeFlow } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { sampleFlow } from '../../testServer.test-helper.js';
import { canonicalText } from '../flowStore.js';
import { storageContract } from '../storageContract.test-helper.js';
import { runFlowJob } from '../../flowWork.js';
import { PIECE_CHARS, bytePieces, textPieces } from './longText.js';
import { openPgStorage } from './pgStorage.js';
import { usePostgres } from './pgTest.test-helper.js';

const pg = usePostgres();

// Each test gets a database of its own in the file's cluster, created empty and dropped after.
storageContract('PostgreSQL store', async () => {
  const storage = await openPgStorage(await pg.database());
  return { storage, close: () => storage.close() };
});

describe('PostgreSQL store, a flow longer than one piece of text', () => {
  it('stores and publishes it byte for byte, characters outside the BMP included, as another server reads it', async () => {
    const url = await pg.database();
    const storage = await openPgStorage(url);
    pg.cleanup(() => storage.close());
    const doc = { ...sampleFlow('p', 'production', 2), agentNotes: '😀é'.repeat(PIECE_CHARS) };
    const text = serializeFlow(doc);
    expect(textPieces(text).length).toBeGreaterThan(2);
    const { saved, entry } = await storage.flows.publish('p', 'production', () => doc);
    const other = await openPgStorage(url);
    pg.cleanup(() => other.close());
    const read = await other.flows.read('p', 'production');
    expect(read.etag).toBe(saved.etag);
    expect(read.text).toBe(text);
    expect(await other.publishes.flowOf('p', 'production', entry.id)).toBe(text);
    const changed = await storage.flows.update('p', 'production', () => ({ ...doc, agentContext: 'Changed.' }));
    expect((await other.flows.read('p', 'production')).text).toBe(canonicalText(changed.doc));
  });

  it('stores a flow a worker prepared as UTF-8 bytes, pieces cut between characters, as another server reads it', async () => {
    const url = await pg.database();
    const storage = await openPgStorage(url);
    pg.cleanup(() => storage.close());
    const doc = { ...sampleFlow('p', 'production', 2), agentNotes: 'é😀'.repeat(PIECE_CHARS) };
    const job = runFlowJob({
      kind: 'document',
      body: new TextEncoder().encode(JSON.stringify(doc)),
      planId: 'p',
      versionName: 'production',
      secretNames: [],
    });
    if (job.kind !== 'document') throw new Error(`answered ${job.kind}`);
    expect([...bytePieces(job.flow.bytes)].length).toBeGreaterThan(2);
    const { saved, entry } = await storage.flows.publish('p', 'production', () => job.flow);
    const other = await openPgStorage(url);
    pg.cleanup(() => other.close());
    const read = await other.flows.read('p', 'production');
    expect(read.etag).toBe(saved.etag);
    expect(read.text).toBe(serializeFlow(doc));
    expect(await other.publishes.flowOf('p', 'production', entry.id)).toBe(serializeFlow(doc));
  });
});
