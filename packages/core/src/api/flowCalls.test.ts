import { afterEach, describe, expect, it } from 'vitest';
import { flowMessages, messages } from '../messages.js';
import type { FlowDocument } from '../format/types.js';
import { functionData } from '../compile/flowFixtures.js';
import { createClient } from './client.js';
import { FlowConflictError, PlanNotFoundError } from './errors.js';
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
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 200, doc, { ETag: '"e1"' }));
    await expect(client.getFlow('plan 1', 'v1')).resolves.toEqual({ doc, etag: '"e1"' });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/flows/plan%201/v1' });
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-123');
  });

  it('getFlow resolves to null when the provider has no document endpoint (404 of a route, 405)', async () => {
    let status = 404;
    const { client } = await clientFor((_request, response) =>
      replyJson(response, status, { error: { code: 'NOT_FOUND', message: 'No such route' } }),
    );
    await expect(client.getFlow('p', 'v')).resolves.toBeNull();
    status = 405;
    await expect(client.getFlow('p', 'v')).resolves.toBeNull();
  });

  it('getFlow rejects a plan version the provider does not have with PlanNotFoundError', async () => {
    const { client } = await clientFor((_request, response) =>
      replyJson(response, 404, { error: { code: 'FLOW_NOT_FOUND', message: 'Plan not found: p/v' } }),
    );
    const error = await rejectionOf(client.getFlow('p', 'v'));
    expect(error).toBeInstanceOf(PlanNotFoundError);
    expect(error).toMatchObject({ status: 404, planId: 'p', versionName: 'v', message: flowMessages.planNotFound('p', 'v') });
  });

  it('getFlow rejects a body that is not a flow/1 document as invalid data structure', async () => {
    const { client } = await clientFor((_request, response) => replyJson(response, 200, { ...doc, format: 'flow/0' }));
    await expect(client.getFlow('p', 'v')).rejects.toMatchObject({
      kind: 'invalid',
      message: messages.invalidDataStructure,
    });
  });

  it('getFlow rejects a document past the limits (nested deeper than 64 levels, a reserved key) as invalid data structure', async () => {
    let deep: unknown = {};
    for (let i = 0; i < 100; i++) deep = [deep];
    const node = { id: 'n1', type: 'prompt', chain: '1', position: { x: 0, y: 0 }, data: { name: 'n', prompt: 'p', deep } };
    const reserved = JSON.stringify({ ...doc, nodes: [{ ...node, data: { name: 'n', prompt: 'p' } }] }).replace(
      '"prompt":"p"',
      '"prompt":"p","__proto__":{}',
    );
    for (const body of [JSON.stringify({ ...doc, nodes: [node] }), reserved]) {
      const { client } = await clientFor((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(body);
      });
      await expect(client.getFlow('p', 'v')).rejects.toMatchObject({ kind: 'invalid', message: messages.invalidDataStructure });
    }
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
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 200, { ok: true }, { ETag: '"e2"' }));
    await expect(client.putFlow('plan 1', 'v1', doc, { ifMatch: '"e1"' })).resolves.toEqual({ etag: '"e2"' });
    const [request] = requests;
    expect(request).toMatchObject({ method: 'PUT', url: '/api/flows/plan%201/v1' });
    expect(request?.headers['if-match']).toBe('"e1"');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer tok-123');
    expect(JSON.parse(request?.body ?? '')).toEqual(doc);
  });

  it('putFlow sends a large flow whole, as JSON, byte for byte what JSON.stringify writes (a Blob body past 64 KB)', async () => {
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 200, { ok: true }, { ETag: '"e3"' }));
    const large = { ...doc, agentNotes: 'ünïcødé 🙂 '.repeat(10_000) };
    await expect(client.putFlow('p', 'v', large)).resolves.toEqual({ etag: '"e3"' });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.body).toBe(JSON.stringify(large));
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
    const error = await rejectionOf(client.putFlow('p', 'v', doc, { ifMatch: '"e1"' }));
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

  it('putFlow rejects a 428 (no precondition over an existing flow) as a conflict too', async () => {
    const { client } = await clientFor((_request, response) =>
      replyJson(response, 428, { error: { code: 'PRECONDITION_REQUIRED', message: 'send If-Match' } }),
    );
    const error = await rejectionOf(client.putFlow('p', 'v', doc));
    expect(error).toBeInstanceOf(FlowConflictError);
    expect(error).toMatchObject({ status: 428, currentEtag: null });
  });

  it('putFlow with create sends If-None-Match: * and no If-Match', async () => {
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 200, {}, { ETag: '"n1"' }));
    await client.putFlow('p', 'v', doc, { create: true });
    expect(requests[0]?.headers['if-none-match']).toBe('*');
    expect(requests[0]?.headers['if-match']).toBeUndefined();
    expect(client.versions.get('p', 'v')).toBe('"n1"');
  });

  it('publishFlow POSTs the document to …/publish with the known version, and reads the new ETag and time', async () => {
    const { client, requests } = await clientFor((request, response) =>
      request.method === 'GET'
        ? replyJson(response, 200, doc, { ETag: '"g1"' })
        : replyJson(response, 200, { etag: '"p2"', publishedAt: '2026-11-23T10:00:00.000Z' }, { ETag: '"p2"' }),
    );
    await client.getFlow('p', 'v');
    await expect(client.publishFlow('p', 'v', doc)).resolves.toEqual({ etag: '"p2"', publishedAt: '2026-11-23T10:00:00.000Z' });
    expect(requests[1]).toMatchObject({ method: 'POST', url: '/api/flows/p/v/publish' });
    expect(requests[1]?.headers['if-match']).toBe('"g1"');
    expect(client.versions.get('p', 'v')).toBe('"p2"');
  });

  it('publishFlow resolves to null when the provider has no publish endpoint', async () => {
    const { client } = await clientFor((_request, response) =>
      replyJson(response, 404, { error: { code: 'NOT_FOUND', message: 'No such route' } }),
    );
    await expect(client.publishFlow('p', 'v', doc)).resolves.toBeNull();
  });

  it("getPublishedFlow GETs …/published and reads the flow; null on a 204 (never published) and on an older provider's 404", async () => {
    let calls = 0;
    const { client, requests } = await clientFor((_request, response) => {
      calls++;
      if (calls === 1) return replyJson(response, 200, doc);
      if (calls === 2) return void response.writeHead(204).end();
      return replyJson(response, 404, { error: { code: 'PUBLISH_NOT_FOUND', message: 'never' } });
    });
    await expect(client.getPublishedFlow('p', 'v')).resolves.toEqual(doc);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/flows/p/v/published' });
    await expect(client.getPublishedFlow('p', 'v')).resolves.toBeNull();
    await expect(client.getPublishedFlow('p', 'v')).resolves.toBeNull();
  });

  it('putFlow rejects a 500 with its message and is not retried', async () => {
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 500, { error: 'disk full' }));
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
    const { client, requests } = await clientFor((_request, response) => replyJson(response, 200, wrapped ? { plans } : plans));
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

describe('createClient flow versions', () => {
  it('sends the loaded version with every write of that flow and takes the version each accepted write answers', async () => {
    let version = 1;
    const { client, requests } = await clientFor((request, response) => {
      if (request.method === 'POST' || request.method === 'PUT') version += 1;
      const body = request.url.endsWith('/functions') ? { result: [] } : request.method === 'GET' ? doc : { result: null };
      replyJson(response, 200, body, { ETag: `"v${version}"` });
    });
    await client.getFlow('p', 'v');
    await client.updateCustomSystemPrompt('p', 'v', { system_message_custom: 'x', system_message_prefix: '', system_message_suffix: '' });
    await client.setupFunction('p', 'v', functionData('f1', 'instruct'));
    await client.updateFunctions('p', 'v', []);
    await client.putFlow('p', 'v', doc);
    await client.getFunctions('p', 'v');
    expect(requests.map((r) => r.headers['if-match'])).toEqual([undefined, '"v1"', '"v2"', '"v3"', '"v4"', undefined]);
    expect(client.versions.get('p', 'v')).toBe('"v5"');
  });

  it('learns nothing from a read of functions, nor from a write sent without any precondition', async () => {
    const { client } = await clientFor((request, response) =>
      replyJson(response, 200, request.method === 'GET' ? { result: [] } : { result: null }, { ETag: '"merged"' }),
    );
    await client.getFunctions('p', 'v');
    await client.updateFunctions('p', 'v', []);
    expect(client.versions.get('p', 'v')).toBeNull();
  });

  it('turns a 412 of a spec write into a FlowConflictError and keeps the version it knew', async () => {
    const { client } = await clientFor((request, response) =>
      request.method === 'GET'
        ? replyJson(response, 200, doc, { ETag: '"mine"' })
        : replyJson(response, 412, { error: { code: 'PRECONDITION_FAILED', message: 'stale' } }, { ETag: '"theirs"' }),
    );
    await client.getFlow('p', 'v');
    const error = await rejectionOf(client.updateFunctions('p', 'v', []));
    expect(error).toBeInstanceOf(FlowConflictError);
    expect(error).toMatchObject({ currentEtag: '"theirs"', message: flowMessages.flowChangedElsewhere });
    expect(client.versions.get('p', 'v')).toBe('"mine"');
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
