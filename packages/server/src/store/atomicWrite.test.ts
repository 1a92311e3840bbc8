import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTempFile, writeAtomic } from './atomicWrite.js';
import { serialized } from './fileQueue.js';

describe('writeAtomic', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-atomic-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates missing folders and leaves only the target file behind', async () => {
    const path = join(dir, 'a', 'b', 'file.json');
    await writeAtomic(path, '{"v":1}\n');
    expect(await readFile(path, 'utf8')).toBe('{"v":1}\n');
    expect(await readdir(join(dir, 'a', 'b'))).toEqual(['file.json']);
  });

  it('readers during a stream of replacements see whole versions only', async () => {
    const path = join(dir, 'file.json');
    const versions = Array.from({ length: 40 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(50_000 + i) }));
    await writeAtomic(path, versions[0] ?? '');
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        expect(versions).toContain(await readFile(path, 'utf8'));
        reads += 1;
      }
    })();
    for (const version of versions) await serialized(path, () => writeAtomic(path, version));
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
  });

  it('names its temp files so that listings can skip them', () => {
    expect(isTempFile('.production.flow.json.a1b2c3.tmp')).toBe(true);
    expect(isTempFile('production.flow.json')).toBe(false);
  });
});

describe('serialized', () => {
  it('runs the tasks of one key one after another, in order, even when one fails', async () => {
    const log: string[] = [];
    // Task a holds until released: b and c, queued meanwhile, must not start before it ends.
    let releaseA = (): void => undefined;
    const aHeld = new Promise<void>((resolve) => (releaseA = resolve));
    const task =
      (name: string, hold: Promise<void>, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await hold;
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const running = Promise.allSettled([
      serialized('k', task('a', aHeld)),
      serialized('k', task('b', Promise.resolve(), true)),
      serialized('k', task('c', Promise.resolve())),
    ]);
    await expect.poll(() => log).toEqual(['start a']);
    releaseA();
    const results = await running;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
