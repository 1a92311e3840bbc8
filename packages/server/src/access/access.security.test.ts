import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCli } from '../cli.js';
import { rawRequest, startTestServer, type TestServer } from '../testServer.test-helper.js';
import {
  FIRST_PAUSE_MS,
  MAX_PAUSE_MS,
  MAX_WAITING,
  TOKEN_ATTEMPTS,
  TOKEN_ATTEMPTS_WINDOW_MS,
  addressKey,
  clientOf,
  createAttemptLimiter,
} from './attempts.js';
import { SIGN_IN_TEXT, safeNext } from './signin.js';

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

describe('createAttemptLimiter', () => {
  /** A limiter on a clock the test moves, whose pauses are noted and pass at once. */
  function limiterAt(start: number) {
    const clock = { now: start };
    const pauses: number[] = [];
    const limiter = createAttemptLimiter({
      now: () => clock.now,
      sleep: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
    });
    const attempt = async (client: string, wrong: boolean): Promise<void> => {
      const turn = await limiter.turn(client);
      if (turn === null) throw new Error('refused');
      turn.done(wrong);
    };
    return { clock, pauses, limiter, attempt };
  }

  it('slows a client after 5 failures, 1 s doubling to 10 s at most, each client alone, until its failures are a minute old', async () => {
    const { clock, pauses, limiter, attempt } = limiterAt(1_000_000);
    for (let i = 0; i < TOKEN_ATTEMPTS; i++) {
      expect(limiter.pause('a')).toBe(0);
      await attempt('a', true);
      clock.now += 1000;
    }
    expect(pauses).toEqual([]);
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(limiter.pause('a'));
      await attempt('a', true);
    }
    expect(seen).toEqual([FIRST_PAUSE_MS, 2000, 4000, 8000, MAX_PAUSE_MS, MAX_PAUSE_MS]);
    expect(pauses).toEqual(seen);
    expect(limiter.pause('b')).toBe(0);
    clock.now += TOKEN_ATTEMPTS_WINDOW_MS;
    expect(limiter.pause('a')).toBe(0);
  });

  it('never locks out: a right token after the failures waits its pause, then counts nothing', async () => {
    const { pauses, limiter, attempt } = limiterAt(0);
    for (let i = 0; i < TOKEN_ATTEMPTS; i++) await attempt('a', true);
    await attempt('a', false);
    expect(pauses).toEqual([FIRST_PAUSE_MS]);
    expect(limiter.pause('a')).toBe(FIRST_PAUSE_MS);
  });

  it('looks at one token of a client at a time and refuses more than a few waiting', async () => {
    const { limiter } = limiterAt(0);
    const first = await limiter.turn('a');
    const waiting = Array.from({ length: MAX_WAITING }, () => limiter.turn('a'));
    expect(await limiter.turn('a')).toBeNull();
    // Another client is not held up.
    expect(await limiter.turn('b')).not.toBeNull();
    let second = false;
    void waiting[0]?.then(() => (second = true));
    await Promise.resolve();
    expect(second).toBe(false);
    first?.done(false);
    // Each waiting token gets its turn once the one before is done.
    for (const turn of waiting) (await turn)?.done(false);
    expect(second).toBe(true);
    expect(await limiter.turn('a')).not.toBeNull();
  });
});

/** A request as node:http gives it, from `address`, with an X-Forwarded-For header or none. */
function requestFrom(address: string, forwarded?: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: address });
  const req = new IncomingMessage(socket);
  if (forwarded !== undefined) req.headers['x-forwarded-for'] = forwarded;
  return req;
}

describe('clientOf', () => {
  it('is the socket address, X-Forwarded-For ignored, unless the proxy is trusted', () => {
    expect(clientOf(requestFrom('10.0.0.2', '198.51.100.7'), false)).toBe('10.0.0.2');
  });

  it('behind a trusted proxy is the right-most X-Forwarded-For entry, the one the proxy appended', () => {
    expect(clientOf(requestFrom('10.0.0.2', '198.51.100.7'), true)).toBe('198.51.100.7');
    expect(clientOf(requestFrom('10.0.0.2', '1.1.1.1, 2.2.2.2,198.51.100.7 '), true)).toBe('198.51.100.7');
    expect(clientOf(requestFrom('10.0.0.2', '2001:DB8::1'), true)).toBe('2001:db8:0:0::/64');
    expect(clientOf(requestFrom('10.0.0.2', 'anything, not-an-address'), true)).toBe('10.0.0.2');
    expect(clientOf(requestFrom('10.0.0.2'), true)).toBe('10.0.0.2');
  });
});

describe('addressKey', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones and counts IPv6 ones by their /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });
});

describe('--trust-proxy', () => {
  it("is an option of the server's command line", () => {
    expect(parseCli(['--trust-proxy'], {})).toMatchObject({ trustProxy: true });
    expect(parseCli([], {})).not.toHaveProperty('trustProxy');
  });
});

describe('wrong tokens over HTTP', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  // Pauses and wrong-token delays pass at once, and are noted.
  let pauses: number[] = [];
  const start = (trustProxy = false): Promise<TestServer> => {
    pauses = [];
    return startTestServer({
      token: TOKEN,
      trustProxy,
      wrongTokenDelay: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
    });
  };
  const bearer = (s: TestServer, token: string, headers: Record<string, string> = {}): Promise<Response> =>
    s.call('GET', '/api/plans', { headers: { Authorization: `Bearer ${token}`, ...headers } });

  it('a client gets 429 with Retry-After after 5 wrong bearer tokens, even sent at once (there was no limit)', async () => {
    server = await start();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => bearer(server ?? fail(), `wrong-${i}`)));
    const statuses = answers.map((a) => a.status);
    // At most 5 are answered 401; every other one 429, looked at in its turn or refused while others waited.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(TOKEN_ATTEMPTS);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - TOKEN_ATTEMPTS);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const limited = answers.find((a) => a.status === 429) ?? fail();
    const seconds = limited.headers.get('retry-after') ?? '';
    expect(Number(seconds)).toBeGreaterThanOrEqual(1);
    expect(Number(seconds)).toBeLessThanOrEqual(MAX_PAUSE_MS / 1000);
    expect(await limited.json()).toEqual({ error: { code: 'TOO_MANY_ATTEMPTS', message: `Too many attempts: try again in ${seconds} s` } });
  });

  it('a client past the limit is slowed, never locked out: the right token still gets in, from the form and the header', async () => {
    server = await start();
    for (let i = 0; i < TOKEN_ATTEMPTS; i++) expect((await bearer(server, `wrong-${i}`)).status).toBe(401);
    const limited = await bearer(server, 'wrong-again');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '2']);
    expect((await bearer(server, TOKEN)).status).toBe(200);
    const form = await postSignIn(server, { token: TOKEN, next: '/' });
    expect(form.status).toBe(303);
    expect(form.headers.get('set-cookie')).toMatch(/^flow_session=/);
    // Each token of the slowed client waited its pause before it was looked at: 1 s, then 2 s (the failures since).
    expect(pauses).toEqual([1000, 2000, 2000]);
  });

  it('counts the sign-in form and the bearer header together', async () => {
    server = await start();
    for (let i = 0; i < 3; i++) expect((await postSignIn(server, { token: `wrong-${i}` })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await bearer(server, `wrong-${i}`)).status).toBe(401);
    const form = await postSignIn(server, { token: 'wrong-again' });
    expect(form.status).toBe(429);
    // The next token waits 2 s: the failures now number 6.
    expect(form.headers.get('retry-after')).toBe('2');
    expect(await form.text()).toContain(SIGN_IN_TEXT.tooMany(Number(form.headers.get('retry-after'))));
    expect((await bearer(server, 'wrong-again')).status).toBe(429);
  });

  it('a right token is never refused for the wrong tokens of someone else behind the same proxy, with --trust-proxy', async () => {
    server = await start(true);
    const attacker = { 'X-Forwarded-For': '203.0.113.5' };
    for (let i = 0; i < TOKEN_ATTEMPTS; i++) expect((await postSignIn(server, { token: `wrong-${i}` }, attacker)).status).toBe(401);
    expect((await bearer(server, 'wrong', attacker)).status).toBe(429);
    // What the client sends left of the proxy's entry does not make it someone else.
    expect((await bearer(server, 'wrong', { 'X-Forwarded-For': '198.51.100.1, 203.0.113.5' })).status).toBe(429);
    const colleague = { 'X-Forwarded-For': '203.0.113.5, 198.51.100.7' };
    const signed = await postSignIn(server, { token: TOKEN, next: '/api/plans' }, colleague);
    expect([signed.status, signed.headers.get('location')]).toEqual([303, '/api/plans']);
    expect((await bearer(server, TOKEN, colleague)).status).toBe(200);
    expect((await bearer(server, 'wrong', colleague)).status).toBe(401);
  });

  it('counts a guesser moving through the addresses of one IPv6 /64 as one client', async () => {
    server = await start(true);
    for (let i = 0; i < TOKEN_ATTEMPTS + 2; i++) {
      const res = await bearer(server, `wrong-${i}`, { 'X-Forwarded-For': `2001:db8:5:6::${(i + 1).toString(16)}` });
      expect(res.status).toBe(i < TOKEN_ATTEMPTS ? 401 : 429);
    }
    expect((await bearer(server, 'wrong', { 'X-Forwarded-For': '2001:db8:5:7::1' })).status).toBe(401);
  });

  it('without --trust-proxy X-Forwarded-For is ignored: a guesser cannot pose as many clients', async () => {
    server = await start();
    for (let i = 0; i < TOKEN_ATTEMPTS + 3; i++) {
      const res = await bearer(server, `wrong-${i}`, { 'X-Forwarded-For': `198.51.100.${i}` });
      expect(res.status).toBe(i < TOKEN_ATTEMPTS ? 401 : 429);
    }
  });
});

function fail(): never {
  throw new Error('no server');
}
