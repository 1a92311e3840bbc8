import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createFunctionData, flowFunctions, parseFlow, validateFlow, type FunctionNodeData } from '@flow/core';
import { readFile } from 'node:fs/promises';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

async function storedDoc(server: TestServer, planId: string, versionName = 'production') {
  const parsed = parseFlow(await readFile(join(server.dir, planId, `${versionName}.flow.json`), 'utf8'));
  if (!parsed.ok) throw new Error('stored flow does not parse');
  return parsed.doc;
}

describe('mate calls', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('GET …/functions answers { result } with the function nodes in walk order', async () => {
    const res = await server.call('GET', '/api/mate/support-desk/production/functions');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body: { result: FunctionNodeData[] } = await res.json();
    expect(body.result).toEqual(flowFunctions(await storedDoc(server, 'support-desk')));
    expect(body.result.length).toBeGreaterThan(0);
  });

  it('GET …/functions and …/system-prompt of a version never written answer 404 FLOW_NOT_FOUND', async () => {
    for (const call of ['functions', 'system-prompt']) {
      const res = await server.call('GET', `/api/mate/nobody/production/${call}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'FLOW_NOT_FOUND', message: 'Plan not found: nobody/production' } });
    }
  });

  it('POST …/setup-function updates the function with the same uuid, keeping the edges', async () => {
    const [first] = flowFunctions(await storedDoc(server, 'support-desk'));
    if (!first) throw new Error('no function');
    const res = await server.call('POST', '/api/mate/support-desk/production/setup-function', {
      json: { plan_id: 'support-desk', version_name: 'production', function: { uuid: first.uuid, name: 'Renamed', active: false } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: { uuid: first.uuid, name: 'Renamed', active: false, type: first.type } });
    const doc = await storedDoc(server, 'support-desk');
    const node = doc.nodes.find((n) => n.id === first.uuid);
    expect(node?.data).toMatchObject({ name: 'Renamed', post_action_function_id: first.post_action_function_id });
    expect(validateFlow(doc).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('POST …/setup-function adds an unknown function as a new chain', async () => {
    const before = await storedDoc(server, 'support-desk');
    const fn = createFunctionData('custom_gpt', { uuid: 'brand-new', planId: 'support-desk', name: 'Summarise' });
    const res = await server.call('POST', '/api/mate/support-desk/production/setup-function', {
      json: { plan_id: 'support-desk', version_name: 'production', function: fn },
    });
    expect(res.status).toBe(200);
    const doc = await storedDoc(server, 'support-desk');
    const added = doc.nodes.find((n) => n.id === 'brand-new');
    const chains = new Set(before.nodes.map((n) => n.chain));
    expect(added?.chain).toBe(String(chains.size + 1));
    expect(validateFlow(doc).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('POST …/setup-function refuses a function without uuid and a plan other than the path', async () => {
    const noUuid = await server.call('POST', '/api/mate/support-desk/production/setup-function', { json: { function: { name: 'x' } } });
    expect(noUuid.status).toBe(400);
    const otherPlan = await server.call('POST', '/api/mate/support-desk/production/setup-function', {
      json: { plan_id: 'lead-qualifier', function: { uuid: 'a' } },
    });
    expect(otherPlan.status).toBe(400);
  });

  it('POST …/update-functions updates known uuids and adds the others, answering the functions', async () => {
    const functions = flowFunctions(await storedDoc(server, 'lead-qualifier'));
    const changed = functions.map((fn) => ({ ...fn, description: `new ${fn.name}` }));
    const extra = createFunctionData('instruct', { uuid: 'extra-fn', planId: 'lead-qualifier' });
    const res = await server.call('POST', '/api/mate/lead-qualifier/production/update-functions', {
      json: { functions: [...changed, extra] },
    });
    expect(res.status).toBe(200);
    const body: { result: FunctionNodeData[] } = await res.json();
    expect(body.result).toHaveLength(functions.length + 1);
    expect(body.result.filter((fn) => fn.description?.startsWith('new '))).toHaveLength(functions.length);
    const bad = await server.call('POST', '/api/mate/lead-qualifier/production/update-functions', { json: { functions: 'all' } });
    expect(bad.status).toBe(400);
  });

  it('GET …/system-prompt answers the stored prompt, context and notes', async () => {
    const doc = await storedDoc(server, 'support-desk');
    const res = await server.call('GET', '/api/mate/support-desk/production/system-prompt');
    expect(await res.json()).toEqual({
      result: { system_message: doc.systemPrompt, system_message_prefix: doc.agentContext, system_message_suffix: doc.agentNotes },
    });
  });

  it('POST …/system-prompt-custom stores the texts and records a publish with its time', async () => {
    const res = await server.call('POST', '/api/mate/support-desk/production/system-prompt-custom', {
      json: { system_message_custom: 'Be Sam.', system_message_prefix: 'Prefix', system_message_suffix: 'Suffix' },
    });
    expect(res.status).toBe(200);
    const body: { result: { publishedAt: string } } = await res.json();
    expect(Number.isNaN(Date.parse(body.result.publishedAt))).toBe(false);
    const doc = await storedDoc(server, 'support-desk');
    expect(doc).toMatchObject({ systemPrompt: 'Be Sam.', agentContext: 'Prefix', agentNotes: 'Suffix' });
    const published = await readdir(join(server.dir, 'support-desk', 'published', 'production'));
    expect(published).toEqual([`${body.result.publishedAt.replace(/:/g, '-')}.json`]);
    const wrong = await server.call('POST', '/api/mate/support-desk/production/system-prompt-custom', {
      json: { system_message_custom: 3 },
    });
    expect(wrong.status).toBe(400);
  });
});

describe('the API client against the mate calls', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ token: 'secret-token' });
  });
  afterEach(async () => {
    await server.close();
  });

  it('fetches functions and the system prompt, saves functions and publishes', async () => {
    const client = createClient({ baseUrl: server.url, token: 'secret-token' });
    const functions = await client.getFunctions('support-desk', 'production');
    expect(functions.length).toBeGreaterThan(0);
    const [first] = functions;
    if (!first) throw new Error('no function');
    expect(await client.setupFunction('support-desk', 'production', { ...first, name: 'Via client' })).toMatchObject({
      name: 'Via client',
    });
    const result = await client.updateFunctions('support-desk', 'production', functions);
    expect(Array.isArray(result)).toBe(true);
    await client.updateCustomSystemPrompt('support-desk', 'production', {
      system_message_custom: 'Published',
      system_message_prefix: 'P',
      system_message_suffix: 'S',
    });
    expect(await client.getSystemPrompt('support-desk', 'production')).toEqual({
      system_message: 'Published',
      system_message_prefix: 'P',
      system_message_suffix: 'S',
    });
  });
});
