import { describe, expect, it } from 'vitest';
import { sendJson } from '../http/respond.js';
import type { Route } from '../http/router.js';
import type { Services } from '../services.js';
import { usePostgres } from '../store/pg/pgTest.test-helper.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

const pg = usePostgres();

/** A served route as /v1 will be: it lets a request in with its agent key, then answers with the grant. */
const servedRoute = (services: Services): Route[] => [
  {
    method: 'GET',
    pattern: '/v1/test-grant/:planId/:versionName',
    async handler({ req, res, params }) {
      const grant = await services.agentKeys.check(req, { planId: params.planId ?? '', versionName: params.versionName ?? '' });
      sendJson(res, 200, { name: grant.name }, grant.headers);
    },
  },
];

describe('agent keys on two providers sharing one database', () => {
  it('count one rate for both (429 with Retry-After on either), and a key revoked through one is refused by the other at once', async () => {
    const url = await pg.database();
    // Both in one minute, whatever the wall clock says.
    const clock = (): number => Date.parse('2026-11-27T12:00:30.000Z');
    const start = async (): Promise<TestServer> => {
      const server = await startTestServer({ database: url, seedDir: null, keyClock: clock, testRoutes: servedRoute });
      pg.cleanup(() => server.close());
      return server;
    };
    const [a, b] = [await start(), await start()];
    const created = await a.call('POST', '/api/keys', {
      json: { name: 'shop', rate: 3, agents: ['desk'], origins: ['https://shop.example.com'] },
    });
    const { key } = (await created.json()) as { key: string };
    const ask = (server: TestServer, path = '/v1/test-grant/desk/production', origin = 'https://shop.example.com') =>
      server.call('GET', path, { headers: { Authorization: `Bearer ${key}`, Origin: origin } });
    for (const server of [a, b, a]) {
      const res = await ask(server);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
      expect(res.headers.get('access-control-expose-headers')).toBe('Flow-Conversation, Mcp-Session-Id, Retry-After');
    }
    const limited = await ask(b);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    // The browser may read why: the key lists its origin.
    expect(limited.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(await limited.json()).toEqual({
      error: {
        code: 'rate_limit_exceeded',
        type: 'rate_limit_error',
        message: 'Key shop is over its rate of 3 requests a minute: try again in 30 seconds',
      },
    });
    // Refusals of origin and agent come before the count, in OpenAI's shape.
    const elsewhere = await ask(a, '/v1/test-grant/desk/production', 'https://evil.example');
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const otherAgent = await ask(a, '/v1/test-grant/other/production');
    expect(await otherAgent.json()).toEqual({
      error: { code: 'model_not_allowed', type: 'permission_error', message: 'Key shop may not use agent other/production' },
    });
    const listed = (await (await b.call('GET', '/api/keys')).json()) as { keys: { lastUsed: string | null }[] };
    expect(listed.keys[0]?.lastUsed).toBe('2026-11-27T12:00:30.000Z');
    expect((await b.call('DELETE', '/api/keys/shop')).status).toBe(204);
    const revoked = await ask(a);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({
      error: { code: 'invalid_api_key', type: 'invalid_request_error', message: 'Invalid agent key: it is unknown or was revoked' },
    });
  });
});
