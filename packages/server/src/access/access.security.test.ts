import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest, startTestServer, type TestServer } from '../testServer.test-helper.js';
import { safeNext } from './signin.js';

const TOKEN = 'access-Token_value';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The exchange of a sign-in form post. */
async function postSignIn(server: TestServer, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return server.call('POST', '/signin', {
    body: new URLSearchParams(fields).toString(),
    headers: { ...FORM, Origin: server.url, ...headers },
  });
}

describe('safeNext: where a sign-in goes next', () => {
  it('keeps a path of this server, percent-encoded so that it is a valid Location', () => {
    expect(safeNext('/support-desk/production')).toBe('/support-desk/production');
    expect(safeNext('/€')).toBe('/%E2%82%AC');
    expect(safeNext('/plan?q=ü&x=1#part')).toBe('/plan?q=%C3%BC&x=1#part');
    expect(safeNext('/a\u2028b')).toBe('/a%E2%80%A8b');
    expect(safeNext('/a/../b/./c')).toBe('/b/c');
    expect(safeNext('/%0d%0aSet-Cookie:x=1')).toBe('/%0d%0aSet-Cookie:x=1');
  });

  it('refuses other sites, schemes, control characters and the sign-in page itself', () => {
    for (const next of [
      null,
      undefined,
      '',
      'support-desk',
      '//evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      '/.//evil.com',
      '/..//evil.com/x',
      'https://evil.com/',
      'javascript:alert(1)',
      '/\r\nSet-Cookie: x=1',
      '/a\u0000b',
      '/a\tb',
      '/signin',
      '/signin?next=/signin',
      '/signin/',
      '/./signin',
      '/%73ignin',
    ]) {
      expect(safeNext(next), String(next)).toBe('/');
    }
  });
});

describe('sign-in with an unusual next', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('signs in and goes to /€ encoded (it answered 500 after making a session whose cookie was never sent)', async () => {
    server = await startTestServer({ token: TOKEN });
    const page = await server.call('GET', '/signin?next=/%E2%82%AC');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<input type="hidden" name="next" value="/%E2%82%AC">');
    const signed = await postSignIn(server, { token: TOKEN, next: '/€' });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe('/%E2%82%AC');
    const cookie = (signed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^flow_session=/);
    const again = await server.call('GET', '/signin?next=/%E2%82%AC', { headers: { Cookie: cookie } });
    expect([again.status, again.headers.get('location')]).toEqual([303, '/%E2%82%AC']);
  });

  it('without a token, goes on at once to the encoded path, or home for a foreign one', async () => {
    server = await startTestServer();
    for (const [next, location] of [
      ['/%E2%82%AC?a=%C3%BC', '/%E2%82%AC?a=%C3%BC'],
      ['//evil.com', '/'],
      ['/.//evil.com', '/'],
      ['/%5Cevil.com', '/'],
      ['/%255Cevil.com', '/%5Cevil.com'],
      ['%2F%5Cevil.com', '/'],
      ['%0D%0ASet-Cookie:%20x=1', '/'],
    ]) {
      const res = await rawRequest(server.url, 'GET', `/signin?next=${next}`);
      expect([res.status, res.headers.location], next).toEqual([303, location]);
      expect(res.headers['set-cookie'], next).toBeUndefined();
    }
  });
});
