import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, isApiError, type Workflow } from '@flow/core';
import { snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';

const draft = {
  name: 'Book a call',
  description: 'Two steps',
  plan_id: 'support-desk',
  json: { steps: [{ skill: 'form', name: 'Ask', config: { fields: ['email'] } }] },
};

describe('workflow calls', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('GET /api/workflows/plans/{planId} answers the saved workflows of the plan as an array', async () => {
    const res = await server.call('GET', '/api/workflows/plans/lead-qualifier');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const list: Workflow[] = await res.json();
    expect(list.length).toBeGreaterThan(0);
    for (const w of list)
      expect(w).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        plan_id: 'lead-qualifier',
        json: { steps: expect.any(Array) },
      });
    expect(await (await server.call('GET', '/api/workflows/plans/nobody')).json()).toEqual([]);
  });

  it('POST /api/workflows/save assigns an id and updated_at, stores the workflow and answers it', async () => {
    const res = await server.call('POST', '/api/workflows/save', { json: draft });
    expect(res.status).toBe(200);
    const saved: Workflow = await res.json();
    expect(saved).toMatchObject({ name: 'Book a call', plan_id: 'support-desk', json: draft.json });
    expect(saved.id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(0);
    expect(await readdir(join(server.dir, 'support-desk', 'workflows'))).toContain(`${saved.id}.json`);
    const again = await server.call('POST', '/api/workflows/save', { json: { ...saved, name: 'Renamed' } });
    expect(await again.json()).toMatchObject({ id: saved.id, name: 'Renamed' });
    const list: Workflow[] = await (await server.call('GET', '/api/workflows/plans/support-desk')).json();
    expect(list.map((w) => w.name)).toEqual(['Renamed']);
  });

  it("refuses a workflow without a name with 400 'Invalid workflow data', writing nothing", async () => {
    const before = await snapshotFolder(server.dir);
    for (const body of [
      { description: 'x' },
      { name: '' },
      null,
      [],
      { name: 'x', json: { steps: [{ skill: 1 }] } },
      { name: 'x', id: '../x' },
    ]) {
      const res = await server.call('POST', '/api/workflows/save', { json: body });
      expect(res.status).toBe(400);
      const error: { error: { message: string } } = await res.json();
      expect(error.error.message).toMatch(/^Invalid (workflow data|workflow id)/);
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('POST /api/sessions/create-with-link answers { sessionId, hostedLink } with a link to this server', async () => {
    const res = await server.call('POST', '/api/sessions/create-with-link', {
      json: { workflowId: 'wf-book-demo', planId: 'lead-qualifier' },
    });
    expect(res.status).toBe(200);
    const body: { sessionId: string; hostedLink: string } = await res.json();
    expect(body.hostedLink).toBe(`${server.url}/hosted/session/lead-qualifier/${body.sessionId}`);
    const page = await fetch(body.hostedLink);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Book a demo');
  });

  it("answers 400 'Workflow ID and Plan ID are required' and 404 for an unknown workflow", async () => {
    const missing = await server.call('POST', '/api/sessions/create-with-link', { json: { workflowId: 'wf-book-demo' } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Workflow ID and Plan ID are required' } });
    const unknown = await server.call('POST', '/api/sessions/create-with-link', { json: { workflowId: 'nope', planId: 'lead-qualifier' } });
    expect(unknown.status).toBe(404);
  });
});

describe('the API client against the workflow calls', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ token: 'plan-token' });
  });
  afterEach(async () => {
    await server.close();
  });

  it('lists, saves and opens a session with the token, as every call of a provider started with one', async () => {
    const client = createClient({ baseUrl: server.url, token: 'plan-token' });
    const saved = await client.saveWorkflow(draft);
    expect(saved.name).toBe('Book a call');
    const list = await client.getWorkflows('support-desk');
    expect(list.map((w) => w.id)).toContain(saved.id);
    const session = await client.createSession(saved.id, 'support-desk');
    expect(session.hostedLink).toContain(`/hosted/session/support-desk/${session.sessionId}`);
    const failure = await client.createSession('missing', 'support-desk').catch((e: unknown) => e);
    expect(isApiError(failure) && failure.status).toBe(404);
    expect(isApiError(failure) && failure.message).toBe('Failed to create session: Workflow not found');
    const anonymous = await createClient({ baseUrl: server.url, retries: 0 })
      .getWorkflows('support-desk')
      .catch((e: unknown) => e);
    expect(isApiError(anonymous) && anonymous.status).toBe(401);
  });
});
