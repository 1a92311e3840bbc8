import { afterEach, describe, expect, it } from 'vitest';
import { flowMessages, messages } from '../messages.js';
import type { FlowDocument } from '../model/types.js';
import { createClient } from './client.js';
import { FlowConflictError } from './errors.js';
import { fakeProviders, rejectionOf, replyJson } from './fakeProvider.test-helper.js';
import type { Handler } from './fakeProvider.test-helper.js';

const providers = fakeProviders();
afterEach(() => providers.closeAll());

const doc: FlowDocument = {
  format: 'flow/1',
  planId: 'plan 1',
  versionName: 'v1',
  agentContext: '',
  agentNotes: '',
  systemPrompt: '',
  startNodeId: 'n1',
  nodes: [],
  edges: [],
};

async function clientFor(handler: Handler, token = 'tok-123') {
  const provider = await providers.start(handler);
  return { client: createClient({ baseUrl: provider.baseUrl, token, retries: 0 }), requests: provider.requests };
}

describe('createClient flow document calls', () => {
  it('getFlow GETs the document with the bearer and returns it with its ETag', async () => {
    const { client, requests } = await clientFor((_request, response) =>
      replyJson(response, 200, doc, { ETag: '"e1"' }),
    );
    await expect(client.getFlow('plan 1', 'v1')).resolves.toEqual({ doc, etag: '"e1"' });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/flows/plan%201/v1' });
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-123');
  });

  it('getFlow resolves to null when the provider has no such flow', async () => {
    const { client } = await clientFor((_request, response) =>
      replyJson(response, 404, { error: { message: 'none' } }),
    );
    await expect(client.getFlow('p', 'v')).resolves.toBeNull();
  });

  it('getFlow rejects a body that is not a flow/1 document as invalid data structure', async () => {
    const { client } = await clientFor((_request, response) => replyJson(response, 200, { ...doc, format: 'flow/0' }));
    await expect(client.getFlow('p', 'v')).rejects.toMatchObject({
      kind: 'invalid',
      message: messages.invalidDataStructure,
    });
  });

  it('getFlow rejects other failures with its message and the reason', async () => {
    const { client } = await clientFor((_request, response) =>
      replyJson(response, 401, { error: { code: 'unauthorized', message: 'token required' } }),
    );
    await expect(client.getFlow('p', 'v')).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      code: 'unauthorized',
      message: flowMessages.failedToLoadFlow('token required'),
    });
  });

  it('putFlow PUTs the document with If-Match and resolves to the new ETag', async () => {
    const { client, requests } = await clientFor((_request, response) =>
      replyJson(response, 200, { ok: true }, { ETag: '"e2"' }),
    );
    await expect(client.putFlow('plan 1', 'v1', doc, '"e1"')).resolves.toEqual({ etag: '"e2"' });
    const [request] = requests;
    expect(request).toMatchObject({ method: 'PUT', url: '/api/flows/plan%201/v1' });
    expect(request?.headers['if-match']).toBe('"e1"');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer tok-123');
    expect(JSON.parse(request?.body ?? '')).toEqual(doc);
  });

  it('putFlow without ifMatch sends no If-Match and reads an ETag given in the body', async () => {
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 201, { etag: '"b"' }));
    await expect(client.putFlow('p', 'v', doc)).resolves.toEqual({ etag: '"b"' });
    expect(requests[0]?.headers['if-match']).toBeUndefined();
  });

  it('putFlow rejects a 412 with a FlowConflictError carrying the current ETag', async () => {
    const { client, requests } = await clientFor((_request, response) =>
      replyJson(response, 412, { error: { code: 'stale', message: 'etag mismatch' } }, { ETag: '"e3"' }),
    );
    const error = await rejectionOf(client.putFlow('p', 'v', doc, '"e1"'));
    expect(error).toBeInstanceOf(FlowConflictError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 412,
      currentEtag: '"e3"',
      providerMessage: 'etag mismatch',
      message: flowMessages.flowChangedElsewhere,
    });
    expect(requests).toHaveLength(1);
  });

  it('putFlow rejects a 500 with its message and is not retried', async () => {
    const { client, requests } = await clientFor((_request, response) =>
      replyJson(response, 500, { error: 'disk full' }),
    );
    await expect(client.putFlow('p', 'v', doc)).rejects.toMatchObject({
      kind: 'http',
      message: flowMessages.failedToSaveFlow('disk full'),
    });
    expect(requests).toHaveLength(1);
  });

  it('getFlow and putFlow refuse an empty plan id without a request', async () => {
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 200, doc));
    await expect(client.getFlow('', 'v')).rejects.toMatchObject({ message: messages.planIdRequired });
    await expect(client.putFlow('', 'v', doc)).rejects.toMatchObject({ message: messages.planIdRequired });
    expect(requests).toHaveLength(0);
  });

  it('listPlans GETs /api/plans with the bearer, bare or wrapped as { plans }', async () => {
    const plans = [{ planId: 'demo', versions: ['v1', 'v2'] }];
    let wrapped = false;
    const { client, requests } = await clientFor((_request, response) =>
      replyJson(response, 200, wrapped ? { plans } : plans),
    );
    await expect(client.listPlans()).resolves.toEqual(plans);
    wrapped = true;
    await expect(client.listPlans()).resolves.toEqual(plans);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/plans' });
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-123');
  });

  it('listPlans rejects plans without a version list as invalid data structure', async () => {
    const { client } = await clientFor((_request, response) => replyJson(response, 200, [{ planId: 'demo' }]));
    await expect(client.listPlans()).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('createClient hosted page addresses', () => {
  const client = createClient({ baseUrl: 'http://127.0.0.1:4321/' });

  it('builds the create-workflow page of a plan, or of default without one', () => {
    expect(client.createWorkflowUrl('plan 1')).toBe('http://127.0.0.1:4321/hosted/create-workflow/plan%201');
    expect(client.createWorkflowUrl()).toBe('http://127.0.0.1:4321/hosted/create-workflow/default');
    expect(client.createWorkflowUrl('')).toBe('http://127.0.0.1:4321/hosted/create-workflow/default');
  });

  it('builds the dashboard of a plan version and any other hosted path', () => {
    expect(client.dashboardUrl('p/1', 'v 2')).toBe('http://127.0.0.1:4321/dashboard/p%2F1/v%202');
    expect(client.hostedUrl('/session/s1')).toBe('http://127.0.0.1:4321/session/s1');
    expect(createClient({ baseUrl: '' }).hostedUrl('/dashboard/p/v')).toBe('/dashboard/p/v');
  });
});
