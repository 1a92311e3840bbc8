import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureEmbedBuilt } from '../testing/builds.js';
import { EMBED_BUNDLE } from './embedScript.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

/** The budget for the whole element, as served. */
const GZIP_BUDGET = 15 * 1024;

describe('GET /embed.js', () => {
  let server: TestServer;
  beforeAll(async () => {
    ensureEmbedBuilt();
    // Token mode: the script is public all the same.
    server = await startTestServer({ token: 'editor-token' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves the built <flow-chat> bundle to any page, without a key, within 15 KB gzip', async () => {
    const res = await server.call('GET', '/embed.js', { headers: { Origin: 'https://shop.example.com' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await readFile(EMBED_BUNDLE))).toBe(true);
    expect(body.toString()).toContain('flow-chat');
    expect(gzipSync(body, { level: 9 }).length).toBeLessThanOrEqual(GZIP_BUDGET);
  });

  it('answers HEAD with the same ETag and no body, and 304 to If-None-Match', async () => {
    const get = await server.call('GET', '/embed.js');
    const etag = get.headers.get('etag') ?? '';
    const head = await server.call('HEAD', '/embed.js');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
    const cached = await server.call('GET', '/embed.js', { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('says how to build the script when it is missing', async () => {
    const bare = await startTestServer({ embedScript: join(server.dir, 'no-such-embed.js') });
    try {
      const res = await bare.call('GET', '/embed.js');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'The chat script is not built: run pnpm --filter @flow/server build' },
      });
    } finally {
      await bare.close();
    }
  });
});
