import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseFlow, serializeFlow } from '@flow/core';
import { EXAMPLES } from '../testServer.test-helper.js';
import { defaultSeedDir, seedDataFolder } from './seed.js';

describe('seedDataFolder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-seed-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('defaults to the repository examples folder', () => {
    expect(defaultSeedDir()).toBe(EXAMPLES.replace(/\/$/, ''));
  });

  it('fills a missing folder with every example flow in canonical form and their workflows', async () => {
    const target = join(dir, 'flows');
    expect(await seedDataFolder(target, EXAMPLES)).toBeGreaterThanOrEqual(3);
    const plans = (await readdir(target)).sort();
    expect(plans).toEqual(expect.arrayContaining(['lead-qualifier', 'onboarding-coach', 'support-desk']));
    const text = await readFile(join(target, 'support-desk', 'production.flow.json'), 'utf8');
    const parsed = parseFlow(text);
    expect(parsed.ok && serializeFlow(parsed.doc)).toBe(text);
    expect((await readdir(join(target, 'lead-qualifier', 'workflows'))).length).toBeGreaterThan(0);
  });

  it('leaves a folder that already has data alone', async () => {
    await writeFile(join(dir, 'mine.txt'), 'keep');
    expect(await seedDataFolder(dir, EXAMPLES)).toBe(0);
    expect(await readdir(dir)).toEqual(['mine.txt']);
  });

  it('skips fixtures that are not valid flows or have unsafe names', async () => {
    const seed = join(dir, 'seed');
    await mkdir(join(seed, 'plan'), { recursive: true });
    await mkdir(join(seed, '.hidden'), { recursive: true });
    await writeFile(join(seed, 'plan', 'broken.flow.json'), '{');
    await writeFile(join(seed, '.hidden', 'production.flow.json'), '{}');
    const target = join(dir, 'flows');
    expect(await seedDataFolder(target, seed)).toBe(0);
  });
});
