import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeFlow, type FlowDocument } from '@flow/core';
import { sampleFlow, snapshotFolder, startTestServer, type TestServer } from '../testServer.test-helper.js';

const publishable = (label: string): FlowDocument => ({
  ...sampleFlow('support-desk', 'production', 2, label),
  systemPrompt: `System of ${label}`,
  agentContext: `Context of ${label}`,
  agentNotes: `Notes of ${label}`,
});

describe('POST /api/flows/{planId}/{versionName}/publish', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const publish = async (doc: FlowDocument, etag: string | null): Promise<Response> =>
    server.call('POST', '/api/flows/support-desk/production/publish', { json: doc, headers: etag ? { 'If-Match': etag } : {} });
  const currentEtag = async (): Promise<string | null> =>
    (await server.call('GET', '/api/flows/support-desk/production')).headers.get('etag');
  const history = (): Promise<string[]> => readdir(join(server.dir, 'support-desk', 'published', 'production')).catch(() => []);

  it('stores the document and records its prompt as a publish, answering { etag, id, publishedAt, findings } and the ETag', async () => {
    const doc = publishable('One');
    const res = await publish(doc, await currentEtag());
    expect(res.status).toBe(200);
    const body: { etag: string; id: string; publishedAt: string; findings: unknown[] } = await res.json();
    expect(Object.keys(body).sort()).toEqual(['etag', 'findings', 'id', 'publishedAt']);
    // The publish's id (for a rollback) is its time with - for : and .
    expect(body.id).toBe(body.publishedAt.replace(/[:.]/g, '-'));
    expect(res.headers.get('etag')).toBe(body.etag);
    expect(await currentEtag()).toBe(body.etag);
    expect(await readFile(join(server.dir, 'support-desk', 'production.flow.json'), 'utf8')).toBe(serializeFlow(doc));
    const files = await history();
    expect(files).toEqual([`${body.publishedAt.replace(/:/g, '-')}.json`]);
    const entry: unknown = JSON.parse(await readFile(join(server.dir, 'support-desk', 'published', 'production', files[0] ?? ''), 'utf8'));
    // The record keeps the flow as published, which a rollback publishes again.
    expect(entry).toEqual({
      publishedAt: body.publishedAt,
      system_message: 'System of One',
      system_message_prefix: 'Context of One',
      system_message_suffix: 'Notes of One',
      flow: JSON.parse(serializeFlow(doc)),
    });
    const prompt = await server.call('GET', '/api/mate/support-desk/production/system-prompt');
    expect(await prompt.json()).toEqual({
      result: { system_message: 'System of One', system_message_prefix: 'Context of One', system_message_suffix: 'Notes of One' },
    });
    const dashboard = await (await server.call('GET', '/dashboard/support-desk/production')).text();
    expect(dashboard).toContain(`<time datetime="${body.publishedAt}" title=`);
    expect(dashboard).toContain('System of One');
  });

  it('GET …/published answers the flow as last published, not the draft saved since; 204 with no body before any publish', async () => {
    const never = await server.call('GET', '/api/flows/support-desk/production/published');
    expect(never.status).toBe(204);
    expect(await never.text()).toBe('');
    const doc = publishable('One');
    const published: { etag: string } = await (await publish(doc, await currentEtag())).json();
    const draft = await server.call('PUT', '/api/flows/support-desk/production', {
      json: publishable('Two'),
      headers: { 'If-Match': published.etag },
    });
    expect(draft.status).toBe(200);
    const res = await server.call('GET', '/api/flows/support-desk/production/published');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(serializeFlow(doc));
  });

  it('records a new publish of an unchanged document, keeping its ETag', async () => {
    const first: { etag: string; publishedAt: string } = await (await publish(publishable('Same'), await currentEtag())).json();
    const again = await publish(publishable('Same'), first.etag);
    expect(again.status).toBe(200);
    const second: { etag: string; publishedAt: string } = await again.json();
    expect(second.etag).toBe(first.etag);
    expect(second.publishedAt > first.publishedAt).toBe(true);
    expect(await history()).toHaveLength(2);
  });

  it('refuses an invalid document with 422 and findings, recording nothing', async () => {
    const before = await snapshotFolder(server.dir);
    const doc = publishable('Broken');
    const broken = { ...doc, edges: [...doc.edges, { id: 'edge-fn-1-to-fn-1', source: 'fn-1', target: 'fn-1', kind: 'node' }] };
    const res = await server.call('POST', '/api/flows/support-desk/production/publish', { json: broken, headers: { 'If-Match': '*' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'INVALID_FLOW' } });
    expect(await snapshotFolder(server.dir)).toEqual(before);
  });

  it('leaves no journal behind', async () => {
    await publish(publishable('Tidy'), await currentEtag());
    const names = await readdir(join(server.dir, 'support-desk'));
    expect(names.filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
