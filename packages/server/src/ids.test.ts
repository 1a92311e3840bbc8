import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFlow, snapshotFolder, startTestServer, type TestServer } from './testServer.test-helper.js';
import { isId, requireId } from './ids.js';

describe('isId', () => {
  it('refuses __proto__, constructor and prototype, and keeps ids that merely contain them', () => {
    for (const word of ['__proto__', 'constructor', 'prototype']) expect(isId(word)).toBe(false);
    for (const id of ['constructor-2', 'my-prototype', 'Constructor', 'support-desk']) expect(isId(id)).toBe(true);
    expect(() => requireId('constructor', 'planId')).toThrow('Invalid planId: __proto__, constructor and prototype are reserved words');
  });
});

describe('reserved words as ids over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const cases: { name: string; method: string; path: string; json?: unknown; field: string }[] = [
    { name: 'a plan id', method: 'GET', path: '/api/flows/constructor/production', field: 'planId' },
    {
      name: 'a version name',
      method: 'PUT',
      path: '/api/flows/support-desk/prototype',
      json: sampleFlow('support-desk', 'prototype', 1),
      field: 'versionName',
    },
    { name: 'a plan id of a mate call', method: 'GET', path: '/api/mate/prototype/production/functions', field: 'planId' },
    {
      name: 'a workflow id',
      method: 'POST',
      path: '/api/workflows/save',
      json: { name: 'x', id: 'constructor', plan_id: 'support-desk' },
      field: 'workflow id',
    },
    {
      name: 'the plan of a workflow',
      method: 'POST',
      path: '/api/workflows/save',
      json: { name: 'x', plan_id: 'prototype' },
      field: 'plan_id',
    },
    {
      name: 'a workflow of a session',
      method: 'POST',
      path: '/api/sessions/create-with-link',
      json: { workflowId: 'prototype', planId: 'support-desk' },
      field: 'workflowId',
    },
    { name: 'a session id', method: 'GET', path: '/hosted/session/support-desk/constructor', field: 'sessionId' },
    {
      name: 'a function uuid in setup-function',
      method: 'POST',
      path: '/api/mate/support-desk/production/setup-function',
      json: { function: { uuid: '__proto__', name: 'x' } },
      field: 'function.uuid',
    },
    {
      name: 'a function uuid in update-functions',
      method: 'POST',
      path: '/api/mate/support-desk/production/update-functions',
      json: { functions: [{ uuid: 'fine-one' }, { uuid: 'constructor' }] },
      field: 'functions[1].uuid',
    },
  ];

  it.each(cases)('refuses a reserved word as $name with 400 INVALID_ID, writing nothing', async ({ method, path, json, field }) => {
    const before = await snapshotFolder(server.dir);
    const res = await server.call(method, path, json === undefined ? {} : { json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'INVALID_ID', message: `Invalid ${field}: __proto__, constructor and prototype are reserved words` },
    });
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });
});
