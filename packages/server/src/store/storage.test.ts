import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from './dataPaths.js';
import { createFileStorage } from './storage.js';
import { storageContract } from './storageContract.test-helper.js';

storageContract('folder store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flow-storage-'));
  return { storage: createFileStorage(dataPaths(dir)), close: () => rm(dir, { recursive: true, force: true }) };
});
