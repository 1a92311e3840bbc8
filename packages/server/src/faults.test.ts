import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeFlow } from '@flow/core';
import { BODY_LIMITS } from './http/body.js';
import { rawRequest, sampleFlow, snapshotFolder, startTestServer, type TestServer } from './testServer.test-helper.js';

const TOKEN = 'fault-token';
const auth = { Authorization: `Bearer ${TOKEN}` };
const json = { 'Content-Type': 'application/json', ...auth };

describe('concurrent writes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ token: TOKEN });
  });
  afterAll(async () => {
    await server.close();
  });

  it('100 concurrent PUTs of different documents leave a file that parses and equals one of them', async () => {
    const created = await server.call('PUT', '/api/flows/race/production', {
      json: sampleFlow('race', 'production', 1, 'First'),
      headers: { ...auth, 'If-None-Match': '*' },
    });
    expect(created.status).toBe(200);
    const docs = Array.from({ length: 100 }, (_, i) => sampleFlow('race', 'production', 1 + (i % 7), `Writer ${i}`));
    // If-Match: * states "replace whatever is there", so every one of them is written in turn.
    const headers = { ...auth, 'If-Match': '*' };
    const answers = await Promise.all(docs.map((doc) => server.call('PUT', '/api/flows/race/production', { json: doc, headers })));
    expect(answers.map((r) => r.status)).toEqual(docs.map(() => 200));
    const stored = await readFile(join(server.dir, 'race', 'production.flow.json'), 'utf8');
    expect(docs.map((doc) => serializeFlow(doc))).toContain(stored);
    const get = await server.call('GET', '/api/flows/race/production', { headers: auth });
    expect(await get.text()).toBe(stored);
  });

  it('concurrent PUTs with the same If-Match: exactly one wins, the others get 412', async () => {
    const first = await server.call('PUT', '/api/flows/guarded/production', {
      json: sampleFlow('guarded', 'production', 1, 'First'),
      headers: { ...auth, 'If-None-Match': '*' },
    });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    const docs = Array.from({ length: 20 }, (_, i) => sampleFlow('guarded', 'production', 2, `Guarded ${i}`));
    const answers = await Promise.all(
      docs.map((doc) => server.call('PUT', '/api/flows/guarded/production', { json: doc, headers: { ...auth, 'If-Match': etag } })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(19);
  });
});

describe('bad input', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ token: TOKEN });
  });
  afterAll(async () => {
    await server.close();
  });

  const valid = JSON.stringify(sampleFlow('support-desk', 'production', 2));
  const cases: { name: string; method: string; path: string; body?: string; headers?: Record<string, string>; status: number }[] = [
    {
      name: 'malformed JSON',
      method: 'PUT',
      path: '/api/flows/support-desk/production',
      body: '{"format": "flow/1",',
      headers: json,
      status: 400,
    },
    { name: 'empty body', method: 'POST', path: '/api/workflows/save', body: '', headers: json, status: 400 },
    {
      name: 'not declared as JSON',
      method: 'POST',
      path: '/api/workflows/save',
      body: '{"name":"x"}',
      headers: { ...auth, 'Content-Type': 'text/plain' },
      status: 415,
    },
    {
      name: 'oversize flow',
      method: 'PUT',
      path: '/api/flows/support-desk/production',
      body: `{"x":"${'a'.repeat(BODY_LIMITS.flow)}"}`,
      headers: json,
      status: 413,
    },
    {
      name: 'oversize workflow',
      method: 'POST',
      path: '/api/workflows/save',
      body: `{"name":"${'a'.repeat(BODY_LIMITS.default)}"}`,
      headers: json,
      status: 413,
    },
    {
      name: 'a flow of the wrong shape',
      method: 'PUT',
      path: '/api/flows/support-desk/production',
      body: '{"format":"flow/1","nodes":"many"}',
      headers: json,
      status: 422,
    },
    {
      name: 'an array for an object',
      method: 'POST',
      path: '/api/mate/support-desk/production/update-functions',
      body: '[1,2]',
      headers: json,
      status: 400,
    },
    {
      name: 'a number for a prompt',
      method: 'POST',
      path: '/api/mate/support-desk/production/system-prompt-custom',
      body: '{"system_message_custom":42}',
      headers: json,
      status: 400,
    },
    {
      name: 'a function without uuid',
      method: 'POST',
      path: '/api/mate/support-desk/production/setup-function',
      body: '{"function":{"uuid":7}}',
      headers: json,
      status: 400,
    },
    {
      name: 'a session without ids',
      method: 'POST',
      path: '/api/sessions/create-with-link',
      body: '{"workflowId":""}',
      headers: json,
      status: 400,
    },
    { name: '.. as plan id', method: 'PUT', path: '/api/flows/../production', body: valid, headers: json, status: 400 },
    { name: 'encoded .. as plan id', method: 'PUT', path: '/api/flows/%2e%2e/production', body: valid, headers: json, status: 400 },
    {
      name: 'encoded ../.. as version',
      method: 'PUT',
      path: '/api/flows/support-desk/..%2F..%2Fescape',
      body: valid,
      headers: json,
      status: 400,
    },
    { name: 'encoded slash in plan id', method: 'GET', path: '/api/mate/a%2Fb/production/functions', headers: auth, status: 400 },
    { name: 'a NUL byte in an id', method: 'GET', path: '/api/mate/a%00/production/functions', headers: auth, status: 400 },
    {
      name: 'a dot-leading id',
      method: 'POST',
      path: '/api/mate/.hidden/production/system-prompt-custom',
      body: '{"system_message_custom":"x"}',
      headers: json,
      status: 400,
    },
    { name: 'an id too long', method: 'GET', path: `/api/flows/${'a'.repeat(65)}/production`, headers: auth, status: 400 },
    { name: 'malformed percent-encoding', method: 'GET', path: '/api/flows/%E0%A4%A/production', headers: auth, status: 400 },
    {
      name: 'traversal in a workflow plan',
      method: 'POST',
      path: '/api/workflows/save',
      body: '{"name":"x","plan_id":"../../etc"}',
      headers: json,
      status: 400,
    },
    {
      name: 'traversal in a workflow id',
      method: 'POST',
      path: '/api/workflows/save',
      body: '{"name":"x","id":"..\\\\x"}',
      headers: json,
      status: 400,
    },
    {
      name: 'traversal in a session',
      method: 'POST',
      path: '/api/sessions/create-with-link',
      body: '{"workflowId":"../x","planId":"support-desk"}',
      headers: json,
      status: 400,
    },
    { name: 'traversal in a workflow list', method: 'GET', path: '/api/workflows/plans/%2e%2e', headers: auth, status: 400 },
    {
      name: 'a missing token',
      method: 'PUT',
      path: '/api/flows/support-desk/production',
      body: valid,
      headers: { 'Content-Type': 'application/json' },
      status: 401,
    },
    {
      name: 'a wrong token',
      method: 'PUT',
      path: '/api/flows/support-desk/production',
      body: valid,
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer nope' },
      status: 401,
    },
    { name: 'an unknown route', method: 'GET', path: '/api/mate/support-desk/production/nothing', headers: auth, status: 404 },
    { name: 'a wrong method', method: 'DELETE', path: '/api/flows/support-desk/production', headers: auth, status: 405 },
  ];

  it.each(cases)('$name gets $status as a JSON error and changes nothing on disk', async ({ method, path, body, headers, status }) => {
    const before = await snapshotFolder(server.dir);
    const res = await rawRequest(server.url, method, path, { ...(body === undefined ? {} : { body }), headers: headers ?? {} });
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const error: { error: { code: string; message: string } } = JSON.parse(res.text);
    expect(error.error.code).toMatch(/^[A-Z_]+$/);
    expect(error.error.message).not.toBe('');
    expect(res.text).not.toContain(TOKEN);
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('keeps answering after all of that', async () => {
    expect((await server.call('GET', '/api/plans', { headers: auth })).status).toBe(200);
  });
});
