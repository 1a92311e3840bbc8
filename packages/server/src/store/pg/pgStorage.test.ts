import { serializeFlow } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { sampleFlow } from '../../testServer.test-helper.js';
import { canonicalText } from '../flowStore.js';
import { storageContract } from '../storageContract.test-helper.js';
import { PIECE_CHARS, textPieces } from './longText.js';
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
});
