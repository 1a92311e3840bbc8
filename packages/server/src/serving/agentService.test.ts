import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../store/dataPaths.js';
import { createFileStorage } from '../store/storage.js';
import { agentServiceSuite } from './agentService.test-helper.js';

/** Every file of the data folder, names and contents, as one text. */
async function folderText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const parts: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    parts.push(path, await readFile(path, 'utf8'));
  }
  return parts.join('\n');
}

agentServiceSuite('folder store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flow-agents-'));
  const storage = createFileStorage(dataPaths(dir));
  return {
    storage,
    everything: () => folderText(dir),
    close: async () => {
      await storage.conversations.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
