import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, sampleFlow, type TestServer } from '../testServer.test-helper.js';
import { flowTestsSuite, testsBody } from './flowTests.test-helper.js';

flowTestsSuite('folder store', (options) => startTestServer(options));

describe('tests in the folder store', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  async function withFlow(): Promise<string> {
    server = await startTestServer({ seedDir: null });
    await server.call('PUT', '/api/flows/shop/production', {
      json: sampleFlow('shop', 'production', 1),
      headers: { 'If-None-Match': '*' },
    });
    return join(server.dir, 'shop');
  }
  const read = (path: string): Promise<string | null> => readFile(path, 'utf8').catch(() => null);

  it('writes <version>.flowtest.json and <version>.cassette.json beside the flow, and removes the cassette when it becomes null', async () => {
    const plan = await withFlow();
    const body = testsBody();
    const created = await server.call('PUT', '/api/flows/shop/production/tests', { json: body, headers: { 'If-None-Match': '*' } });
    expect(created.status).toBe(200);
    expect(await read(join(plan, 'production.flowtest.json'))).toBe(
      `${JSON.stringify({ ...body.flowtest, flow: 'production.flow.json' }, null, 2)}\n`,
    );
    expect(await read(join(plan, 'production.cassette.json'))).toBe(`${JSON.stringify(body.cassette, null, 2)}\n`);
    const etag = created.headers.get('etag') ?? '';
    const cleared = await server.call('PUT', '/api/flows/shop/production/tests', {
      json: { ...body, cassette: null },
      headers: { 'If-Match': etag },
    });
    expect(cleared.status).toBe(200);
    expect(await read(join(plan, 'production.cassette.json'))).toBeNull();
    // Atomic writes leave no temp file or journal behind.
    expect((await readdir(plan)).sort()).toEqual(['production.flow.json', 'production.flowtest.json']);
  });

  it('answers 422 STORED_TESTS_INVALID for a hand-edited file that is not tests, and a write with its ETag replaces it', async () => {
    const plan = await withFlow();
    await writeFile(join(plan, 'production.flowtest.json'), '{ "flow": "production.flow.json" ');
    const res = await server.call('GET', '/api/flows/shop/production/tests');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: 'STORED_TESTS_INVALID', message: 'The stored tests are not valid tests: fix or replace them' },
    });
    const stale = await server.call('PUT', '/api/flows/shop/production/tests', { json: testsBody(), headers: { 'If-Match': '"old"' } });
    const current = stale.headers.get('etag') ?? '';
    expect(stale.status).toBe(412);
    expect(
      (await server.call('PUT', '/api/flows/shop/production/tests', { json: testsBody(), headers: { 'If-Match': current } })).status,
    ).toBe(200);
    expect((await server.call('GET', '/api/flows/shop/production/tests')).status).toBe(200);
  });
});
