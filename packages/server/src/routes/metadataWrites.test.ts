import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFunctionData, validateFlow, type FlowDocument, type FunctionType, type JsonObject } from '@flow/core';
import { sampleFlow, snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';

/** Metadata `flowctl validate` refuses, by its type's definition: a finding each (issue 34, finding 12). */
const BAD_METADATA: { type: FunctionType; metadata: JsonObject; key: string; message: string }[] = [
  {
    type: 'http_calls',
    metadata: { apicalls: [{ method: 0 }] },
    key: 'apicalls[0].method',
    message: 'Method: "0" is not one of the options',
  },
  { type: 'setup_reminder', metadata: { reminder_type: '' }, key: 'reminder_type', message: 'Reminder Type: "" is not one of the options' },
  {
    type: 'generate_gui',
    metadata: { data: { view_mode: {} } },
    key: 'data.view_mode',
    message: 'View Mode: "{}" is not one of the options',
  },
];

/** sampleFlow's flow with fn-1 of the given type and metadata. */
function flowWith(type: FunctionType, metadata: JsonObject): FlowDocument {
  const doc = sampleFlow('bad', 'production', 2);
  const nodes = doc.nodes.map((node) =>
    node.type === 'function' && node.id === 'fn-1' ? { ...node, data: { ...node.data, type, metadata } } : node,
  );
  return { ...doc, nodes };
}

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** The 422 of a refused write: its findings, after checking the code and that nothing was stored. */
async function refused(res: Response, before: Map<string, string>): Promise<unknown[]> {
  expect(res.status).toBe(422);
  const body: { error: { code: string; message: string; findings: unknown[] } } = await res.json();
  expect(body.error.code).toBe('INVALID_FLOW');
  expect(await snapshotFolder(server.dir)).toEqual(before);
  return body.error.findings;
}

describe('every flow write checks metadata by its type, as validate does', () => {
  it.each(BAD_METADATA)('refuses $type with $key as validate does, on PUT and publish', async ({ type, metadata, key, message }) => {
    const doc = flowWith(type, { ...createFunctionData(type, { uuid: 'x', planId: 'p' }).metadata, ...metadata });
    const finding = { code: 'not-an-option', severity: 'error', path: `$.nodes[1].data.metadata.${key}`, message };
    expect(validateFlow(doc)).toContainEqual(finding);
    const before = await snapshotFolder(server.dir);
    for (const path of ['/api/flows/bad/production', '/api/flows/bad/production/publish']) {
      const res = await server.call(path.endsWith('publish') ? 'POST' : 'PUT', path, { json: doc });
      expect(await refused(res, before)).toContainEqual(finding);
    }
  });

  it.each(BAD_METADATA)('refuses $type with $key on setup-function and update-functions', async ({ type, metadata, key, message }) => {
    const before = await snapshotFolder(server.dir);
    const fn = { uuid: 'new-fn', name: 'New', type, metadata };
    const finding = {
      code: 'not-an-option',
      severity: 'error',
      path: expect.stringMatching(new RegExp(`^\\$\\.nodes\\[\\d+\\]\\.data\\.metadata\\.${key.replace(/[.[\]]/g, '\\$&')}$`)),
      message,
    };
    const setup = await server.call('POST', '/api/mate/support-desk/production/setup-function', { json: { function: fn } });
    expect(await refused(setup, before)).toContainEqual(finding);
    const update = await server.call('POST', '/api/mate/support-desk/production/update-functions', { json: { functions: [fn] } });
    expect(await refused(update, before)).toContainEqual(finding);
    // An existing function's metadata is replaced whole by update-functions: checked the same way.
    const existing = { uuid: 'support-explain-status', type, metadata };
    const replace = await server.call('POST', '/api/mate/support-desk/production/update-functions', { json: { functions: [existing] } });
    expect(await refused(replace, before)).toContainEqual(finding);
  });

  it('refuses metadata that the body nests within 64 levels but the flow nests deeper (too-deep)', async () => {
    const before = await snapshotFolder(server.dir);
    let deep: JsonObject = {};
    // The body: { functions: [ { metadata: … } ] } puts metadata at level 4; in the flow it is at level 5.
    for (let depth = 4; depth < 64; depth++) deep = { a: deep };
    const res = await server.call('POST', '/api/mate/support-desk/production/update-functions', {
      json: { functions: [{ uuid: 'support-explain-status', metadata: deep }] },
    });
    const findings = await refused(res, before);
    expect(findings).toEqual([
      {
        code: 'too-deep',
        severity: 'error',
        path: expect.stringMatching(/^\$\.nodes\[\d+\]\.data\.metadata(\.a){60}$/),
        message: 'Nested deeper than 64 levels: a flow may not be (the provider refuses it too)',
      },
    ]);
  });

  it('refuses to roll back to a publish whose flow breaks a rule (recorded before the rule existed)', async () => {
    const stored = await server.call('GET', '/api/flows/support-desk/production');
    const etag = stored.headers.get('etag') ?? '';
    const published = await server.call('POST', '/api/flows/support-desk/production/publish', {
      json: await stored.json(),
      headers: { 'If-Match': etag },
    });
    const { id, publishedAt }: { id: string; publishedAt: string } = await published.json();
    const record = join(server.dir, 'support-desk', 'published', 'production', `${publishedAt.replace(/:/g, '-')}.json`);
    const text = await readFile(record, 'utf8');
    await writeFile(record, text.replace('"method":"GET"', '"method":0').replace('"method": "GET"', '"method": 0'));
    const before = await snapshotFolder(server.dir);
    const res = await server.call('POST', '/api/flows/support-desk/production/rollback', { json: { publishId: id } });
    expect(await refused(res, before)).toContainEqual({
      code: 'not-an-option',
      severity: 'error',
      path: expect.stringMatching(/^\$\.nodes\[\d+\]\.data\.metadata\.apicalls\[0\]\.method$/),
      message: 'Method: "0" is not one of the options',
    });
  });
});
