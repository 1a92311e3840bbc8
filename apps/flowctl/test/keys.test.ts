import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '@flow/server';
import { removeTempDirs, tempDir } from './helpers/flows.js';
import { parseJson, runCli, type CliResult } from './helpers/runCli.js';

let provider: { url: string; close(): Promise<void> };
let data = '';

beforeAll(async () => {
  data = join(tempDir('flowctl-keys-'), 'data');
  provider = await startServer({ port: 0, dir: data, seedDir: null, log: () => undefined });
}, 60_000);

afterAll(async () => {
  await provider?.close();
  removeTempDirs();
});

const cli = (args: readonly string[]): Promise<CliResult> => runCli([...args, '--api-url', provider.url]);

/** Every file of the provider's data folder, as one text. */
const atRest = (): string =>
  readdirSync(data, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');

describe('flowctl keys', () => {
  it('creates a key (printed once, with the words that say so), lists keys without it, revokes it', async () => {
    const created = await cli([
      'keys',
      'create',
      '--name',
      'web-shop',
      '--agent',
      'support-desk',
      '--agent',
      'lead-qualifier/beta',
      '--origin',
      'https://shop.example.com',
      '--rate',
      '30',
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^flow_sk_[A-Za-z0-9_-]{43}\n$/);
    const key = created.stdout.trim();
    expect(created.stderr).toBe('Key web-shop created\nCopy it now: it will not be shown again.\n');
    const json = await cli(['--json', 'keys', 'create', '--name', 'server']);
    expect(parseJson(json)).toEqual({
      name: 'server',
      key: expect.stringMatching(/^flow_sk_/),
      prefix: expect.stringMatching(/^flow_sk_.{6}$/),
      agents: [],
      origins: [],
      rate: 60,
      created: expect.any(String),
      lastUsed: null,
      note: 'Copy it now: it will not be shown again.',
    });
    const list = await cli(['keys', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      [
        'NAME      PREFIX           AGENTS                            ORIGINS                   RATE    CREATED   LAST USED',
        `server    ${/"prefix": "(flow_sk_.{6})"/.exec(json.stdout)?.[1] ?? ''}…  all                               -                         60/min  just now  never`,
        `web-shop  ${key.slice(0, 14)}…  support-desk,lead-qualifier/beta  https://shop.example.com  30/min  just now  never`,
        '',
      ].join('\n'),
    );
    const listJson = await cli(['--json', 'keys', 'list']);
    expect(parseJson(listJson)).toMatchObject({ apiUrl: provider.url, keys: [{ name: 'server' }, { name: 'web-shop', rate: 30 }] });
    for (const output of [list.stdout, listJson.stdout, atRest()]) expect(output).not.toContain(key.slice(8));
    const revoked = await cli(['keys', 'revoke', 'web-shop']);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toBe('Key web-shop revoked\n');
    const again = await cli(['--json', 'keys', 'revoke', 'web-shop']);
    expect(again.code).toBe(4);
    expect(parseJson(again)).toEqual({ error: { code: 'KEY_NOT_FOUND', message: 'No key named web-shop' } });
  });

  it('says what is wrong before any call, and what the provider refused', async () => {
    const badOrigin = await cli(['keys', 'create', '--name', 'x', '--origin', 'shop.example.com']);
    expect(badOrigin.code).toBe(2);
    expect(badOrigin.stderr).toBe(
      'error: Invalid origin "shop.example.com": give a web origin as scheme://host[:port], e.g. https://shop.example.com (no path)\n',
    );
    const badRate = await cli(['keys', 'create', '--name', 'x', '--rate', '1.5']);
    expect(badRate.stderr).toBe('error: The rate is a whole number of requests a minute, 1 to 10000\n');
    await cli(['keys', 'create', '--name', 'taken']);
    const taken = await cli(['keys', 'create', '--name', 'taken']);
    expect(taken.code).toBe(3);
    expect(taken.stderr).toBe(
      'error: Failed to create the key: A key named taken exists already: revoke it first or choose another name (HTTP 409)\n',
    );
  });
});
