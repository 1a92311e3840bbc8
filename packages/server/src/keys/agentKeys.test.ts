import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderKeyRecords } from './folderKeys.js';
import { keysContract } from './keysContract.test-helper.js';

/** Every file under a folder, as one text. */
async function everything(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8')));
  return texts.join('\n');
}

keysContract('folder store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flow-keys-'));
  return { records: folderKeyRecords(dir), atRest: () => everything(dir), close: () => rm(dir, { recursive: true, force: true }) };
});
