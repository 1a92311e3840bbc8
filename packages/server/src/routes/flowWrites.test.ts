import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleFlow, snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';

/** A route that changes a flow document, and a body for its n-th write to `plan/version`. */
interface WriteRoute {
  name: string;
  method: 'PUT' | 'POST';
  path(planId: string, versionName: string): string;
  body(planId: string, versionName: string, n: number): unknown;
  /** `required`: over an existing flow, a write without If-Match or If-None-Match: * is 428. */
  policy: 'required' | 'optional';
}

const routes: WriteRoute[] = [
  {
    name: 'PUT /api/flows',
    method: 'PUT',
    path: (p, v) => `/api/flows/${p}/${v}`,
    body: (p, v, n) => sampleFlow(p, v, 1 + (n % 4), `Write ${n}`),
    policy: 'required',
  },
  {
    name: 'POST /api/flows/…/publish',
    method: 'POST',
    path: (p, v) => `/api/flows/${p}/${v}/publish`,
    body: (p, v, n) => ({ ...sampleFlow(p, v, 1 + (n % 4), `Write ${n}`), systemPrompt: `Prompt ${n}` }),
    policy: 'required',
  },
  {
    name: 'setup-function',
    method: 'POST',
    path: (p, v) => `/api/mate/${p}/${v}/setup-function`,
    body: (_p, _v, n) => ({ function: { uuid: `added-${n}`, name: `Added ${n}` } }),
    policy: 'optional',
  },
  {
    name: 'update-functions',
    method: 'POST',
    path: (p, v) => `/api/mate/${p}/${v}/update-functions`,
    body: (_p, _v, n) => ({ functions: [{ uuid: `added-${n}`, name: `Added ${n}` }] }),
    policy: 'optional',
  },
  {
    name: 'system-prompt-custom',
    method: 'POST',
    path: (p, v) => `/api/mate/${p}/${v}/system-prompt-custom`,
    body: (_p, _v, n) => ({ system_message_custom: `Prompt ${n}` }),
    policy: 'optional',
  },
];

describe.each(routes)('$name', (route) => {
  let server: TestServer;
  let n = 0;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const write = (planId: string, versionName: string, headers: Record<string, string> = {}): Promise<Response> =>
    server.call(route.method, route.path(planId, versionName), { json: route.body(planId, versionName, ++n), headers });
  const etagOf = async (planId: string, versionName: string): Promise<string> =>
    (await server.call('GET', `/api/flows/${planId}/${versionName}`)).headers.get('etag') ?? 'none';

  it('answers the new ETag of the flow, which the next GET sends, write after write', async () => {
    let etag = await etagOf('support-desk', 'production');
    for (let i = 0; i < 3; i++) {
      const res = await write('support-desk', 'production', { 'If-Match': etag });
      expect(res.status).toBe(200);
      const next = res.headers.get('etag') ?? '';
      expect(next).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(next).not.toBe(etag);
      expect(await etagOf('support-desk', 'production')).toBe(next);
      etag = next;
    }
  });

  it('refuses a stale If-Match with 412 PRECONDITION_FAILED and the current ETag, writing nothing', async () => {
    const old = await etagOf('support-desk', 'production');
    const moved = await write('support-desk', 'production', { 'If-Match': old });
    const before = await snapshotFolder(server.dir);
    const stale = await write('support-desk', 'production', { 'If-Match': old });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(moved.headers.get('etag'));
    expect(await stale.json()).toEqual({
      error: { code: 'PRECONDITION_FAILED', message: 'The flow was changed since it was loaded: reload it before saving' },
    });
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('refuses a weak If-Match, even of the current version, with 400 WEAK_ETAG', async () => {
    const etag = await etagOf('support-desk', 'production');
    const before = await snapshotFolder(server.dir);
    for (const header of [`W/${etag}`, `"other", W/${etag}`]) {
      const res = await write('support-desk', 'production', { 'If-Match': header });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 'WEAK_ETAG', message: 'If-Match needs a strong ETag: weak (W/) tags are refused' },
      });
    }
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('accepts If-Match: * over an existing flow, and one of several tags', async () => {
    expect((await write('support-desk', 'production', { 'If-Match': '*' })).status).toBe(200);
    const etag = await etagOf('support-desk', 'production');
    expect((await write('support-desk', 'production', { 'If-Match': `"old", ${etag}` })).status).toBe(200);
  });

  it('refuses If-Match (even *) on a flow never written with 412, creating nothing', async () => {
    for (const header of ['*', '"some-tag"']) {
      const res = await write('new-plan', 'draft', { 'If-Match': header });
      expect(res.status).toBe(412);
      expect(res.headers.get('etag')).toBeNull();
      expect(await res.json()).toMatchObject({ error: { code: 'PRECONDITION_FAILED' } });
    }
    expect((await server.call('GET', '/api/flows/new-plan/draft')).status).toBe(404);
  });

  it('creates a flow never written with If-None-Match: *, and refuses it over an existing flow with 412 and its ETag', async () => {
    const created = await write('new-plan', 'draft', { 'If-None-Match': '*' });
    expect(created.status).toBe(200);
    const etag = created.headers.get('etag');
    expect(await etagOf('new-plan', 'draft')).toBe(etag);
    const before = await snapshotFolder(server.dir);
    const again = await write('new-plan', 'draft', { 'If-None-Match': '*' });
    expect(again.status).toBe(412);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.json()).toMatchObject({ error: { code: 'PRECONDITION_FAILED' } });
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('creates a flow never written without any precondition (a first write)', async () => {
    const res = await write('new-plan', 'draft');
    expect(res.status).toBe(200);
    expect(await etagOf('new-plan', 'draft')).toBe(res.headers.get('etag'));
  });

  if (route.policy === 'required') {
    it('refuses a write over an existing flow without If-Match or If-None-Match: * with 428, writing nothing', async () => {
      const before = await snapshotFolder(server.dir);
      const variants: Record<string, string>[] = [{}, { 'If-None-Match': '"not-the-etag"' }];
      for (const headers of variants) {
        const res = await write('support-desk', 'production', headers);
        expect(res.status).toBe(428);
        expect(await res.json()).toEqual({
          error: {
            code: 'PRECONDITION_REQUIRED',
            message: 'This flow exists: send If-Match with its ETag to replace it, or If-None-Match: * to create a new one',
          },
        });
      }
      expect(await snapshotFolder(server.dir)).toEqual(before);
    });
  } else {
    it('still accepts a write without If-Match over an existing flow (spec-only clients send none)', async () => {
      const res = await write('support-desk', 'production');
      expect(res.status).toBe(200);
      expect(await etagOf('support-desk', 'production')).toBe(res.headers.get('etag'));
    });
  }
});

describe('POST /api/workflows/save', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('writes a workflow file and leaves every flow document and its ETag unchanged', async () => {
    const etag = (await server.call('GET', '/api/flows/support-desk/production')).headers.get('etag');
    const flowFiles = async (): Promise<[string, string][]> =>
      [...(await snapshotFolder(server.dir))].filter(([path]) => path.endsWith('.flow.json'));
    const before = await flowFiles();
    const res = await server.call('POST', '/api/workflows/save', { json: { name: 'Side', plan_id: 'support-desk', json: { steps: [] } } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
    expect((await server.call('GET', '/api/flows/support-desk/production')).headers.get('etag')).toBe(etag);
    expect(await flowFiles()).toEqual(before);
  });
});
