// GET/PUT /api/flows/{plan}/{version}/tests as every store serves them: flowTests.test.ts runs it on
// the folder store, pg/pgFlowTests.test.ts on PostgreSQL.
import type { FlowTests } from '@flow/core';
import { BODY_LIMITS } from '../http/body.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../server.js';
import { sampleFlow, type TestServer } from '../testServer.test-helper.js';

/** Starts a provider on a fresh, empty store (a test server, stopped by the suite). */
export type StartProvider = (options: Omit<ServerOptions, 'dir' | 'port'>) => Promise<TestServer>;

const TOKEN = 'editor-token-0123456789';
const PATH = '/api/flows/shop/production/tests';

/** A test document and its cassette, as flowctl keeps them in files. */
export const testsBody = (name = 'Order status', flow = 'elsewhere/shop.flow.json'): FlowTests => ({
  flowtest: { flow, tests: [{ name, turns: [{ user: 'Where is order 42?', expect: { reply: { contains: 'shipped' } } }] }] },
  cassette: { format: 'flow-cassette/1', tests: { [name]: { model: [{ content: 'It shipped.' }], tools: [] } } },
});

/** The body as the provider keeps it: the flowtest names the flow file beside it. */
const kept = (body: FlowTests): FlowTests => ({ ...body, flowtest: { ...body.flowtest, flow: 'production.flow.json' } });

export function flowTestsSuite(name: string, start: StartProvider): void {
  describe(`GET/PUT /api/flows/{plan}/{version}/tests (${name})`, () => {
    let server: TestServer;
    afterEach(async () => {
      await server.close();
    });

    async function withFlow(options: Omit<ServerOptions, 'dir' | 'port'> = {}, headers: Record<string, string> = {}): Promise<void> {
      server = await start({ seedDir: null, ...options });
      const created = await server.call('PUT', '/api/flows/shop/production', {
        json: sampleFlow('shop', 'production', 1),
        headers: { 'If-None-Match': '*', ...headers },
      });
      expect(created.status).toBe(200);
    }
    const put = (body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
      server.call('PUT', PATH, { json: body, headers });

    it('answers 404 TESTS_NOT_FOUND for a version without tests, and FLOW_NOT_FOUND for one without a flow', async () => {
      await withFlow();
      const none = await server.call('GET', PATH);
      expect(none.status).toBe(404);
      expect(await none.json()).toEqual({ error: { code: 'TESTS_NOT_FOUND', message: 'shop/production has no tests' } });
      const noFlow = await server.call('GET', '/api/flows/shop/staging/tests');
      expect(await noFlow.json()).toEqual({ error: { code: 'FLOW_NOT_FOUND', message: 'Plan not found: shop/staging' } });
      const refused = await server.call('PUT', '/api/flows/shop/staging/tests', { json: testsBody(), headers: { 'If-None-Match': '*' } });
      expect(refused.status).toBe(404);
      expect((await server.call('GET', '/api/flows/shop/staging/tests')).status).toBe(404);
      // Open mode too: an agent key opens no provider route.
      const agent = await server.call('GET', PATH, { headers: { Authorization: 'Bearer flow_sk_made-up' } });
      expect(agent.status).toBe(401);
    });

    it('creates with If-None-Match: *, and the GET gives them back (naming the flow file beside them) with the ETag the PUT answered', async () => {
      await withFlow();
      const created = await put(testsBody(), { 'If-None-Match': '*' });
      expect(created.status).toBe(200);
      const etag = created.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(await created.json()).toEqual({ etag });
      const read = await server.call('GET', PATH);
      expect(read.status).toBe(200);
      expect(read.headers.get('etag')).toBe(etag);
      expect(await read.json()).toEqual(kept(testsBody()));
      // The flow's own ETag is not the tests': each has its own version.
      expect((await server.call('GET', '/api/flows/shop/production')).headers.get('etag')).not.toBe(etag);
    });

    it('replaces with If-Match of the current ETag, round after round, and keeps a null cassette', async () => {
      await withFlow();
      let etag = (await put(testsBody(), { 'If-None-Match': '*' })).headers.get('etag') ?? '';
      for (const [i, cassette] of [null, testsBody('Again').cassette].entries()) {
        const body = { ...testsBody(`Round ${i}`), cassette };
        const res = await put(body, { 'If-Match': etag });
        expect(res.status).toBe(200);
        const next = res.headers.get('etag') ?? '';
        expect(next).not.toBe(etag);
        const read = await server.call('GET', PATH);
        expect(read.headers.get('etag')).toBe(next);
        expect(await read.json()).toEqual(kept(body));
        etag = next;
      }
    });

    it('refuses a stale If-Match with 412 and the current ETag, an existing write without one with 428, If-None-Match: * over them with 412', async () => {
      await withFlow();
      const old = (await put(testsBody(), { 'If-None-Match': '*' })).headers.get('etag') ?? '';
      const current = (await put(testsBody('Second'), { 'If-Match': old })).headers.get('etag') ?? '';
      const stale = await put(testsBody('Third'), { 'If-Match': old });
      expect(stale.status).toBe(412);
      expect(stale.headers.get('etag')).toBe(current);
      expect(await stale.json()).toEqual({
        error: { code: 'PRECONDITION_FAILED', message: 'The flow was changed since it was loaded: reload it before saving' },
      });
      expect((await put(testsBody('Third'))).status).toBe(428);
      expect((await put(testsBody('Third'), { 'If-None-Match': '*' })).status).toBe(412);
      expect((await put(testsBody('Third'), { 'If-Match': `W/${current}` })).status).toBe(400);
      expect(await (await server.call('GET', PATH)).json()).toEqual(kept(testsBody('Second')));
    });

    it('refuses If-Match on a version without tests with 412, creating nothing', async () => {
      await withFlow();
      const res = await put(testsBody(), { 'If-Match': '"some-tag"' });
      expect(res.status).toBe(412);
      expect((await server.call('GET', PATH)).status).toBe(404);
    });

    it.each([
      ['a list', [], 'Body must be { "flowtest": <a *.flowtest.json document>, "cassette": <a flow-cassette/1 document> | null }'],
      [
        'a flowtest without tests',
        { flowtest: { flow: 'a.flow.json' }, cassette: null },
        '"flowtest" must be a *.flowtest.json document: an object with "flow" (the flow file\'s name) and a "tests" list',
      ],
      [
        'a flowtest without flow',
        { flowtest: { tests: [] }, cassette: null },
        '"flowtest" must be a *.flowtest.json document: an object with "flow" (the flow file\'s name) and a "tests" list',
      ],
      [
        'a cassette of another format',
        { flowtest: { flow: 'a.flow.json', tests: [] }, cassette: { format: 'vcr/2' } },
        '"cassette" must be null or a cassette: an object with "format": "flow-cassette/1"',
      ],
      [
        'a missing cassette',
        { flowtest: { flow: 'a.flow.json', tests: [] } },
        '"cassette" must be null or a cassette: an object with "format": "flow-cassette/1"',
      ],
      [
        'another key',
        { flowtest: { flow: 'a.flow.json', tests: [] }, cassette: null, results: [] },
        'Unknown key "results": the body holds only "flowtest" and "cassette"',
      ],
    ])('refuses %s with 400 BAD_REQUEST, storing nothing', async (_what, body, message) => {
      await withFlow();
      const res = await put(body, { 'If-None-Match': '*' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'BAD_REQUEST', message } });
      expect((await server.call('GET', PATH)).status).toBe(404);
    });

    it('refuses a body over the flow limit with 413, and ids outside the pattern with 400 INVALID_ID', async () => {
      await withFlow();
      const big = await server.call('PUT', PATH, {
        body: 'x'.repeat(BODY_LIMITS.flow + 1),
        headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' },
      });
      expect(big.status).toBe(413);
      const badId = await server.call('GET', '/api/flows/shop/bad.name/tests');
      expect(badId.status).toBe(400);
      expect(await badId.json()).toMatchObject({ error: { code: 'INVALID_ID' } });
    });

    it('needs the editor token in token mode, and refuses an agent key in every mode', async () => {
      const auth = { Authorization: `Bearer ${TOKEN}` };
      await withFlow({ token: TOKEN }, auth);
      expect((await server.call('GET', PATH)).status).toBe(401);
      const anonymous = await put(testsBody(), { 'If-None-Match': '*' });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect((await put(testsBody(), { 'If-None-Match': '*', ...auth })).status).toBe(200);
      expect((await server.call('GET', PATH, { headers: auth })).status).toBe(200);
      for (const method of ['GET', 'PUT']) {
        const res = await server.call(method, PATH, {
          ...(method === 'PUT' ? { json: testsBody() } : {}),
          headers: { Authorization: 'Bearer flow_sk_made-up' },
        });
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ error: { code: 'AGENT_KEY_NOT_HERE' } });
      }
    });
  });
}
