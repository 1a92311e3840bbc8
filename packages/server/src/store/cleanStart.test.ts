import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeFlow } from '@flow/core';
import { sampleFlow, startTestServer } from '../testServer.test-helper.js';
import { removeTempFiles } from './cleanStart.js';
import { dataPaths } from './dataPaths.js';
import { commitWrites, type StoreFaults } from './journal.js';

class Crash extends Error {}

/** Faults that stop a change (like a crash would) after its first step. */
const crashAfterFirstStep: StoreFaults = {
  after(step) {
    throw new Crash(`crash after ${step}`);
  },
};

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
    const temps = [
      join(dir, 'p', '.v.flow.json.0a1b2c.tmp'),
      join(paths.published('p', 'v'), '.entry.json.3d4e5f.tmp'),
      join(dir, '.flow-server.lock.aa.tmp'),
    ];
    const kept = [join(dir, 'p', 'v.flow.json'), join(dir, 'p', 'notes.tmp'), join(dir, 'p', '.hidden')];
    for (const path of [...temps, ...kept]) await writeFile(path, 'x');
    expect((await removeTempFiles(dir)).sort()).toEqual([...temps].sort());
    for (const path of kept) expect(await read(path)).toBe('x');
  });

  it('at server start: cleans temp files, replays complete journals, leaves the old state for a journal cut short', async () => {
    const paths = dataPaths(dir);
    const oldA = serializeFlow(sampleFlow('a', 'v', 1, 'Old A'));
    const newA = serializeFlow(sampleFlow('a', 'v', 2, 'New A'));
    const oldB = serializeFlow(sampleFlow('b', 'v', 1, 'Old B'));
    await mkdir(paths.plan('a'), { recursive: true });
    await mkdir(paths.plan('b'), { recursive: true });
    await writeFile(paths.flow('a', 'v'), oldA);
    await writeFile(paths.flow('b', 'v'), oldB);
    // a: the journal was written, then the process died.
    const entryA = join(paths.published('a', 'v'), '2024-01-01T00-00-00.000Z.json');
    const entryText = `${JSON.stringify({ publishedAt: '2024-01-01T00:00:00.000Z', system_message: 'New', system_message_prefix: '', system_message_suffix: '' })}\n`;
    await expect(
      commitWrites(
        dir,
        paths.journal('a', 'v'),
        [
          { path: paths.flow('a', 'v'), text: newA },
          { path: entryA, text: entryText },
        ],
        crashAfterFirstStep,
      ),
    ).rejects.toBeInstanceOf(Crash);
    // b: the process died while the journal was a temp file.
    await writeFile(join(paths.plan('b'), '.journal-v.json.1a2b3c.tmp'), '{"format":"flow-journal/1","wri');
    const logs: string[] = [];
    const server = await startTestServer({ dir, seedDir: null, log: (line) => logs.push(line) });
    try {
      expect(await (await server.call('GET', '/api/flows/a/v')).text()).toBe(newA);
      expect(await read(entryA)).toBe(entryText);
      expect(await (await server.call('GET', '/api/flows/b/v')).text()).toBe(oldB);
      const dotFiles = [...(await readdir(paths.plan('a'))), ...(await readdir(paths.plan('b')))].filter((name) => name.startsWith('.'));
      expect(dotFiles).toEqual([]);
      expect(logs.some((line) => line.includes('.journal-v.json'))).toBe(true);
      expect(await (await server.call('GET', '/api/plans')).json()).toMatchObject([
        { planId: 'a', versions: ['v'] },
        { planId: 'b', versions: ['v'] },
      ]);
    } finally {
      await server.close();
    }
  });
});
