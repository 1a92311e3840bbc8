import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../api/client.js';
import { FlowConflictError, PlanNotFoundError } from '../api/errors.js';
import { fakeProviders, rejectionOf, replyJson, sampleFunction } from '../api/fakeProvider.test-helper.js';
import type { Handler, RecordedRequest } from '../api/fakeProvider.test-helper.js';
import { emptyFlow } from '../graph/fromProvider.js';
import type { FlowDocument } from '../format/types.js';
import { createPlanSession } from './planSession.js';

const providers = fakeProviders();
afterEach(() => providers.closeAll());

const doc = (notes: string): FlowDocument => ({ ...emptyFlow('p', 'v'), agentNotes: notes });

/** A provider that keeps one document with strong ETags and If-Match, as the local provider does. */
function documentProvider(initial: FlowDocument | null, options: { publish?: boolean } = {}): Handler {
  let stored = initial;
  let version = 1;
  const etag = () => `"v${version}"`;
  return (request, response) => {
    const { method, url, headers } = request;
    if (method === 'GET') {
      if (stored === null) return replyJson(response, 404, { error: { code: 'FLOW_NOT_FOUND', message: 'Plan not found: p/v' } });
      return replyJson(response, 200, stored, { ETag: etag() });
    }
    if (url.endsWith('/publish') && options.publish === false)
      return replyJson(response, 404, { error: { code: 'NOT_FOUND', message: 'No such route' } });
    const ifMatch = headers['if-match'];
    if (headers['if-none-match'] === '*' && stored !== null)
      return replyJson(response, 412, { error: { code: 'PRECONDITION_FAILED', message: 'exists' } }, { ETag: etag() });
    if (ifMatch !== undefined && ifMatch !== etag())
      return replyJson(response, 412, { error: { code: 'PRECONDITION_FAILED', message: 'stale' } }, { ETag: etag() });
    if (
      ifMatch === undefined &&
      headers['if-none-match'] === undefined &&
      stored !== null &&
      (method === 'PUT' || url.endsWith('/publish'))
    ) {
      return replyJson(response, 428, { error: { code: 'PRECONDITION_REQUIRED', message: 'send If-Match' } });
    }
    if (method === 'PUT' || url.endsWith('/publish')) stored = JSON.parse(request.body) as FlowDocument;
    version += 1;
    replyJson(response, 200, { etag: etag(), result: null, publishedAt: '2026-11-23T12:00:00.000Z' }, { ETag: etag() });
  };
}

/** The external change a teammate makes: a new version on the provider. */
async function changeElsewhere(baseUrl: string, notes: string): Promise<void> {
  const other = createPlanSession(createClient({ baseUrl, retries: 0 }), 'p', 'v');
  await other.load();
  await other.save(doc(notes));
}

const routes = (requests: RecordedRequest[]): string[] =>
  requests.map((r) => `${r.method} ${r.url.replace('/api/', '')} ${r.headers['if-match'] ?? ''}`.trim());

describe('createPlanSession', () => {
  it('saves one function with setup-function over the version last seen, then re-fetches the functions and chains', async () => {
    const fn = sampleFunction('f1', 'Greet');
    const stamped = { ...fn, updated_at: '2026-11-23T12:00:00.000Z' };
    const documents = documentProvider(doc('a'));
    const provider = await providers.start((request, response) => {
      if (request.url.endsWith('/setup-function')) {
        if (request.headers['if-match'] !== '"v1"')
          return replyJson(response, 412, { error: { code: 'PRECONDITION_FAILED', message: 'stale' } });
        return replyJson(response, 200, { result: stamped }, { ETag: '"v2"' });
      }
      if (request.url.endsWith('/functions')) return replyJson(response, 200, { result: [stamped, sampleFunction('f2', 'Other')] });
      return documents(request, response);
    });
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    await plan.load();
    const result = await plan.saveFunction(fn);
    expect(routes(provider.requests)).toEqual(['GET flows/p/v', 'POST mate/p/v/setup-function "v1"', 'GET mate/p/v/functions']);
    expect(JSON.parse(provider.requests[1]?.body ?? '{}')).toEqual({ plan_id: 'p', version_name: 'v', function: fn });
    expect(result.saved).toEqual(stamped);
    expect(result.functions.map((f) => f.uuid)).toEqual(['f1', 'f2']);
    expect(result.chains.standalone.map((f) => f.uuid)).toEqual(['f1', 'f2']);
    // The next write replaces the version the function save left.
    expect(plan.etag()).toBe('"v2"');
  });

  it('refuses to save a function over a change made elsewhere', async () => {
    const provider = await providers.start(documentProvider(doc('a')));
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    await plan.load();
    await changeElsewhere(provider.baseUrl, 'theirs');
    expect(await rejectionOf(plan.saveFunction(sampleFunction()))).toBeInstanceOf(FlowConflictError);
  });

  it('loads the whole document, then saves and publishes over the version each write left', async () => {
    const provider = await providers.start(documentProvider(doc('a')));
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    expect((await plan.load()).doc.agentNotes).toBe('a');
    expect(plan.source()).toBe('document');
    // Play right after an autosave began: the publish waits for the save and sends its version.
    await Promise.all([plan.save(doc('b')), plan.publish(doc('c'))]);
    await plan.save(doc('d'));
    expect(routes(provider.requests)).toEqual(['GET flows/p/v', 'PUT flows/p/v "v1"', 'POST flows/p/v/publish "v2"', 'PUT flows/p/v "v3"']);
    expect(plan.etag()).toBe('"v4"');
  });

  it('compiles the flow it is given, edges included, so the provider does not fall back to what it stored', async () => {
    const provider = await providers.start((_request, response) =>
      replyJson(response, 200, { system_message: 'P', system_message_prefix: '', system_message_suffix: '' }),
    );
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    const flow = doc('x');
    await expect(plan.compile(flow)).resolves.toMatchObject({ system_message: 'P' });
    const body = JSON.parse(provider.requests[0]?.body ?? '{}');
    expect(Object.keys(body).sort()).toEqual(['edges', 'flowSchema', 'nodes', 'nodesInSequence']);
  });

  it('refuses to save over a change made elsewhere, and overwrites it only when asked', async () => {
    const provider = await providers.start(documentProvider(doc('a')));
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    await plan.load();
    await changeElsewhere(provider.baseUrl, 'theirs');
    const conflict = await rejectionOf(plan.save(doc('mine')));
    expect(conflict).toBeInstanceOf(FlowConflictError);
    // A refused write does not block the ones after it.
    await plan.save(doc('mine'), { overwrite: true });
    const check = createPlanSession(createClient({ baseUrl: provider.baseUrl }), 'p', 'v');
    expect((await check.load()).doc.agentNotes).toBe('mine');
  });

  it('says the plan is not found, and creates it only when it does not exist', async () => {
    const provider = await providers.start(documentProvider(null));
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    expect(await rejectionOf(plan.load())).toBeInstanceOf(PlanNotFoundError);
    await plan.create(doc(''));
    expect((await plan.load()).doc.agentNotes).toBe('');
    expect(await rejectionOf(plan.create(doc('again')))).toBeInstanceOf(FlowConflictError);
  });

  it('publishes a plan the provider does not have by creating it, never over one created meanwhile', async () => {
    const provider = await providers.start(documentProvider(null));
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    await rejectionOf(plan.load());
    await plan.publish(doc('first'));
    expect(provider.requests[1]?.headers['if-none-match']).toBe('*');
    await plan.publish(doc('second'));
    expect(provider.requests[2]?.headers['if-match']).toBe('"v2"');
    const other = await providers.start(documentProvider(null));
    const elsewhere = createPlanSession(createClient({ baseUrl: other.baseUrl, retries: 0 }), 'p', 'v');
    await rejectionOf(elsewhere.load());
    await createPlanSession(createClient({ baseUrl: other.baseUrl, retries: 0 }), 'p', 'v').create(doc('theirs'));
    expect(await rejectionOf(elsewhere.publish(doc('mine')))).toBeInstanceOf(FlowConflictError);
  });

  it('publishes through the document then the prompt when the provider has no publish endpoint', async () => {
    const provider = await providers.start(documentProvider(doc('a'), { publish: false }));
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    await plan.load();
    await expect(plan.publish({ ...doc('b'), systemPrompt: 'Be kind.' })).resolves.toEqual({ publishedAt: null });
    expect(routes(provider.requests)).toEqual([
      'GET flows/p/v',
      'POST flows/p/v/publish "v1"',
      'PUT flows/p/v "v1"',
      'POST mate/p/v/system-prompt-custom "v2"',
    ]);
    expect(JSON.parse(provider.requests[3]?.body ?? '')).toEqual({
      system_message_custom: 'Be kind.',
      system_message_prefix: '',
      system_message_suffix: 'b',
    });
  });

  it("rebuilds the flow from the spec's calls without a document endpoint, and saves and publishes through them", async () => {
    const warnings: string[] = [];
    const fn = sampleFunction('f1', 'Greet');
    const provider = await providers.start((request, response) => {
      if (request.url.startsWith('/api/flows/'))
        return replyJson(response, 404, { error: { code: 'NOT_FOUND', message: 'No such route' } });
      if (request.url.startsWith('/api/workflows/')) return replyJson(response, 500, { error: 'down' });
      if (request.url.endsWith('/functions')) return replyJson(response, 200, { result: [fn] });
      if (request.url.endsWith('/system-prompt')) {
        return replyJson(response, 200, { result: { system_message: '', system_message_prefix: 'ctx', system_message_suffix: 'notes' } });
      }
      replyJson(response, 200, { result: null });
    });
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v', { warn: (m) => warnings.push(m) });
    const { doc: loaded, source } = await plan.load();
    expect(source).toBe('calls');
    expect(loaded.nodes.map((n) => n.id)).toEqual(['f1']);
    expect(loaded.agentContext).toBe('ctx');
    expect(warnings).toEqual(['Failed to fetch workflows: down']);
    await plan.save(loaded);
    await plan.publish({ ...loaded, systemPrompt: 'P' });
    expect(routes(provider.requests).slice(-3)).toEqual([
      'POST mate/p/v/update-functions',
      'POST mate/p/v/update-functions',
      'POST mate/p/v/system-prompt-custom',
    ]);
  });

  it("reports the functions' failure before the system prompt's, whichever answers first", async () => {
    let promptAnswered = (): void => undefined;
    const promptFailed = new Promise<void>((resolve) => (promptAnswered = resolve));
    const provider = await providers.start((request, response) => {
      // The functions fail only once the system prompt's failure has gone out.
      if (request.url.endsWith('/functions')) return void promptFailed.then(() => replyJson(response, 500, { error: 'down' }));
      if (request.url.startsWith('/api/flows/'))
        return replyJson(response, 404, { error: { code: 'NOT_FOUND', message: 'No such route' } });
      if (request.url.endsWith('/system-prompt')) response.on('finish', promptAnswered);
      replyJson(response, 500, { error: 'down' });
    });
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    await expect(plan.load()).rejects.toMatchObject({ message: 'Failed to fetch functions' });
  });

  it('falls back to the spec calls when the document endpoint fails with a 5xx', async () => {
    const provider = await providers.start((request, response) => {
      if (request.url.startsWith('/api/flows/')) return replyJson(response, 503, { error: 'busy' });
      if (request.url.endsWith('/functions')) return replyJson(response, 200, { result: [] });
      if (request.url.endsWith('/system-prompt'))
        return replyJson(response, 200, {
          result: { system_message: '', system_message_prefix: 'You are Sam.', system_message_suffix: '' },
        });
      replyJson(response, 200, []);
    });
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'v');
    expect((await plan.load()).source).toBe('calls');
  });

  it('through the spec calls, a version with no function and no prompt is not found (a mistyped version), not an empty flow', async () => {
    const provider = await providers.start((request, response) => {
      if (request.url.startsWith('/api/flows/'))
        return replyJson(response, 404, { error: { code: 'NOT_FOUND', message: 'No such route' } });
      if (request.url.endsWith('/functions')) return replyJson(response, 200, { result: [] });
      if (request.url.endsWith('/system-prompt'))
        return replyJson(response, 200, { result: { system_message: ' ', system_message_prefix: '', system_message_suffix: '' } });
      replyJson(response, 200, []);
    });
    const plan = createPlanSession(createClient({ baseUrl: provider.baseUrl, retries: 0 }), 'p', 'typo');
    await expect(plan.load()).rejects.toBeInstanceOf(PlanNotFoundError);
    await expect(plan.load()).rejects.toMatchObject({ message: 'Plan not found: p/typo' });
    expect(plan.source()).toBe('calls');
  });
});
