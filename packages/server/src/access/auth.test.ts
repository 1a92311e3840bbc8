import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, isApiError } from '@flow/core';
import { isAgentPath } from '../keys/agentPaths.js';
import { startServer } from '../server.js';
import { EXAMPLES, rawRequest, snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';
import { SIGN_IN_TEXT } from './signin.js';

const TOKEN = 's3cret-Token_value';
const auth = { Authorization: `Bearer ${TOKEN}` };

/** A value for each path parameter, so every route of the table can be asked for. */
const PARAMS: Record<string, string> = {
  planId: 'support-desk',
  versionName: 'production',
  sessionId: 'no-such-session',
  workflowId: 'wf-x',
  locale: 'en',
  source: 'emojibase',
  index: '0',
  publishId: '2000-01-01T00-00-00-000Z',
  name: 'NO_SUCH_SECRET',
  conversationId: 'conv_AAAAAAAAAAAAAAAAAAAAAA',
};

function pathOf(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = PARAMS[name];
    if (value === undefined) throw new Error(`Add a value for :${name} to PARAMS`);
    return value;
  });
}

const REFUSED_CREDENTIALS: Record<string, string>[] = [{}, { Authorization: `Bearer ${TOKEN}x` }, { Cookie: 'flow_session=forged' }];
const CROSS_SITE: Record<string, string>[] = [{ Origin: 'http://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }];

// The chat script is a static file other sites' pages load (routes/embedScript.test.ts).
const PUBLIC_ROUTES = new Set(['GET /signin', 'POST /signin', 'GET /api/session', 'GET /embed.js']);

/** The session cookie a successful sign-in sets. */
async function signIn(
  server: TestServer,
  token = TOKEN,
): Promise<{ status: number; cookie: string; location: string | null; text: string }> {
  const res = await server.call('POST', '/signin', {
    body: new URLSearchParams({ token, next: '/support-desk/production' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
  });
  return {
    status: res.status,
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    location: res.headers.get('location'),
    text: await res.text(),
  };
}

describe('token mode: every route but sign-in and static files needs the token', () => {
  let server: TestServer | undefined;
  let editorDir = '';
  afterEach(async () => {
    await server?.close();
    server = undefined;
    if (editorDir) await rm(editorDir, { recursive: true, force: true });
  });

  async function withEditor(trustProxy = false): Promise<TestServer> {
    editorDir = await mkdtemp(join(tmpdir(), 'flow-editor-'));
    await mkdir(join(editorDir, 'assets'));
    await writeFile(join(editorDir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    await writeFile(join(editorDir, 'assets', 'app.js'), 'console.log(1)');
    return startTestServer({ token: TOKEN, editorDir, trustProxy });
  }

  it("walks the server's route table: without the token each is refused (401 for calls, sign-in for pages), with it none is", async () => {
    // Each request comes from a client of its own, so the limit of wrong tokens (access.security.test.ts) never answers first.
    server = await withEditor(true);
    let client = 0;
    const before = await snapshotFolder(server.dir);
    // The served routes (/v1, /mcp) need an agent key instead, in every mode (keys/keys.security.test.ts, mcp/mcp.test.ts).
    const guarded = server.routes.filter(
      (r) => !PUBLIC_ROUTES.has(`${r.method} ${r.pattern}`) && !isAgentPath(r.pattern.split('/').slice(1)),
    );
    expect(guarded.length).toBeGreaterThan(15);
    const body = (method: string): { name: string } | undefined => (method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' });
    for (const { method, pattern } of guarded) {
      const path = pathOf(pattern);
      for (const credentials of REFUSED_CREDENTIALS) {
        client += 1;
        const headers = { ...credentials, 'X-Forwarded-For': `10.0.${client >> 8}.${client & 255}` };
        const res = await server.call(method, path, { json: body(method), headers });
        const what = `${method} ${pattern} with ${JSON.stringify(headers)}`;
        if (path.startsWith('/api/')) {
          expect(res.status, what).toBe(401);
          expect(res.headers.get('www-authenticate'), what).toBe('Bearer');
          expect(await res.text(), what).not.toContain(TOKEN);
        } else if ('Authorization' in headers || method !== 'GET') {
          // A page's form post (the dashboard's rollback) is refused, not sent on to sign in.
          expect(res.status, what).toBe(401);
        } else {
          expect(res.status, what).toBe(303);
          expect(res.headers.get('location'), what).toBe(`/signin?next=${encodeURIComponent(path)}`);
        }
      }
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
    for (const { method, pattern } of guarded) {
      const allowed = await server.call(method, pathOf(pattern), { json: body(method), headers: auth });
      // A redirect is no refusal unless it is to sign in (the dashboard's switcher redirects).
      const toSignIn = allowed.status === 303 && (allowed.headers.get('location') ?? '').startsWith('/signin');
      expect(allowed.status === 401 || toSignIn, `${method} ${pattern} with the token: ${allowed.status}`).toBe(false);
    }
  });

  it("the editor's page needs signing in; its static files and the sign-in page do not", async () => {
    server = await withEditor();
    for (const path of ['/', '/support-desk/production']) {
      const res = await server.call('GET', path);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/signin?next=${encodeURIComponent(path)}`);
    }
    expect((await server.call('GET', '/assets/app.js')).status).toBe(200);
    const page = await server.call('GET', '/signin');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<label for="token">${SIGN_IN_TEXT.label}</label>`);
    expect(html).toContain(SIGN_IN_TEXT.button);
    expect(await (await server.call('GET', '/api/session')).json()).toEqual({ tokenRequired: true, signedIn: false });
  });

  it('signing in sets an HttpOnly SameSite=Strict cookie that opens every page and call; signing out closes them', async () => {
    server = await withEditor();
    const signed = await signIn(server);
    expect(signed.status).toBe(303);
    expect(signed.location).toBe('/support-desk/production');
    expect(signed.cookie).toMatch(/^flow_session=[A-Za-z0-9_-]{43}$/);
    expect(signed.cookie).not.toContain(TOKEN);
    const setCookie = (
      await server.call('POST', '/signin', {
        body: `token=${TOKEN}`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      })
    ).headers.get('set-cookie');
    expect(setCookie).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);

    const cookie = { Cookie: signed.cookie };
    expect((await server.call('GET', '/', { headers: cookie })).status).toBe(200);
    expect((await server.call('GET', '/api/flows/support-desk/production', { headers: cookie })).status).toBe(200);
    expect((await server.call('GET', '/dashboard/support-desk/production', { headers: cookie })).status).toBe(200);
    expect(await (await server.call('GET', '/api/session', { headers: cookie })).json()).toEqual({ tokenRequired: true, signedIn: true });
    const save = await server.call('POST', '/api/workflows/save', {
      json: { name: 'From the editor', plan_id: 'support-desk' },
      headers: { ...cookie, Origin: server.url },
    });
    expect(save.status).toBe(200);

    const out = await server.call('DELETE', '/api/session', { headers: { ...cookie, Origin: server.url } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^flow_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
    expect((await server.call('GET', '/api/flows/support-desk/production', { headers: cookie })).status).toBe(401);
  });

  it('a wrong token: the page says so after a delay, sets nothing and gives no hint', async () => {
    server = await withEditor();
    const started = Date.now();
    const wrong = await signIn(server, `${TOKEN.slice(0, -1)}X`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(wrong.status).toBe(401);
    expect(wrong.cookie).toBe('');
    expect(wrong.text).toContain(`<p class="error" role="alert">${SIGN_IN_TEXT.wrong}</p>`);
    expect(wrong.text).not.toContain(TOKEN.slice(0, 4));
  });

  it('sign-in attempts are limited per client: after five wrong ones a wrong one gets 429, and the right token still gets in', async () => {
    // Delays pass at once: the limiter's own test times them.
    server = await startTestServer({ token: TOKEN, wrongTokenDelay: () => Promise.resolve() });
    const attempts = await Promise.all(Array.from({ length: 5 }, () => signIn(server ?? fail(), 'wrong-token')));
    expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    const limited = await server.call('POST', '/signin', {
      body: 'token=wrong-again',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('set-cookie')).toBeNull();
    expect(await limited.text()).toMatch(/Too many attempts: try again in \d+ s/);
    const right = await signIn(server);
    expect(right.status).toBe(303);
    expect(right.cookie).toMatch(/^flow_session=/);
  });

  it('refuses a write a browser sends from another site, even with a valid cookie', async () => {
    server = await withEditor();
    const { cookie } = await signIn(server);
    const before = await snapshotFolder(server.dir);
    for (const headers of CROSS_SITE) {
      const res = await server.call('POST', '/api/workflows/save', {
        json: { name: 'x', plan_id: 'support-desk' },
        headers: { Cookie: cookie, ...headers },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'CROSS_SITE' } });
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('gives the client the spec message and status 401 with a wrong token', async () => {
    server = await startTestServer({ token: TOKEN });
    const client = createClient({ baseUrl: server.url, token: 'wrong', retries: 0 });
    const failure = await client.getFunctions('support-desk', 'production').catch((e: unknown) => e);
    expect(isApiError(failure) && [failure.message, failure.status]).toEqual(['Failed to fetch functions', 401]);
    const right = createClient({ baseUrl: server.url, token: TOKEN, retries: 0 });
    expect((await right.getWorkflows('lead-qualifier')).length).toBeGreaterThan(0);
  });

  it('without a token every call is open on loopback; a non-loopback address without one is refused', async () => {
    server = await startTestServer();
    expect((await server.call('GET', '/api/plans')).status).toBe(200);
    expect((await server.call('GET', '/api/session')).status).toBe(200);
    await expect(startServer({ host: '0.0.0.0', port: 0, dir: '/nonexistent-flow-dir', seedDir: EXAMPLES })).rejects.toThrow(
      /token is required/,
    );
  });
});

describe('Host allow-list (DNS rebinding)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers loopback names only by default', async () => {
    server = await startTestServer();
    const evil = await rawRequest(server.url, 'GET', '/api/plans', { headers: { Host: 'evil.example:80' } });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.text)).toMatchObject({
      error: {
        code: 'FORBIDDEN_HOST',
        message: 'Host "evil.example" is not allowed: start the provider with --allow-host evil.example or --public-url',
      },
    });
    for (const host of ['localhost:4321', '127.0.0.1', 'app.localhost', '[::1]:4321']) {
      expect((await rawRequest(server.url, 'GET', '/api/plans', { headers: { Host: host } })).status, host).toBe(200);
    }
  });

  it('stays on when binding every address with a token; --public-url and --allow-host add names', async () => {
    server = await startTestServer({
      host: '0.0.0.0',
      token: TOKEN,
      publicUrl: 'https://flow.example.com',
      allowHosts: ['teammate-box', '.corp.example'],
    });
    const url = server.url.replace('0.0.0.0', '127.0.0.1');
    const ask = (host: string) => rawRequest(url, 'GET', '/api/plans', { headers: { Host: host, ...auth } });
    expect((await ask('evil.example')).status).toBe(403);
    expect((await ask('192.168.1.20:4321')).status).toBe(403);
    for (const host of ['flow.example.com', 'teammate-box:4321', 'a.corp.example', 'corp.example'])
      expect((await ask(host)).status, host).toBe(200);
  });

  it('builds hosted links from --public-url, never from the Host header', async () => {
    server = await startTestServer({ publicUrl: 'https://flow.example.com', allowHosts: ['other.example'] });
    const saved = await server.call('POST', '/api/workflows/save', { json: { name: 'Linked', plan_id: 'support-desk' } });
    const savedBody: unknown = await saved.json();
    const id = typeof savedBody === 'object' && savedBody !== null && 'id' in savedBody ? String(savedBody.id) : '';
    const created = await rawRequest(server.url, 'POST', '/api/sessions/create-with-link', {
      headers: { Host: 'other.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ workflowId: id, planId: 'support-desk' }),
    });
    expect(JSON.parse(created.text)).toMatchObject({
      hostedLink: expect.stringMatching(/^https:\/\/flow\.example\.com\/hosted\/session\/support-desk\//),
    });
  });
});

describe('security headers of every HTML page', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a policy without inline script, framed only by this origin, no sniffing, no referrer', async () => {
    server = await startTestServer({ token: TOKEN });
    for (const path of ['/signin', '/hosted/create-workflow/support-desk', '/dashboard/support-desk/production']) {
      const res = await server.call('GET', path, { headers: auth });
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(await res.text(), path).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });
});

function fail(): never {
  throw new Error('no server');
}
