import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { ApiError } from './errors.js';
import { fakeProviders, rejectionOf, replyJson } from './fakeProvider.test-helper.js';
import type { Handler } from './fakeProvider.test-helper.js';
import { readFlowTests, type FlowTests } from './testCalls.js';

const providers = fakeProviders();
afterEach(() => providers.closeAll());

const tests: FlowTests = {
  flowtest: { flow: 'production.flow.json', tests: [{ name: 'Orders', turns: [{ user: 'Hi' }] }] },
  cassette: { format: 'flow-cassette/1', tests: {} },
};

async function clientFor(handler: Handler) {
  const provider = await providers.start(handler);
  return { client: createClient({ baseUrl: provider.baseUrl, token: 'tok-123', retries: 0 }), requests: provider.requests };
}

describe('createClient test calls', () => {
  it('getFlowTests GETs the tests with the bearer and returns them with their ETag', async () => {
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 200, tests, { ETag: '"t1"' }));
    await expect(client.getFlowTests('plan 1', 'v1')).resolves.toEqual({ tests, etag: '"t1"' });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/flows/plan%201/v1/tests' });
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-123');
    // The tests' ETag is not the flow's: the flow's known version stays unset.
    expect(client.versions.get('plan 1', 'v1')).toBeNull();
  });

  it('getFlowTests resolves to null for a version without tests, without a flow, or a provider without the endpoint', async () => {
    for (const [status, code] of [
      [404, 'TESTS_NOT_FOUND'],
      [404, 'FLOW_NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [405, 'METHOD_NOT_ALLOWED'],
    ] as const) {
      const { client } = await clientFor((_request, response) => replyJson(response, status, { error: { code, message: 'no' } }));
      expect(await client.getFlowTests('p', 'v')).toBeNull();
    }
  });

  it('putFlowTests sends the body with If-Match or If-None-Match: * and returns the new ETag; a 412 is an ApiError with its status', async () => {
    let status = 200;
    const { client, requests } = await clientFor((_request, response) =>
      status === 200
        ? replyJson(response, 200, { etag: '"t2"' }, { ETag: '"t2"' })
        : replyJson(response, 412, { error: { code: 'PRECONDITION_FAILED', message: 'stale' } }),
    );
    await expect(client.putFlowTests('p', 'v', tests, { ifMatch: '"t1"' })).resolves.toEqual({ etag: '"t2"' });
    await client.putFlowTests('p', 'v', tests, { create: true });
    expect(requests.map((r) => [r.method, r.url, r.headers['if-match'], r.headers['if-none-match']])).toEqual([
      ['PUT', '/api/flows/p/v/tests', '"t1"', undefined],
      ['PUT', '/api/flows/p/v/tests', undefined, '*'],
    ]);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual(tests);
    status = 412;
    const error = await rejectionOf(client.putFlowTests('p', 'v', tests, { ifMatch: '"t1"' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 412, message: 'Failed to save tests: stale' });
  });

  it('putFlowTests resolves to null from a provider without the endpoint, and a 404 FLOW_NOT_FOUND is an error', async () => {
    let code = 'NOT_FOUND';
    const { client } = await clientFor((_request, response) =>
      replyJson(response, 404, { error: { code, message: 'Plan not found: p/v' } }),
    );
    expect(await client.putFlowTests('p', 'v', tests, { create: true })).toBeNull();
    code = 'FLOW_NOT_FOUND';
    expect(await rejectionOf(client.putFlowTests('p', 'v', tests, { create: true }))).toMatchObject({ status: 404 });
  });
});

describe('readFlowTests', () => {
  it('accepts a flowtest with flow and tests and a null or flow-cassette/1 cassette, and names what is wrong otherwise', () => {
    expect(readFlowTests(tests)).toEqual({ ok: true, tests });
    expect(readFlowTests({ ...tests, cassette: null })).toEqual({ ok: true, tests: { ...tests, cassette: null } });
    expect(readFlowTests({ flowtest: { flow: 1, tests: [] }, cassette: null })).toMatchObject({ ok: false });
    expect(readFlowTests({ ...tests, cassette: { format: 'x' } })).toEqual({
      ok: false,
      problem: '"cassette" must be null or a cassette: an object with "format": "flow-cassette/1"',
    });
  });
});
