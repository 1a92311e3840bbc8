import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeFlow } from '@flow/core';
import { sampleFlow, startTestServer } from '../testServer.test-helper.js';
import { removeTempFiles } from './cleanStart.js';
import { dataPaths } from './dataPaths.js';

const read = (path: string): Promise<string | null> => readFile(path, 'utf8').catch(() => null);

describe('a clean start', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-clean-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('removes temp files anywhere under the folder and nothing else', async () => {
    const paths = dataPaths(dir);
    await mkdir(paths.published('p', 'v'), { recursive: true });
    const temps = [join(dir, 'p', '.v.flow.json.0a1b2c.tmp'), join(paths.published('p', 'v'), '.entry.json.3d4e5f.tmp'), join(dir, '.flow-server.lock.aa.tmp')];
    const kept = [join(dir, 'p', 'v.flow.json'), join(dir, 'p', 'notes.tmp'), join(dir, 'p', '.hidden')];
    for (const path of [...temps, ...kept]) await writeFile(path, 'x');
    expect((await removeTempFiles(dir)).sort()).toEqual([...temps].sort());
    for (const path of kept) expect(await read(path)).toBe('x');
  });

  it('at server start: removes the temp files of writes a crash cut short, keeping the flows', async () => {
    const paths = dataPaths(dir);
    const text = serializeFlow(sampleFlow('a', 'v', 1, 'Kept'));
    await mkdir(paths.plan('a'), { recursive: true });
    await writeFile(paths.flow('a', 'v'), text);
    await writeFile(join(paths.plan('a'), '.v.flow.json.1a2b3c.tmp'), '{"format":"flow/1","pla');
    const server = await startTestServer({ dir, seedDir: null });
    try {
      expect(await (await server.call('GET', '/api/flows/a/v')).text()).toBe(text);
      expect(await readdir(paths.plan('a'))).toEqual(['v.flow.json']);
      expect(await read(paths.flow('a', 'v'))).toBe(text);
    } finally {
      await server.close();
    }
  });
});
