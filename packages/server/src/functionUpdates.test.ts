import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addNode,
  createFunctionData,
  maxChain,
  parseFlow,
  serializeFlow,
  validateFlow,
  type FlowDocument,
  type FunctionNodeData,
  type FunctionType,
} from '@flow/core';
import { jsonOf, snapshotFolder, startTestServer, type TestServer } from './testServer.test-helper.js';

const UPDATE = '/api/mate/support-desk/production/update-functions';

async function storedText(server: TestServer, planId = 'support-desk'): Promise<string> {
  return readFile(join(server.dir, planId, 'production.flow.json'), 'utf8');
}

async function storedDoc(server: TestServer, planId = 'support-desk'): Promise<FlowDocument> {
  const parsed = parseFlow(await storedText(server, planId));
  if (!parsed.ok) throw new Error('stored flow does not parse');
  return parsed.doc;
}

/** New functions as a client sends them: uuid, name, description and a type (every third one left out). */
function newFunctions(count: number): { uuid: string; name: string; description: string; type?: FunctionType }[] {
  return Array.from({ length: count }, (_, i) => {
    const fn = { uuid: `bulk-${i}`, name: `Bulk ${i}`, description: `Added as number ${i}` };
    return i % 3 === 2 ? fn : { ...fn, type: i % 3 === 0 ? 'instruct' : 'custom_gpt' };
  });
}

/** The flow update-functions gave before it placed new functions in one pass: one addNode per function. */
function addedOneByOne(doc: FlowDocument, inputs: ReturnType<typeof newFunctions>, now: string): FlowDocument {
  let placed = doc;
  for (const input of inputs) {
    const data: FunctionNodeData = {
      ...createFunctionData(input.type ?? 'instruct', { uuid: input.uuid, planId: doc.planId }, now),
      ...input,
    };
    placed = addNode(
      placed,
      { type: 'function', data },
      { currentChain: String(maxChain(placed.nodes)), newChain: true, id: input.uuid },
    ).doc;
  }
  return placed;
}

describe('update-functions with many new functions', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('stores exactly the file that adding each new function with addNode gave', async () => {
    const before = await storedDoc(server);
    const inputs = newFunctions(300);
    const res = await server.call('POST', UPDATE, { json: { functions: inputs } });
    expect(res.status).toBe(200);
    const now = (await storedDoc(server)).nodes.find((n) => n.id === 'bulk-0')?.data;
    if (now === undefined || !('updated_at' in now) || now.updated_at === undefined) throw new Error('bulk-0 was not added as a function');
    expect(await storedText(server)).toBe(serializeFlow(addedOneByOne(before, inputs, now.updated_at)));
  });

  it('adds 2,000 new functions as 2,000 new chains, each 400 px right of the last and linked to it', async () => {
    const before = await storedDoc(server);
    const highest = maxChain(before.nodes);
    const lastChain = before.nodes.filter((n) => n.chain === String(highest));
    const res = await server.call('POST', UPDATE, { json: { functions: newFunctions(2000) } });
    expect(res.status).toBe(200);
    const doc = await storedDoc(server);
    const byId = new Map(doc.nodes.map((n) => [n.id, n]));
    const first = lastChain.find((n) => !before.edges.some((e) => e.target === n.id && lastChain.some((m) => m.id === e.source)));
    if (!first) throw new Error('the last chain has no first node');
    for (let i = 0; i < 2000; i++) {
      expect(byId.get(`bulk-${i}`)).toMatchObject({
        chain: String(highest + 1 + i),
        position: { x: first.position.x + 400 * (i + 1), y: first.position.y },
      });
    }
    const bulkEdges = doc.edges.filter((e) => e.target.startsWith('bulk-'));
    expect(bulkEdges).toHaveLength(2000);
    expect(bulkEdges.every((e) => e.kind === 'chain')).toBe(true);
    expect(doc.edges.filter((e) => e.source.startsWith('bulk-') && e.target.startsWith('bulk-'))).toHaveLength(1999);
    expect(doc.startNodeId).toBe(before.startNodeId);
    expect(validateFlow(doc).filter((f) => f.severity === 'error')).toEqual([]);
    const body = await jsonOf(res);
    expect(body).toMatchObject({ result: expect.arrayContaining([expect.objectContaining({ uuid: 'bulk-1999', type: 'custom_gpt' })]) });
  });
});

describe('update-functions', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const LEAD = '/api/mate/lead-qualifier/production/update-functions';

  it('updates known functions field by field and adds the others as new chains, in one call', async () => {
    const before = await storedDoc(server, 'lead-qualifier');
    const route = before.nodes.find((n) => n.id === 'lead-route');
    if (route?.type !== 'function') throw new Error('lead-route is not a function');
    const functions = [
      { uuid: 'lead-route', name: 'Route by tier', metadata: { prompt: 'Only this' } },
      { uuid: 'new-gpt', type: 'custom_gpt', name: 'Summarise', metadata: { temperature: 0.1 } },
      { uuid: 'new-plain' },
      { uuid: 'new-plain', description: 'given twice, the last one counts' },
    ];
    const res = await server.call('POST', LEAD, { json: { functions } });
    expect(res.status).toBe(200);
    const doc = await storedDoc(server, 'lead-qualifier');
    const node = (id: string) => doc.nodes.find((n) => n.id === id);

    // A partial update: the given fields, metadata replaced whole, the rest (and the edges) kept.
    expect(node('lead-route')?.data).toEqual({
      ...route.data,
      name: 'Route by tier',
      metadata: { prompt: 'Only this' },
      updated_at: expect.any(String),
    });
    expect(node('lead-route')?.chain).toBe(route.chain);

    // New functions: chains 4 and 5 after the last chain, 400 px apart, type defaults under the given metadata.
    expect(node('new-gpt')).toMatchObject({ chain: '4', position: { x: 1250, y: 200 } });
    expect(node('new-gpt')?.data).toMatchObject({
      type: 'custom_gpt',
      name: 'Summarise',
      metadata: { temperature: 0.1, max_tokens: 1000 },
    });
    expect(node('new-plain')).toMatchObject({ chain: '5', position: { x: 1650, y: 200 } });
    expect(node('new-plain')?.data).toMatchObject({ type: 'instruct', name: 'Instruct', description: 'given twice, the last one counts' });
    expect(doc.nodes.filter((n) => n.id === 'new-plain')).toHaveLength(1);

    // Linked from the previous chain's last node by chain edges, post actions following the edges.
    expect(doc.edges.filter((e) => !before.edges.some((b) => b.id === e.id))).toEqual([
      { id: 'edge-lead-send-guide-to-new-gpt', source: 'lead-send-guide', target: 'new-gpt', kind: 'chain' },
      { id: 'edge-new-gpt-to-new-plain', source: 'new-gpt', target: 'new-plain', kind: 'chain' },
    ]);
    expect(node('lead-send-guide')?.data).toMatchObject({ post_action_type: 'function', post_action_function_id: 'new-gpt' });
    expect(validateFlow(doc).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('refuses the uuid of a node that is not a function, and data that does not fit the format, writing nothing', async () => {
    const files = await snapshotFolder(server.dir);
    const prompt = await server.call('POST', LEAD, { json: { functions: [{ uuid: 'new-one' }, { uuid: 'lead-welcome', name: 'x' }] } });
    expect(prompt.status).toBe(400);
    const shape = await server.call('POST', LEAD, { json: { functions: [{ uuid: 'new-one', active: 'yes' }] } });
    expect(shape.status).toBe(400);
    expect(await jsonOf(shape)).toMatchObject({
      error: { code: 'BAD_REQUEST', findings: [expect.objectContaining({ message: 'must be boolean' })] },
    });
    expect(await snapshotFolder(server.dir)).toEqual(files);
  });
});
