// The folder's secret records are read once per server (it owns the folder) and kept as it changes them.
import { mkdtemp, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderSecretRecords, secretPaths } from './folderSecrets.js';

describe('folderSecretRecords', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-secrets-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const record = (name: string, sealed: string) => ({ name, sealed, updatedAt: '2026-11-27T10:00:00.000Z' });

  it('reads its file once: later lists read no file, and each change is kept as it is written', async () => {
    await folderSecretRecords(dir).put(record('ORDERS_TOKEN', 'sealed-1'));
    const records = folderSecretRecords(dir);
    expect(await records.list()).toEqual([record('ORDERS_TOKEN', 'sealed-1')]);
    // Gone from under it: what it read is still what it lists (no file is read per turn).
    await unlink(secretPaths(dir).records);
    expect(await records.list()).toEqual([record('ORDERS_TOKEN', 'sealed-1')]);
    expect(await records.put(record('SHOP_KEY', 'sealed-2'))).toBe(true);
    expect(await records.delete('ORDERS_TOKEN')).toBe(true);
    expect(await records.list()).toEqual([record('SHOP_KEY', 'sealed-2')]);
    expect(JSON.parse(await readFile(secretPaths(dir).records, 'utf8'))).toMatchObject({ secrets: [record('SHOP_KEY', 'sealed-2')] });
  });
});
