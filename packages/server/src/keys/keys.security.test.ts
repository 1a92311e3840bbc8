import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';
import { isAgentPath } from './agentPaths.js';
import { keysFile } from './folderKeys.js';

const TOKEN = 'editor-token-7c1d9e';
const auth = { Authorization: `Bearer ${TOKEN}` };
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const AGENT_KEY_MESSAGE = 'Agent keys only open /v1 and /mcp: use the editor token (or sign in) for this route';

/** Every file under a folder, as one text. */
async function everything(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8')));
  return texts.join('\n');
}

/** A path of the route table with each `:param` filled in. */
const pathOf = (pattern: string): string => pattern.replace(/:[A-Za-z]+/g, 'x1');

const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  body: new URLSearchParams(body).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
});

describe('agent keys on the provider', () => {
  let server: TestServer | undefined;
  let editorDir: string | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    if (editorDir !== undefined) await rm(editorDir, { recursive: true, force: true });
    editorDir = undefined;
  });

  it('creates a key (201, shown once), lists keys without it, refuses a taken name (409) and bad input (400), revokes (204/404)', async () => {
    server = await startTestServer();
    const created = await server.call('POST', '/api/keys', {
      json: { name: 'web-shop', agents: ['support-desk'], origins: ['https://shop.example.com'] },
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    expect(key).toMatch(/^flow_sk_[A-Za-z0-9_-]{43}$/);
    const listed = await server.call('GET', '/api/keys');
    const text = await listed.text();
    expect(JSON.parse(text)).toEqual({
      keys: [
        {
          name: 'web-shop',
          prefix: key.slice(0, 14),
          agents: ['support-desk'],
          origins: ['https://shop.example.com'],
          rate: 60,
          created: expect.any(String),
          lastUsed: null,
        },
      ],
    });
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(text).not.toContain(key.slice(14));
    // At rest: only its hash, in a private, git-ignored folder no plan listing shows.
    expect(await everything(server.dir)).not.toContain(key.slice('flow_sk_'.length));
    expect((await stat(keysFile(server.dir))).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(await (await server.call('GET', '/api/plans')).json())).not.toContain('flow-keys');

    const taken = await server.call('POST', '/api/keys', { json: { name: 'web-shop' } });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: { code: 'KEY_NAME_TAKEN', message: 'A key named web-shop exists already: revoke it first or choose another name' },
    });
    for (const [body, message] of [
      [{ name: 'a b' }, `Invalid key name "a b": use 1 to 64 letters, digits, '-' or '_', starting with a letter or digit, e.g. web-shop`],
      [{ name: 'k', rate: 0 }, 'The rate is a whole number of requests a minute, 1 to 10000'],
      [
        { name: 'k', agents: ['a/b/c'] },
        `Invalid agent "a/b/c": give a plan id, or a plan id and a version as PLAN/VERSION (letters, digits, '-' or '_')`,
      ],
      [
        { name: 'k', origins: ['shop.example.com'] },
        'Invalid origin "shop.example.com": give a web origin as scheme://host[:port], e.g. https://shop.example.com (no path)',
      ],
      [
        { name: 'k', origins: 'https://shop.example.com' },
        'Body must be { "name": "…", "agents"?: ["PLAN[/VERSION]"], "origins"?: ["https://…"], "rate"?: 60 }',
      ],
      [[], 'Body must be { "name": "…", "agents"?: ["PLAN[/VERSION]"], "origins"?: ["https://…"], "rate"?: 60 }'],
    ] as const) {
      const res = await server.call('POST', '/api/keys', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'INVALID_KEY', message } });
    }
    expect((await server.call('DELETE', '/api/keys/web-shop')).status).toBe(204);
    const gone = await server.call('DELETE', '/api/keys/web-shop');
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 'KEY_NOT_FOUND', message: 'No key named web-shop' } });
    expect(await (await server.call('GET', '/api/keys')).json()).toEqual({ keys: [] });
  });

  it('needs the editor token for the key routes and the Keys page in token mode', async () => {
    server = await startTestServer({ token: TOKEN });
    for (const [method, path] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['DELETE', '/api/keys/a'],
    ] as const)
      expect((await server.call(method, path, method === 'POST' ? { json: { name: 'a' } } : {})).status, `${method} ${path}`).toBe(401);
    expect((await server.call('GET', '/dashboard/keys')).status).toBe(303);
    expect((await server.call('POST', '/api/keys', { json: { name: 'a' }, headers: auth })).status).toBe(201);
  });

  for (const mode of ['open', 'token'] as const) {
    it(`refuses an agent key on every route of the table, every method, and the editor's files (${mode} mode)`, async () => {
      editorDir = await mkdtemp(join(tmpdir(), 'flow-editor-'));
      await mkdir(join(editorDir, 'assets'));
      await writeFile(join(editorDir, 'index.html'), '<!doctype html><title>editor</title>');
      await writeFile(join(editorDir, 'assets', 'app.js'), 'console.log(1)');
      server = await startTestServer({ editorDir, ...(mode === 'token' ? { token: TOKEN } : {}) });
      const created = await server.call('POST', '/api/keys', { json: { name: 'agent' }, headers: mode === 'token' ? auth : {} });
      const { key } = (await created.json()) as { key: string };
      // Every route but the served ones (/v1, /mcp), which agent keys open.
      const paths = [...new Set(server.routes.map((route) => pathOf(route.pattern)))].filter(
        (path) => !isAgentPath(path.split('/').slice(1)),
      );
      expect(paths.length).toBeGreaterThan(20);
      expect(paths).toContain('/api/keys');
      for (const path of [...paths, '/', '/support-desk/production', '/assets/app.js']) {
        for (const method of METHODS) {
          for (const bearer of [key, 'flow_sk_made-up']) {
            const res = await server.call(method, path, { headers: { Authorization: `Bearer ${bearer}` } });
            const what = `${method} ${path}`;
            expect(res.status, what).toBe(401);
            expect(res.headers.get('www-authenticate'), what).toBe('Bearer');
            if (method !== 'HEAD')
              expect(await res.json(), what).toEqual({ error: { code: 'AGENT_KEY_NOT_HERE', message: AGENT_KEY_MESSAGE } });
          }
        }
      }
      // The key itself was not touched by any of it.
      const keys = (await (await server.call('GET', '/api/keys', { headers: mode === 'token' ? auth : {} })).json()) as {
        keys: { lastUsed: null }[];
      };
      expect(keys.keys[0]?.lastUsed).toBeNull();
    });
  }

  it("answers a served route's preflight for the origins keys list, and refuses others without CORS headers (token mode too)", async () => {
    server = await startTestServer({ token: TOKEN });
    await server.call('POST', '/api/keys', { json: { name: 'web', origins: ['https://shop.example.com'] }, headers: auth });
    const preflight = (path: string, origin: string) =>
      server?.call('OPTIONS', path, {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
    for (const path of ['/v1/chat/completions', '/v1/models', '/mcp']) {
      const ok = await preflight(path, 'https://shop.example.com');
      expect(ok?.status, path).toBe(204);
      const names = ['allow-origin', 'allow-methods', 'allow-headers', 'expose-headers', 'max-age'].map((n) => `access-control-${n}`);
      expect(Object.fromEntries([...names, 'vary'].map((name) => [name, ok?.headers.get(name)]))).toEqual({
        'access-control-allow-origin': 'https://shop.example.com',
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type, Flow-Conversation, Mcp-Session-Id',
        'access-control-expose-headers': 'Flow-Conversation, Mcp-Session-Id, Retry-After',
        'access-control-max-age': '600',
        vary: 'Origin',
      });
      const refused = await preflight(path, 'https://evil.example');
      expect(refused?.status, path).toBe(403);
      expect(refused?.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(await refused?.json()).toEqual({
        error: { code: 'origin_not_allowed', type: 'permission_error', message: 'No agent key may be used from https://evil.example' },
      });
    }
    // A served route is never sent to sign in: it answers for itself, asking for an agent key.
    const served = await server.call('GET', '/v1/models');
    expect(served.status).toBe(401);
    expect(await served.json()).toEqual({
      error: {
        code: 'invalid_api_key',
        type: 'invalid_request_error',
        message: 'An agent key is required: send Authorization: Bearer flow_sk_…',
      },
    });
  });

  it('never writes an agent key to the log, even when a served route fails with it in its error', async () => {
    const logs: string[] = [];
    server = await startTestServer({
      log: (line) => logs.push(line),
      testRoutes: (services) => [
        {
          method: 'POST',
          pattern: '/v1/fails',
          async handler({ req }) {
            await services.agentKeys.check(req, null);
            throw new Error(`upstream refused ${req.headers.authorization ?? ''}`);
          },
        },
      ],
    });
    const { key } = (await (await server.call('POST', '/api/keys', { json: { name: 'logged' } })).json()) as { key: string };
    const res = await server.call('POST', '/v1/fails', { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(500);
    expect(logs.join('\n')).toContain('upstream refused Bearer ***');
    expect(logs.join('\n')).not.toContain(key.slice(8));
  });

  it('creates from the Keys page (the key shown once), lists keys without it, and revokes after a confirm step; a form from another site is refused', async () => {
    server = await startTestServer();
    const empty = await (await server.call('GET', '/dashboard/keys')).text();
    expect(empty).toContain('No keys yet');
    const created = await server.call(
      'POST',
      '/dashboard/keys',
      form({ name: 'web-shop', agents: 'support-desk lead-qualifier/beta', origins: 'https://shop.example.com', rate: '30' }),
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const page = await created.text();
    const key = /<input id="new-key" readonly value="(flow_sk_[A-Za-z0-9_-]{43})"/.exec(page)?.[1] ?? '';
    expect(key).not.toBe('');
    expect(page).toContain('Copy it now: it will not be shown again.');
    const listed = await (await server.call('GET', '/dashboard/keys')).text();
    expect(listed).toContain('<strong>web-shop</strong>');
    expect(listed).toContain('Agents: support-desk, lead-qualifier/beta · Origins: https://shop.example.com · 30 a minute');
    expect(listed).not.toContain(key.slice(14));
    expect(await everything(server.dir)).not.toContain(key.slice(8));
    // A refused form says why and keeps what was typed.
    const bad = await server.call('POST', '/dashboard/keys', form({ name: 'web-shop', agents: '', origins: '', rate: '60' }));
    expect(bad.status).toBe(409);
    expect(await bad.text()).toContain('A key named web-shop exists already: revoke it first or choose another name');
    const badOrigin = await server.call(
      'POST',
      '/dashboard/keys',
      form({ name: 'other', agents: '', origins: 'shop.example.com', rate: '60' }),
    );
    expect(badOrigin.status).toBe(400);
    const badPage = await badOrigin.text();
    expect(badPage).toContain('Invalid origin &quot;shop.example.com&quot;');
    expect(badPage).toContain('value="other"');
    // Revoking asks first; the link alone changes nothing.
    const confirm = await (await server.call('GET', '/dashboard/keys/revoke/web-shop')).text();
    expect(confirm).toContain('Revoke the key web-shop?');
    expect(confirm).toContain('<form method="post" action="/dashboard/keys/revoke/web-shop">');
    expect((await (await server.call('GET', '/api/keys')).json()) as unknown).toMatchObject({ keys: [{ name: 'web-shop' }] });
    const crossSite = await server.call('POST', '/dashboard/keys/revoke/web-shop', form({}, { Origin: 'https://evil.example' }));
    expect(crossSite.status).toBe(403);
    const revoked = await server.call('POST', '/dashboard/keys/revoke/web-shop', form({}));
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get('location')).toBe('/dashboard/keys?revoked=web-shop');
    expect(await (await server.call('GET', '/dashboard/keys?revoked=web-shop')).text()).toContain('Key web-shop revoked');
    expect(await (await server.call('GET', '/api/keys')).json()).toEqual({ keys: [] });
    // Every dashboard page links to it.
    for (const path of ['/dashboard/support-desk/production', '/dashboard/secrets', '/dashboard/keys'])
      expect(await (await server.call('GET', path)).text(), path).toMatch(/<a href="\/dashboard\/keys"( aria-current="page")?>Keys<\/a>/);
  });
});
