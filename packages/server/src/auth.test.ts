import { afterEach, describe, expect, it } from 'vitest';
import { createClient, isApiError } from '@flow/core';
import { startServer } from './server.js';
import { EXAMPLES, rawRequest, snapshotFolder, startTestServer, type TestServer } from './testServer.test-helper.js';

const TOKEN = 's3cret-Token_value';

describe('bearer token', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('lets every call through when no token is configured on loopback', async () => {
    server = await startTestServer();
    expect((await server.call('GET', '/api/plans')).status).toBe(200);
  });

  it('requires the token on every plan-scoped call: 401 when missing or wrong, never echoing it', async () => {
    server = await startTestServer({ token: TOKEN });
    const paths = [
      ['GET', '/api/mate/support-desk/production/functions'],
      ['GET', '/api/mate/support-desk/production/system-prompt'],
      ['POST', '/api/gpt/support-desk/production/generate_system_prompt'],
      ['POST', '/api/mate/support-desk/production/system-prompt-custom'],
      ['GET', '/api/flows/support-desk/production'],
      ['PUT', '/api/flows/support-desk/production'],
      ['GET', '/api/plans'],
    ] as const;
    const before = await snapshotFolder(server.dir);
    for (const [method, path] of paths) {
      const attempts: Record<string, string>[] = [{}, { Authorization: `Bearer ${TOKEN}x` }, { Authorization: 'Bearer ' }, { Authorization: TOKEN }];
      for (const headers of attempts) {
        const json = method === 'GET' ? undefined : { system_message_custom: 'x' };
        const res = await server.call(method, path, { json, headers });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        const text = await res.text();
        expect(text).not.toContain(TOKEN);
        expect(JSON.parse(text)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      }
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
    const ok = await server.call('GET', '/api/plans', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).not.toContain(TOKEN);
  });

  it('leaves workflow, session, emoji and hosted calls open, as the spec sends them no token', async () => {
    server = await startTestServer({ token: TOKEN });
    expect((await server.call('GET', '/api/workflows/plans/lead-qualifier')).status).toBe(200);
    expect((await server.call('GET', '/hosted/create-workflow/default')).status).toBe(200);
    expect((await server.call('HEAD', '/api/emoji/en/emojibase/data.json')).status).toBe(200);
  });

  it('gives the client the spec message and status 401 with a wrong token', async () => {
    server = await startTestServer({ token: TOKEN });
    const client = createClient({ baseUrl: server.url, token: 'wrong', retries: 0 });
    const failure = await client.getFunctions('support-desk', 'production').catch((e: unknown) => e);
    expect(isApiError(failure) && [failure.message, failure.status]).toEqual(['Failed to fetch functions', 401]);
  });

  it('refuses to start on a non-loopback address without a token', async () => {
    await expect(startServer({ host: '0.0.0.0', port: 0, dir: '/nonexistent-flow-dir', seedDir: EXAMPLES })).rejects.toThrow(/token is required/);
  });

  it('refuses requests addressed to another host name on loopback (DNS rebinding)', async () => {
    server = await startTestServer();
    const res = await rawRequest(server.url, 'GET', '/api/plans', { headers: { Host: 'evil.example:80' } });
    expect(res.status).toBe(403);
    const local = await rawRequest(server.url, 'GET', '/api/plans', { headers: { Host: 'localhost:4321' } });
    expect(local.status).toBe(200);
  });
});
