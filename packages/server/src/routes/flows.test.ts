import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowConflictError, createClient, parseFlow, serializeFlow } from '@flow/core';
import { sampleFlow, snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';

describe('GET/PUT /api/flows/{planId}/{versionName}', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('serves a stored flow in canonical form with a quoted ETag of its bytes', async () => {
    const res = await server.call('GET', '/api/flows/support-desk/production');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const text = await res.text();
    const stored = await readFile(join(server.dir, 'support-desk', 'production.flow.json'), 'utf8');
    expect(text).toBe(stored);
    const parsed = parseFlow(text);
    expect(parsed.ok && parsed.doc.planId).toBe('support-desk');
  });

  it('answers 404 FLOW_NOT_FOUND for a version never written, and NOT_FOUND for a route that does not exist', async () => {
    const res = await server.call('GET', '/api/flows/new-plan/draft');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'FLOW_NOT_FOUND', message: 'Plan not found: new-plan/draft' } });
    const route = await server.call('GET', '/api/flows/new-plan/draft/nothing');
    expect(route.status).toBe(404);
    expect(await route.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers 304 to the ETag of a stored flow', async () => {
    const res = await server.call('GET', '/api/flows/support-desk/production');
    const again = await server.call('GET', '/api/flows/support-desk/production', {
      headers: { 'If-None-Match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('stores a PUT in canonical form and answers the new ETag, which the next GET sends', async () => {
    const doc = sampleFlow('new-plan', 'draft', 3);
    const res = await server.call('PUT', '/api/flows/new-plan/draft', { json: doc });
    expect(res.status).toBe(200);
    const body: { etag: string; findings: unknown[] } = await res.json();
    expect(res.headers.get('etag')).toBe(body.etag);
    const stored = await readFile(join(server.dir, 'new-plan', 'draft.flow.json'), 'utf8');
    expect(stored).toBe(serializeFlow(doc));
    const get = await server.call('GET', '/api/flows/new-plan/draft');
    expect(get.headers.get('etag')).toBe(body.etag);
  });

  it('refuses a PUT with a stale If-Match with 412 and the current ETag, changing nothing', async () => {
    const first = await server.call('GET', '/api/flows/support-desk/production');
    const etag = first.headers.get('etag') ?? '';
    const ok = await server.call('PUT', '/api/flows/support-desk/production', {
      json: sampleFlow('support-desk', 'production', 2, 'A'),
      headers: { 'If-Match': etag },
    });
    expect(ok.status).toBe(200);
    const before = await snapshotFolder(server.dir);
    const stale = await server.call('PUT', '/api/flows/support-desk/production', {
      json: sampleFlow('support-desk', 'production', 2, 'B'),
      headers: { 'If-Match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(ok.headers.get('etag'));
    expect(await stale.json()).toMatchObject({ error: { code: 'PRECONDITION_FAILED' } });
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('lets If-Match: * replace an existing flow, and refuses a write over it without a precondition (428)', async () => {
    const star = await server.call('PUT', '/api/flows/support-desk/production', {
      json: sampleFlow('support-desk', 'production', 1),
      headers: { 'If-Match': '*' },
    });
    expect(star.status).toBe(200);
    const before = await snapshotFolder(server.dir);
    const none = await server.call('PUT', '/api/flows/support-desk/production', { json: sampleFlow('support-desk', 'production', 2) });
    expect(none.status).toBe(428);
    expect(await none.json()).toEqual({
      error: {
        code: 'PRECONDITION_REQUIRED',
        message: 'This flow exists: send If-Match with its ETag to replace it, or If-None-Match: * to create a new one',
      },
    });
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('refuses a document naming another plan or version than its path with 400 PLAN_MISMATCH, and stores nothing', async () => {
    for (const json of [sampleFlow('other', 'staging', 1), sampleFlow('copy', 'production', 1)]) {
      const res = await server.call('PUT', '/api/flows/copy/staging', { json });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'PLAN_MISMATCH',
          message: `The body is the flow ${json.planId}/${json.versionName} but the URL names copy/staging: planId and versionName must match the URL`,
        },
      });
    }
    const publish = await server.call('POST', '/api/flows/copy/staging/publish', { json: sampleFlow('other', 'staging', 1) });
    expect(publish.status).toBe(400);
    expect((await server.call('GET', '/api/flows/copy/staging')).status).toBe(404);
    expect((await server.call('PUT', '/api/flows/copy/staging', { json: sampleFlow('copy', 'staging', 1) })).status).toBe(200);
  });

  it('accepts an empty flow (every node deleted) but refuses a broken one with 422 and findings', async () => {
    const empty = await server.call('PUT', '/api/flows/x/v', {
      json: { ...sampleFlow('x', 'v', 0), nodes: [], edges: [], startNodeId: '' },
    });
    expect(empty.status).toBe(200);
    const doc = sampleFlow('x', 'v', 2);
    const broken = { ...doc, edges: [...doc.edges, { id: 'edge-fn-1-to-fn-1', source: 'fn-1', target: 'fn-1', kind: 'node' }] };
    const res = await server.call('PUT', '/api/flows/x/v', { json: broken });
    expect(res.status).toBe(422);
    const body: { error: { code: string; findings: { message: string }[] } } = await res.json();
    expect(body.error.code).toBe('INVALID_FLOW');
    expect(body.error.findings.map((f) => f.message)).toContain('Error: Cannot connect a node to itself');
  });

  it('stores a flow with a node not linked yet (an edge just deleted in the editor) and returns the finding as a warning', async () => {
    const doc = sampleFlow('x', 'v', 2);
    const unlinked = {
      ...doc,
      edges: [],
      nodes: doc.nodes.map((n) =>
        n.type === 'function' ? { ...n, data: { ...n.data, post_action_type: 'none', post_action_function_id: '' } } : n,
      ),
    };
    const res = await server.call('PUT', '/api/flows/x/v', { json: unlinked });
    expect(res.status).toBe(200);
    const body: { findings: { message: string }[] } = await res.json();
    expect(body.findings.map((f) => f.message).some((m) => m.startsWith('Error: Disconnected @ : '))).toBe(true);
  });

  it('answers 422 STORED_FLOW_INVALID for a stored file that is not a flow', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(server.dir, 'support-desk', 'production.flow.json'), '{ "format": "flow/1", ');
    const res = await server.call('GET', '/api/flows/support-desk/production');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'STORED_FLOW_INVALID' } });
  });
});

describe('GET /api/plans', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('lists every plan of the data folder with its versions, sorted', async () => {
    await server.call('PUT', '/api/flows/support-desk/staging', { json: sampleFlow('support-desk', 'staging', 1) });
    const res = await server.call('GET', '/api/plans');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const plans: { planId: string; versions: string[] }[] = await res.json();
    expect(plans.map((p) => p.planId)).toEqual(['lead-qualifier', 'onboarding-coach', 'support-desk']);
    expect(plans.find((p) => p.planId === 'support-desk')?.versions).toEqual(['production', 'staging']);
  });

  it('says when each plan last changed and how many nodes its production version has', async () => {
    const before = Date.now();
    await server.call('PUT', '/api/flows/support-desk/staging', { json: sampleFlow('support-desk', 'staging', 1) });
    const plans: { planId: string; updatedAt: string | null; nodeCount: number | null }[] = await (
      await server.call('GET', '/api/plans')
    ).json();
    const desk = plans.find((p) => p.planId === 'support-desk');
    const production = await (await server.call('GET', '/api/flows/support-desk/production')).json();
    expect(desk?.nodeCount).toBe(production.nodes.length);
    // The staging write just now is the plan's last change.
    expect(Date.parse(desk?.updatedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('the API client against the flow calls', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ token: 'flow-test-token' });
  });
  afterEach(async () => {
    await server.close();
  });

  it('loads, saves with If-Match, gets a conflict on a stale save, and lists plans', async () => {
    const client = createClient({ baseUrl: server.url, token: 'flow-test-token' });
    const loaded = await client.getFlow('support-desk', 'production');
    expect(loaded?.doc.planId).toBe('support-desk');
    const etag = loaded?.etag ?? '';
    const saved = await client.putFlow('support-desk', 'production', sampleFlow('support-desk', 'production', 2));
    expect(saved.etag).not.toBe(etag);
    await expect(
      client.putFlow('support-desk', 'production', sampleFlow('support-desk', 'production', 3), { ifMatch: etag }),
    ).rejects.toBeInstanceOf(FlowConflictError);
    const plans = await client.listPlans();
    expect(plans.map((p) => p.planId)).toContain('support-desk');
  });
});

describe('a server with a small flow cache', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it('serves every plan correctly while its cache holds only some of them', async () => {
    // Each example is 14 to 18 KB: the cache holds one at a time.
    server = await startTestServer({ flowCacheBytes: 20_000 });
    const plans = ['support-desk', 'lead-qualifier', 'onboarding-coach'];
    for (let round = 0; round < 3; round++) {
      for (const planId of plans) {
        const res = await server.call('GET', `/api/flows/${planId}/production`);
        expect(await res.text()).toBe(await readFile(join(server.dir, planId, 'production.flow.json'), 'utf8'));
      }
    }
    const written = sampleFlow('support-desk', 'production', 4, 'Evicted');
    const etag = (await server.call('GET', '/api/flows/support-desk/production')).headers.get('etag') ?? '';
    expect((await server.call('PUT', '/api/flows/support-desk/production', { json: written, headers: { 'If-Match': etag } })).status).toBe(
      200,
    );
    for (const planId of plans.slice(1)) await server.call('GET', `/api/flows/${planId}/production`);
    expect(await (await server.call('GET', '/api/flows/support-desk/production')).text()).toBe(serializeFlow(written));
  });
});
