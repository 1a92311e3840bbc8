import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestServer, type TestServer } from '../testServer.test-helper.js';
import { acceptsGzip, withPlanPreloads } from './editorFiles.js';

const BIG_SCRIPT = 'console.log("the same line again");\n'.repeat(500);

describe('the built editor', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'flow-editor-'));
    const editor = join(base, 'dist');
    await mkdir(join(editor, 'assets'), { recursive: true });
    await writeFile(join(editor, 'index.html'), '<!doctype html><head><title>Flow editor</title></head>');
    await writeFile(join(editor, 'assets', 'app-1234.js'), 'console.log(1)');
    await writeFile(join(editor, 'assets', 'big-1234.js'), BIG_SCRIPT);
    await writeFile(join(editor, 'assets', 'pic-1234.png'), 'not really a png');
    await writeFile(join(base, 'secret.txt'), 'outside');
    await symlink(join(base, 'secret.txt'), join(editor, 'link.txt'));
    server = await startTestServer({ editorDir: editor });
  });
  afterAll(async () => {
    await server.close();
    await rm(base, { recursive: true, force: true });
  });

  it('serves index.html at / and files with their types', async () => {
    const root = await server.call('GET', '/');
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await root.text()).toContain('Flow editor');
    const js = await server.call('GET', '/assets/app-1234.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
  });

  it('falls back to index.html for app routes such as /{planId}/{version}', async () => {
    const res = await server.call('GET', '/support-desk/production');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Flow editor');
    expect((await server.call('GET', '/assets/missing.js')).status).toBe(404);
  });

  it("names a plan page's first GETs as preloads, and only for routes of two ids", async () => {
    const preloads =
      '<link rel="preload" as="fetch" crossorigin href="/api/flows/support-desk/staging">' +
      '<link rel="preload" as="fetch" crossorigin href="/api/workflows/plans/support-desk">';
    const page = await server.call('GET', '/support-desk/staging');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toBe(`<!doctype html><head>${preloads}<title>Flow editor</title></head>`);
    for (const path of ['/', '/index.html', '/support-desk', '/bad%22id/staging'])
      expect(await (await server.call('GET', path)).text()).toBe('<!doctype html><head><title>Flow editor</title></head>');
    const withHead = withPlanPreloads('<html><head><title>Flow</title></head></html>', ['support-desk', 'staging']);
    expect(withHead).toBe(`<html><head>${preloads}<title>Flow</title></head></html>`);
    for (const segments of [['support-desk'], ['a"b', 'staging'], ['support-desk', '<x>'], ['a', 'b', 'c'], ['__proto__', 'staging']])
      expect(withPlanPreloads('<html><head></head></html>', segments)).toBeNull();
  });

  it("serves home.html at '/' when the build has one, with the page's headers, and index.html for plan routes", async () => {
    const editor = join(base, 'with-home');
    await mkdir(editor, { recursive: true });
    await writeFile(join(editor, 'index.html'), '<!doctype html><title>Flow editor</title>');
    await writeFile(join(editor, 'home.html'), '<!doctype html><title>Flow plans</title>');
    const withHome = await startTestServer({ editorDir: editor });
    try {
      const root = await withHome.call('GET', '/');
      expect(root.status).toBe(200);
      expect(root.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(root.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await root.text()).toContain('Flow plans');
      expect(await (await withHome.call('GET', '/support-desk/production')).text()).toContain('Flow editor');
      expect(await (await withHome.call('GET', '/index.html')).text()).toContain('Flow editor');
    } finally {
      await withHome.close();
    }
  });

  it('never serves a file outside its folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const res = await rawRequest(server.url, 'GET', path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.text).not.toContain('outside');
    }
    const link = await rawRequest(server.url, 'GET', '/link.txt');
    expect(link.status).toBe(404);
    expect(link.text).not.toContain('outside');
  });

  it('leaves unknown API paths and other methods to the API: 404 and 405 as JSON', async () => {
    const api = await server.call('GET', '/api/nothing');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const post = await server.call('POST', '/api/plans', { json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it("sends code and pages gzipped to a browser that accepts it, the same bytes once unzipped; a plan's page (2 KB, made per address) as it is", async () => {
    const zipped = await rawRequest(server.url, 'GET', '/assets/big-1234.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length);
    expect(zipped.bytes.length).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(gunzipSync(zipped.bytes).toString('utf8')).toBe(BIG_SCRIPT);
    // Made once, served again from memory: the same bytes.
    const again = await rawRequest(server.url, 'GET', '/assets/big-1234.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(again.bytes.equals(zipped.bytes)).toBe(true);
    const page = await rawRequest(server.url, 'GET', '/index.html', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(gunzipSync(page.bytes).toString('utf8')).toContain('Flow editor');
    const planPage = await rawRequest(server.url, 'GET', '/support-desk/production', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(planPage.headers['content-encoding']).toBeUndefined();
    expect(planPage.headers['content-security-policy']).toContain("script-src 'self'");
    expect(planPage.text).toContain('<link rel="preload" as="fetch" crossorigin href="/api/flows/support-desk/production">');
  });

  it('sends files as they are without Accept-Encoding gzip, and images never gzipped', async () => {
    const plain = await rawRequest(server.url, 'GET', '/assets/big-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.text).toBe(BIG_SCRIPT);
    const refused = await rawRequest(server.url, 'GET', '/assets/big-1234.js', { headers: { 'Accept-Encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const image = await rawRequest(server.url, 'GET', '/assets/pic-1234.png', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.text).toBe('not really a png');
  });
});

describe('acceptsGzip', () => {
  it('takes gzip named or as *, unless its q is 0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
