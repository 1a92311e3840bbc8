import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import type { Workflow } from '../format/types.js';
import type { FlowClient } from './client.js';
import { createClient } from './client.js';
import { fakeProviders, replyJson, spyFetch } from './fakeProvider.test-helper.js';
import type { FetchCall, RecordedRequest } from './fakeProvider.test-helper.js';

const providers = fakeProviders();
afterEach(() => providers.closeAll());

const workflow: Workflow = {
  id: 'w1',
  name: 'Onboard',
  description: 'Welcomes users',
  updated_at: '2024-05-01T10:00:00.000Z',
  plan_id: 'plan 1',
  json: { steps: [{ skill: 'send_email', name: 'Mail', config: { to: 'a@b.c' } }] },
  planner_response: null,
};

async function start(
  answer: (request: RecordedRequest) => [number, unknown],
): Promise<{ client: FlowClient; requests: RecordedRequest[]; calls: FetchCall[] }> {
  const provider = await providers.start((request, response) => replyJson(response, ...answer(request)));
  const spy = spyFetch();
  const client = createClient({ baseUrl: provider.baseUrl, token: 'tok', fetch: spy.fetch, retries: 0 });
  return { client, requests: provider.requests, calls: spy.calls };
}

/** The hosted-call rules: no cookies, no cache; the provider's bearer token, as every call. */
function expectHostedHeaders(request: RecordedRequest | undefined, call: FetchCall | undefined): void {
  expect(request?.headers.authorization).toBe('Bearer tok');
  expect(request?.headers['cache-control']).toBe('no-cache');
  expect(request?.headers.pragma).toBe('no-cache');
  expect(call?.init.credentials).toBe('omit');
}

describe('createClient workflow and session calls', () => {
  it("getWorkflows GETs the plan's workflows without cookies or cache", async () => {
    const { client, requests, calls } = await start(() => [200, [workflow]]);
    await expect(client.getWorkflows('plan 1')).resolves.toEqual([workflow]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/workflows/plans/plan%201', body: '' });
    expectHostedHeaders(requests[0], calls[0]);
  });

  it('getWorkflows fills what a provider leaves out and makes ids strings', async () => {
    const { client } = await start(() => [200, [{ id: 7, name: 'Bare' }]]);
    await expect(client.getWorkflows('p')).resolves.toEqual([
      { id: '7', name: 'Bare', description: '', updated_at: '', plan_id: 'p', json: { steps: [] } },
    ]);
  });

  it('getWorkflows rejects a body that is not a list of workflows as invalid data structure', async () => {
    const { client } = await start(() => [200, { workflows: [workflow] }]);
    await expect(client.getWorkflows('p')).rejects.toMatchObject({
      kind: 'invalid',
      message: messages.invalidDataStructure,
    });
  });

  it("getWorkflows rejects a 500 with 'Failed to fetch workflows: {reason}'", async () => {
    const { client } = await start(() => [500, { error: { code: 'db', message: 'database down' } }]);
    await expect(client.getWorkflows('p')).rejects.toMatchObject({
      kind: 'http',
      status: 500,
      providerMessage: 'database down',
      message: messages.failedToFetchWorkflows('database down'),
    });
  });

  it('saveWorkflow POSTs the workflow as JSON and resolves to its id and name', async () => {
    const { client, requests, calls } = await start(() => [200, { ...workflow, id: 'w9' }]);
    await expect(client.saveWorkflow(workflow)).resolves.toEqual({ id: 'w9', name: 'Onboard' });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/workflows/save' });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual(workflow);
    expectHostedHeaders(requests[0], calls[0]);
  });

  it('saveWorkflow also reads an answer wrapped as { workflow }', async () => {
    const { client } = await start(() => [201, { workflow: { id: 3, name: 'New' } }]);
    await expect(client.saveWorkflow({ name: 'New' })).resolves.toEqual({ id: '3', name: 'New' });
  });

  it("saveWorkflow rejects a 400 with 'Failed to save workflow: {reason}' and does not retry", async () => {
    const { client, requests } = await start(() => [400, { error: { code: 'bad', message: 'name too long' } }]);
    await expect(client.saveWorkflow({ name: 'x' })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: messages.failedToSaveWorkflow('name too long'),
    });
    expect(requests).toHaveLength(1);
  });

  it("saveWorkflow refuses a missing workflow or name with 'Invalid workflow data', sending nothing", async () => {
    const { client, requests } = await start(() => [200, workflow]);
    for (const bad of [undefined, null, { name: '' }, { ...workflow, name: '' }]) {
      await expect(client.saveWorkflow(bad)).rejects.toMatchObject({
        kind: 'invalid',
        message: messages.invalidWorkflowData,
      });
    }
    expect(requests).toHaveLength(0);
  });

  it('createSession POSTs workflowId and planId and resolves to the session and its link', async () => {
    const session = { sessionId: 's1', hostedLink: 'http://127.0.0.1/session/s1' };
    const { client, requests, calls } = await start(() => [200, session]);
    await expect(client.createSession('w1', 'plan 1')).resolves.toEqual(session);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/sessions/create-with-link' });
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ workflowId: 'w1', planId: 'plan 1' });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expectHostedHeaders(requests[0], calls[0]);
  });

  it("createSession rejects a 502 with 'Failed to create session: {reason}'", async () => {
    const { client, requests } = await start(() => [502, 'upstream gone']);
    await expect(client.createSession('w1', 'p')).rejects.toMatchObject({
      kind: 'http',
      status: 502,
      message: messages.failedToCreateSession('upstream gone'),
    });
    expect(requests).toHaveLength(1);
  });

  it('createSession refuses a hosted link that is not http(s), so it is never opened', async () => {
    for (const hostedLink of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>1</script>',
      '//evil.example/s1',
      'JaVaScRiPt:1',
    ]) {
      const { client } = await start(() => [200, { sessionId: 's1', hostedLink }]);
      await expect(client.createSession('w1', 'p')).rejects.toMatchObject({
        kind: 'invalid',
        message: `Failed to create session: Refused a link that is not http(s): ${hostedLink}`,
      });
    }
  });

  it('createSession rejects an answer without a hosted link as invalid data structure', async () => {
    const { client } = await start(() => [200, { sessionId: 's1' }]);
    await expect(client.createSession('w1', 'p')).rejects.toMatchObject({ kind: 'invalid' });
  });

  it("createSession and getWorkflows refuse missing ids with the spec's messages, sending nothing", async () => {
    const { client, requests } = await start(() => [200, []]);
    const required = { kind: 'invalid', message: messages.workflowAndPlanRequired };
    await expect(client.createSession('', 'p')).rejects.toMatchObject(required);
    await expect(client.createSession('w', '')).rejects.toMatchObject(required);
    await expect(client.getWorkflows('')).rejects.toMatchObject({ kind: 'invalid', message: messages.planIdRequired });
    expect(requests).toHaveLength(0);
  });
});
