import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from './agent.js';
import { guardedFetch, type GuardPolicy } from './guardedFetch.js';
import { createModelClient } from './modelClient.js';
import { BlockedAddressError, isPrivateAddress, type AddressRule, type Resolve } from './netGuard.js';
import { httpToolFlow, startScriptedModel } from './testing/index.js';
import { runStep } from './workflowRunner.js';

/** A request a test server received. */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Site {
  origin: string;
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 (a free port) that records each request and answers it with `answer`. */
async function startSite(answer: (seen: Seen, res: ServerResponse) => void): Promise<Site> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const redirect = (res: ServerResponse, status: number, location: string): void => void res.writeHead(status, { Location: location }).end();
const ok = (res: ServerResponse, body = '{"ok":true}'): void => void res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);

/** Both test servers are loopback, so private networks are allowed where the test is not about them. */
const OPEN: GuardPolicy = { allowPrivateNetwork: true, timeoutMs: 5_000, maxResponseBytes: 1_000_000 };
/** The tests' stand-in for the public internet: 127.0.0.1 counts as public, every other private address stays refused. */
const LOOPBACK_IS_PUBLIC: AddressRule = (address) => address !== '127.0.0.1' && isPrivateAddress(address);
/** A resolver that knows one name, as /etc/hosts would (`vm` → this machine). */
const resolveVm: Resolve = async (hostname) => {
  if (hostname === 'vm.internal') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

const CREDENTIALS = {
  Authorization: 'Bearer tool-token-7f3a',
  'X-Api-Key': 'api-key-51b2',
  'Proxy-Authorization': 'Basic cHJveHk6cGFzcw==',
  Cookie: 'session=cookie-9d0e',
  'X-Shop-Key': 'shop-secret-c4a1',
  'X-Request-Id': 'req-1',
};
const SECRET_VALUES = Object.values(CREDENTIALS).filter((v) => v !== 'req-1');

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1'],
    ['10.1.2.3'],
    ['::1'],
    ['[::1]'],
    ['::'],
    ['fe80::1%eth0'],
    ['fd00::1'],
    // IPv4-mapped, in every spelling
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['[::ffff:7f00:1]'],
    ['0:0:0:0:0:ffff:a00:1'],
    ['::ffff:0:7f00:1'],
    // IPv4-compatible
    ['::7f00:1'],
    ['::127.0.0.1'],
    ['::a9fe:a9fe'],
    // NAT64 carrying a private IPv4, and the local-use NAT64 prefix as a whole
    ['64:ff9b::7f00:1'],
    ['64:ff9b::10.0.0.1'],
    ['64:ff9b::a9fe:a9fe'],
    ['64:ff9b:1::5db8:d822'],
    // 6to4 carrying a private IPv4
    ['2002:7f00:1::'],
    ['2002:c0a8:101::1'],
    ['2002:a00:1:1::1'],
    // Teredo
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ['93.184.216.34'],
    ['::ffff:93.184.216.34'],
    ['64:ff9b::5db8:d822'],
    ['2002:5db8:d822::1'],
    ['2606:4700:4700::1111'],
    ['example.com'],
  ])('%s is not', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('guardedFetch', () => {
  let first: Site;
  let second: Site;
  beforeEach(async () => {
    second = await startSite((seen, res) => ok(res, JSON.stringify({ at: 'second', path: seen.path })));
    first = await startSite((seen, res) => {
      const [path = ''] = seen.path.split('?');
      if (path === '/cross') return redirect(res, 302, `${second.origin}/landing`);
      if (path === '/same') return redirect(res, 302, '/landing');
      if (path === '/see-other') return redirect(res, 303, '/landing');
      if (path === '/found') return redirect(res, 302, '/landing');
      if (path === '/temporary') return redirect(res, 307, '/landing');
      if (path === '/loop') return redirect(res, 302, '/loop');
      if (path === '/to-loopback') return redirect(res, 302, `http://localhost:${second.port}/steal`);
      if (path === '/to-mapped') return redirect(res, 301, `http://[::ffff:7f00:1]:${second.port}/steal`);
      if (path === '/gzip') return void res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync('{"packed":"gzip"}'));
      if (path === '/gzip-br')
        return void res.writeHead(200, { 'Content-Encoding': 'gzip, br' }).end(brotliCompressSync(gzipSync('{"packed":"twice"}')));
      ok(res, JSON.stringify({ at: 'first', path: seen.path }));
    });
  });
  afterEach(async () => {
    await first.close();
    await second.close();
  });

  it('drops every credential header when a redirect leaves the origin, and keeps the others', async () => {
    const response = await guardedFetch(
      `${first.origin}/cross`,
      { method: 'GET', headers: CREDENTIALS, secretHeaders: ['X-Shop-Key'] },
      OPEN,
    );
    expect(await response.text()).toEqual({ text: '{"at":"second","path":"/landing"}', cut: false });
    expect(response.url.href).toBe(`${second.origin}/landing`);
    const landed = second.seen[0];
    expect(landed?.headers['x-request-id']).toBe('req-1');
    for (const name of ['authorization', 'x-api-key', 'proxy-authorization', 'cookie', 'x-shop-key'])
      expect(landed?.headers[name], name).toBeUndefined();
    expect(JSON.stringify(second.seen)).not.toMatch(new RegExp(SECRET_VALUES.join('|')));
  });

  it('keeps them on a redirect within the origin', async () => {
    await guardedFetch(`${first.origin}/same`, { method: 'GET', headers: CREDENTIALS }, OPEN);
    expect(first.seen.map((s) => s.path)).toEqual(['/same', '/landing']);
    expect(first.seen[1]?.headers).toMatchObject({ authorization: 'Bearer tool-token-7f3a', 'x-api-key': 'api-key-51b2' });
  });

  it('turns a 303 after a POST into a GET without its body, as a 301/302 after a POST; a 307 keeps the POST', async () => {
    const post = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"refund":100}' };
    await guardedFetch(`${first.origin}/see-other`, post, OPEN);
    await guardedFetch(`${first.origin}/found`, post, OPEN);
    await guardedFetch(`${first.origin}/temporary`, post, OPEN);
    const landings = first.seen.filter((s) => s.path === '/landing');
    expect(landings.map((s) => [s.method, s.body, s.headers['content-type']])).toEqual([
      ['GET', '', undefined],
      ['GET', '', undefined],
      ['POST', '{"refund":100}', 'application/json'],
    ]);
    // A 303 after a PUT is a GET too.
    await guardedFetch(`${first.origin}/see-other`, { ...post, method: 'PUT' }, OPEN);
    expect(first.seen.at(-1)).toMatchObject({ method: 'GET', body: '' });
  });

  it('follows 5 redirects at most', async () => {
    await expect(guardedFetch(`${first.origin}/loop`, { method: 'GET', headers: {} }, OPEN)).rejects.toThrow(
      `Too many redirects (more than 5) from ${first.origin}/loop`,
    );
    expect(first.seen).toHaveLength(6);
  });

  it('checks every hop: a redirect to a loopback address is refused before it connects', async () => {
    const guarded: GuardPolicy = { ...OPEN, allowPrivateNetwork: false, isPrivate: LOOPBACK_IS_PUBLIC };
    for (const path of ['/to-loopback', '/to-mapped']) {
      const refused = await guardedFetch(`${first.origin}${path}`, { method: 'GET', headers: {} }, guarded).catch((e: unknown) => e);
      expect(refused, path).toBeInstanceOf(BlockedAddressError);
    }
    expect(first.seen.map((s) => s.path)).toEqual(['/to-loopback', '/to-mapped']);
    expect(second.seen).toEqual([]);
  });

  it('refuses IPv4 inside IPv6 and names that resolve to this machine, before connecting', async () => {
    const guarded: GuardPolicy = { ...OPEN, allowPrivateNetwork: false, resolve: resolveVm };
    for (const host of [
      '[::ffff:7f00:1]',
      '[::7f00:1]',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::1]',
      'vm.internal',
      'localhost',
    ]) {
      const refused = await guardedFetch(`http://${host}:${first.port}/`, { method: 'GET', headers: {} }, guarded).catch((e: unknown) => e);
      expect(refused, host).toBeInstanceOf(BlockedAddressError);
      expect(refused, host).toMatchObject({
        message: expect.stringMatching(/^Refused to call .+: a private, loopback or link-local address/),
      });
    }
    expect(first.seen).toEqual([]);
    // The same name is reached when private networks are allowed: the resolver's address is the one connected to.
    const allowed = await guardedFetch(
      `http://vm.internal:${first.port}/hello`,
      { method: 'GET', headers: {} },
      { ...OPEN, resolve: resolveVm },
    );
    expect(allowed.status).toBe(200);
    expect(first.seen.map((s) => [s.path, s.headers.host])).toEqual([['/hello', `vm.internal:${first.port}`]]);
  });

  it('caps the size of an answer', async () => {
    const response = await guardedFetch(`${first.origin}/big`, { method: 'GET', headers: {} }, { ...OPEN, maxResponseBytes: 10 });
    expect(await response.text()).toEqual({ text: '{"at":"fir', cut: true });
    const streamed = await guardedFetch(`${first.origin}/big`, { method: 'GET', headers: {} }, { ...OPEN, maxResponseBytes: 10 });
    await expect(
      (async () => {
        for await (const chunk of streamed.chunks()) expect(chunk.length).toBeLessThanOrEqual(10);
      })(),
    ).rejects.toThrow(`The answer of ${first.origin}/big is larger than 10 bytes`);
  });

  it('sends what fetch sends and reads what it reads: its default headers, compressed answers decoded, a refused connection said the same', async () => {
    await guardedFetch(`${first.origin}/plain`, { method: 'POST', headers: { Accept: 'application/json' }, body: 'hi' }, OPEN);
    expect(first.seen[0]?.headers).toMatchObject({
      accept: 'application/json',
      'accept-language': '*',
      'accept-encoding': 'gzip, deflate',
      'sec-fetch-mode': 'cors',
      'user-agent': 'undici',
      'content-type': 'text/plain;charset=UTF-8',
      'content-length': '2',
    });
    for (const [path, text] of [
      ['/gzip', '{"packed":"gzip"}'],
      ['/gzip-br', '{"packed":"twice"}'],
    ] as const)
      expect(await (await guardedFetch(`${first.origin}${path}`, { method: 'GET', headers: {} }, OPEN)).text(), path).toEqual({
        text,
        cut: false,
      });
    const gone = await startSite((_seen, res) => ok(res));
    await gone.close();
    const refused = await guardedFetch(`${gone.origin}/`, { method: 'GET', headers: {} }, OPEN).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect(refused).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it('never aborts the body of a streamed answer its reader stopped at [DONE] (no error built and thrown away each answer)', async () => {
    const destroy = vi.spyOn(Readable.prototype, 'destroy');
    const model = await startScriptedModel([{ content: 'Hi there' }, { content: 'Again' }]);
    try {
      const client = createModelClient({ baseUrl: model.baseUrl, model: 'm' });
      expect((await client.chat([{ role: 'user', content: 'Hello' }], [])).content).toBe('Hi there');
      expect((await client.chat([{ role: 'user', content: 'Hello' }], [])).content).toBe('Again');
      expect(destroy.mock.calls.filter(([error]) => error instanceof Error && error.name === 'AbortError')).toEqual([]);
    } finally {
      destroy.mockRestore();
      await model.close();
    }
  });

  it('reads a streamed answer to its end when its reader stops at [DONE] before the last bytes: the connection is kept, not cut', async () => {
    const whole: boolean[] = [];
    const server = createServer((_req, res) => {
      res.on('close', () => whole.push(res.writableFinished));
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: [DONE]\n\n');
      // The stream ends a little after its [DONE], as a proxy may end it.
      setTimeout(() => res.end(), 50);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const client = createModelClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' });
      expect((await client.chat([{ role: 'user', content: 'Hello' }], [])).content).toBe('Hi');
      await vi.waitFor(() => expect(whole).toEqual([true]));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a URL with a user name or password, and shows it without them', async () => {
    const refused = await guardedFetch(`http://me:hunter2@127.0.0.1:${first.port}/`, { method: 'GET', headers: {} }, OPEN).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({
      message: `Refused to call ${first.origin}/ with a user name or password in its URL: send credentials in a header`,
    });
    expect(first.seen).toEqual([]);
  });
});

describe('every request of a flow goes through the guard', () => {
  let first: Site;
  let second: Site;
  beforeEach(async () => {
    second = await startSite((_seen, res) => ok(res));
    first = await startSite((seen, res) => {
      if (seen.path === '/hook-to-loopback') return redirect(res, 307, `http://localhost:${second.port}/steal`);
      if (seen.path.startsWith('/v1/chat/completions')) return redirect(res, 307, `${second.origin}/v1/chat/completions`);
      if (seen.path === '/orders') return redirect(res, 303, `${second.origin}/elsewhere`);
      ok(res);
    });
  });
  afterEach(async () => {
    await first.close();
    await second.close();
  });

  it('an HTTP tool: its secrets do not follow a redirect to another origin, and a 303 after its POST is a GET', async () => {
    const model = await startScriptedModel([{ toolCalls: [{ name: 'call_shop', arguments: {} }] }, { content: 'Done.' }]);
    try {
      const doc = httpToolFlow({
        method: 'POST',
        url: `${first.origin}/orders`,
        authorization: 'bearer',
        bearer_token: { env: 'SHOP_TOKEN' },
        headers: [
          { name: 'X-Api-Key', value: { env: 'SHOP_KEY' } },
          { name: 'X-Shop-Secret', value: 'plain-9b7e' },
        ],
        body: { raw: { data: '{"item":"lamp"}' } },
      });
      const agent = createAgent({
        doc,
        model: createModelClient({ baseUrl: model.baseUrl, model: 'm' }),
        env: { SHOP_TOKEN: 'token-e81f', SHOP_KEY: 'key-0c2d' },
        allowPrivateNetwork: true,
      });
      const turn = await agent.turn('Buy a lamp');
      expect(turn.toolCalls[0]?.error).toBeUndefined();
      expect(first.seen[0]?.headers).toMatchObject({
        authorization: 'Bearer token-e81f',
        'x-api-key': 'key-0c2d',
        'x-shop-secret': 'plain-9b7e',
      });
      expect(second.seen.map((s) => [s.method, s.path, s.body])).toEqual([['GET', '/elsewhere', '']]);
      expect(JSON.stringify(second.seen)).not.toMatch(/token-e81f|key-0c2d|plain-9b7e/);
    } finally {
      await model.close();
    }
  });

  it('the model client: its key does not follow a redirect to another origin', async () => {
    const client = createModelClient({ baseUrl: `${first.origin}/v1`, model: 'm', apiKey: 'sk-model-55aa' });
    await expect(client.chat([{ role: 'user', content: 'Hi' }], [])).rejects.toThrow(
      'The model endpoint answered without a message (choices[0].message)',
    );
    expect(first.seen[0]?.headers.authorization).toBe('Bearer sk-model-55aa');
    expect(second.seen[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(second.seen[0]?.headers.authorization).toBeUndefined();
  });

  const step = { skill: 'crm', name: 'Save lead', config: {} };
  const ask = () => Promise.resolve('');

  it('a webhook whose host name resolves to this machine is refused unless private networks are allowed', async () => {
    for (const url of [`http://vm.internal:${first.port}/hook`, `http://localhost:${first.port}/hook`]) {
      const trace = await runStep(step, {}, { skills: { crm: url }, ask, network: { resolve: resolveVm } });
      expect(trace, url).toMatchObject({
        status: 'failed',
        output: expect.stringMatching(/^Refused to call (vm\.internal|localhost): a private, loopback or link-local address/),
      });
    }
    expect(first.seen).toEqual([]);
    const allowed = await runStep(
      step,
      { email: 'a@b.c' },
      {
        skills: { crm: `http://vm.internal:${first.port}/hook` },
        ask,
        allowPrivateNetwork: true,
        network: { resolve: resolveVm },
      },
    );
    expect(allowed.status).toBe('done');
    expect(JSON.parse(first.seen[0]?.body ?? '')).toEqual({ skill: 'crm', step: 'Save lead', config: {}, variables: { email: 'a@b.c' } });
  });

  it('a webhook that redirects to a loopback address is refused', async () => {
    const trace = await runStep(
      step,
      {},
      { skills: { crm: `${first.origin}/hook-to-loopback` }, ask, network: { isPrivate: LOOPBACK_IS_PUBLIC } },
    );
    expect(trace).toMatchObject({ status: 'failed', output: expect.stringMatching(/^Refused to call localhost: a private, loopback/) });
    expect(first.seen.map((s) => s.path)).toEqual(['/hook-to-loopback']);
    expect(second.seen).toEqual([]);
  });

  it('no other file of the runtime sends a request itself', () => {
    const sources = readdirSync(new URL('.', import.meta.url), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const sending = sources.filter((file) =>
      /\bfetch\s*\(|from 'undici'|node:https?'/.test(readFileSync(new URL(file, import.meta.url), 'utf8')),
    );
    // The test servers (a scripted model, an MCP server) answer requests; they send none.
    expect(sending.sort()).toEqual(['guardedFetch.ts', 'testing/mcpTestServer.ts', 'testing/scriptedModelServer.ts']);
  });

  it('a skill named after a built-in property of objects is not configured', async () => {
    const trace = await runStep({ ...step, skill: 'toString' }, {}, { skills: { crm: first.origin }, ask });
    expect(trace).toMatchObject({ status: 'not configured' });
  });
});

describe('URLs are shown without their user name and password', () => {
  it('a model base URL with credentials: refused, and the error names the endpoint without them', async () => {
    const model = await startScriptedModel([{ status: 500, error: 'The model failed' }]);
    try {
      const withCredentials = model.baseUrl.replace('http://', 'http://flow:pw-31f9@');
      const client = createModelClient({ baseUrl: withCredentials, model: 'm' });
      const error = await client.chat([{ role: 'user', content: 'Hi' }], []).catch((e: unknown) => e);
      expect(error).toMatchObject({
        message: `The model endpoint ${model.baseUrl} did not answer: Refused to call ${model.baseUrl}/chat/completions with a user name or password in its URL: send credentials in a header`,
      });
      const agent = createAgent({ doc: httpToolFlow({ url: 'https://api.example.com/' }), model: client, env: {} });
      const turn = await agent.turn('Hi').catch((e: unknown) => e);
      expect(String(turn)).not.toContain('pw-31f9');
      expect(model.requests).toEqual([]);
    } finally {
      await model.close();
    }
  });
});
