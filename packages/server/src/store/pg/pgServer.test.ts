import { isRecord, serializeFlow } from '@flow/core';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { DatabaseStartError, startServer } from '../../server.js';
import { jsonOf, sampleFlow, startTestServer, type TestServer } from '../../testServer.test-helper.js';
import { usePostgres } from './pgTest.test-helper.js';
import { MIGRATIONS, migrate } from './migrations.js';
import { ROLL_BACK } from '../../hosted/dashboardPage.js';

const pg = usePostgres();
const cleanup = { push: pg.cleanup };

const database = pg.database;

/** The publish id of a publish's answer, checked to be its time with `-` for `:` and `.`. */
function idOf(body: unknown): string {
  if (!isRecord(body) || typeof body.id !== 'string' || typeof body.publishedAt !== 'string') throw new Error('not a publish answer');
  expect(body.id).toBe(body.publishedAt.replace(/[:.]/g, '-'));
  return body.id;
}

async function server(url: string): Promise<TestServer> {
  const started = await startTestServer({ database: url, seedDir: null });
  cleanup.push(() => started.close());
  return started;
}

const put = (s: TestServer, doc: unknown, etag?: string) =>
  s.call('PUT', '/api/flows/team/production', { json: doc, headers: etag === undefined ? {} : { 'If-Match': etag } });

describe('migrations', () => {
  it('are applied once when two servers start together, and a schema newer than the server knows is refused', async () => {
    const url = await database();
    const a = postgres(url, { max: 1, onnotice: () => undefined });
    const b = postgres(url, { max: 1, onnotice: () => undefined });
    cleanup.push(async () => {
      await a.end();
      await b.end();
    });
    const applied = await Promise.all([migrate(a), migrate(b)]);
    expect(applied.map((versions) => versions.length).sort()).toEqual([0, MIGRATIONS.length]);
    expect(await a`select version from flow_migrations`).toHaveLength(MIGRATIONS.length);
    expect(await migrate(b)).toEqual([]);
    await a`insert into flow_migrations (version, name) values (${Math.max(...MIGRATIONS.map((m) => m.version)) + 1}, 'from the future')`;
    await expect(migrate(b)).rejects.toThrow(/newer than this server knows/);
  });
});

describe('the provider on PostgreSQL', () => {
  it('keeps flows in the database: the row version is the ETag, a stale If-Match gets 412, nothing lost', async () => {
    const url = await database();
    const s = await server(url);
    expect((await s.call('GET', '/api/flows/team/production')).status).toBe(404);
    const created = await s.call('PUT', '/api/flows/team/production', {
      json: sampleFlow('team', 'production', 2),
      headers: { 'If-None-Match': '*' },
    });
    expect(created.status).toBe(200);
    const first = created.headers.get('etag') ?? '';
    expect(first).toBe('"v1"');
    const read = await s.call('GET', '/api/flows/team/production');
    expect(read.headers.get('etag')).toBe(first);
    expect(await read.text()).toBe(serializeFlow(sampleFlow('team', 'production', 2)));
    const second = await put(s, sampleFlow('team', 'production', 3), first);
    expect(second.headers.get('etag')).toBe('"v2"');
    const stale = await put(s, sampleFlow('team', 'production', 4), first);
    expect(stale.status).toBe(412);
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    cleanup.push(async () => {
      await sql.end();
    });
    const rows = await sql<{ version: string; text: string }[]>`select version::text as version, text from flows`;
    expect(rows).toEqual([{ version: '2', text: serializeFlow(sampleFlow('team', 'production', 3)) }]);
    const plans = await jsonOf(await s.call('GET', '/api/plans'));
    expect(plans).toMatchObject([{ planId: 'team', versions: ['production'], nodeCount: 4 }]);
  });

  it('publishes flow and record in one transaction; the dashboard lists the history and rolls back from it and from the API', async () => {
    const s = await server(await database());
    const publish = (prompt: string, etag?: string) =>
      s.call('POST', '/api/flows/team/production/publish', {
        json: { ...sampleFlow('team', 'production', prompt === 'First' ? 1 : 3), systemPrompt: prompt },
        headers: etag === undefined ? { 'If-None-Match': '*' } : { 'If-Match': etag },
      });
    const first = await publish('First');
    expect(first.status).toBe(200);
    const firstBody = await jsonOf(first);
    const second = await publish('Second', first.headers.get('etag') ?? '');
    expect(second.status).toBe(200);
    const page = await (await s.call('GET', '/dashboard/team/production')).text();
    expect(page).toContain('Second');
    expect(page).toContain('Earlier publishes');
    const id = idOf(firstBody);
    expect(page).toContain(`/dashboard/team/production/rollback/${id}`);
    expect(page).toContain(ROLL_BACK);

    // From the dashboard: a form post, then the dashboard again.
    const back = await s.call('POST', `/dashboard/team/production/rollback/${id}`, { headers: { Origin: s.url } });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/dashboard/team/production');
    const flow = await jsonOf(await s.call('GET', '/api/flows/team/production'));
    expect(flow).toMatchObject({ systemPrompt: 'First' });
    const after = await (await s.call('GET', '/dashboard/team/production')).text();
    expect(after).toContain('rolled back to the publish of');

    // From the API, with If-Match; an unknown id is 404 and changes nothing.
    const current = (await s.call('GET', '/api/flows/team/production')).headers.get('etag') ?? '';
    const missing = await s.call('POST', '/api/flows/team/production/rollback', { json: { publishId: '2000-01-01T00-00-00-000Z' } });
    expect(missing.status).toBe(404);
    expect(await jsonOf(missing)).toMatchObject({ error: { code: 'PUBLISH_NOT_FOUND' } });
    const secondId = idOf(await jsonOf(second));
    const stale = await s.call('POST', '/api/flows/team/production/rollback', {
      json: { publishId: secondId },
      headers: { 'If-Match': '"v1"' },
    });
    expect(stale.status).toBe(412);
    const api = await s.call('POST', '/api/flows/team/production/rollback', {
      json: { publishId: secondId },
      headers: { 'If-Match': current },
    });
    expect(api.status).toBe(200);
    expect(await jsonOf(api)).toMatchObject({ rollbackOf: secondId });
    expect(await jsonOf(await s.call('GET', '/api/flows/team/production'))).toMatchObject({ systemPrompt: 'Second' });
  });

  it("serves the spec's calls from the database: functions, update-functions, the custom system prompt and its publish", async () => {
    const s = await server(await database());
    const base = '/api/mate/team/production';
    expect((await s.call('GET', `${base}/functions`)).status).toBe(404);
    const updated = await s.call('POST', `${base}/update-functions`, {
      json: { functions: [{ uuid: 'look-up', name: 'Look up order', type: 'instruct' }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('etag')).toBe('"v1"');
    const functions = await jsonOf(await s.call('GET', `${base}/functions`));
    expect(functions).toMatchObject({ result: [{ uuid: 'look-up', name: 'Look up order' }] });
    const custom = await s.call('POST', `${base}/system-prompt-custom`, {
      json: { system_message_custom: 'Be kind.', system_message_prefix: 'Context', system_message_suffix: 'Notes' },
      headers: { 'If-Match': '"v1"' },
    });
    expect(custom.status).toBe(200);
    expect(await jsonOf(await s.call('GET', `${base}/system-prompt`))).toEqual({
      result: { system_message: 'Be kind.', system_message_prefix: 'Context', system_message_suffix: 'Notes' },
    });
    expect(await (await s.call('GET', '/dashboard/team/production')).text()).toContain('Be kind.');
  });

  it('shares sealed secrets between servers that have the same FLOW_SECRETS_KEY, and needs the key to seal or open one', async () => {
    const url = await database();
    const key = Buffer.alloc(32, 3).toString('base64');
    const keyless = await startTestServer({ database: url, seedDir: null, runtimeEnv: {} });
    cleanup.push(() => keyless.close());
    const refused = await keyless.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'in-the-database-9f' } });
    expect(refused.status).toBe(503);
    expect(await jsonOf(refused)).toMatchObject({ error: { code: 'SECRETS_KEY_MISSING' } });
    const a = await startTestServer({ database: url, seedDir: null, runtimeEnv: { FLOW_SECRETS_KEY: key } });
    const b = await startTestServer({ database: url, seedDir: null, runtimeEnv: { FLOW_SECRETS_KEY: key } });
    cleanup.push(() => a.close());
    cleanup.push(() => b.close());
    expect((await a.call('PUT', '/api/secrets/ORDERS_TOKEN', { json: { value: 'in-the-database-9f' } })).status).toBe(201);
    // The dashboard leads to Secrets only where the store can seal one.
    expect(await (await keyless.call('GET', '/dashboard/keys')).text()).not.toContain('>Secrets</a>');
    expect(await (await a.call('GET', '/dashboard/keys')).text()).toContain('<li><a href="/dashboard/secrets">Secrets</a></li>');
    expect(await jsonOf(await b.call('GET', '/api/secrets'))).toEqual({
      secrets: [{ name: 'ORDERS_TOKEN', updatedAt: expect.any(String) }],
    });
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    cleanup.push(async () => {
      await sql.end();
    });
    const rows = await sql<{ sealed: string }[]>`select sealed from secrets`;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sealed).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain('in-the-database-9f');
  });

  it('refuses to start with the database named, never its password, when it cannot be reached', async () => {
    const closed = `postgres://flow:s3cret-pw@127.0.0.1:${pg.cluster().port + 1}/flow`;
    const started = startServer({ database: closed, port: 0, seedDir: null });
    await expect(started).rejects.toBeInstanceOf(DatabaseStartError);
    const message = await started.then(
      () => '',
      (error: unknown) => (error instanceof Error ? error.message : ''),
    );
    expect(message).toContain(`Cannot connect to the database at postgres://flow:***@127.0.0.1:${pg.cluster().port + 1}/flow`);
    expect(message).not.toContain('s3cret-pw');
  });

  it('answers 503 with a retry hint while the database is down, and recovers by itself when it is back', { timeout: 60_000 }, async () => {
    const s = await server(await database());
    expect((await put(s, sampleFlow('team', 'production', 1))).status).toBe(200);
    await pg.cluster().halt();
    try {
      const down = await s.call('GET', '/api/flows/team/production');
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('2');
      expect(await jsonOf(down)).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE' } });
      expect((await put(s, sampleFlow('team', 'production', 2))).status).toBe(503);
    } finally {
      await pg.cluster().resume();
    }
    await expect.poll(async () => (await s.call('GET', '/api/flows/team/production')).status, { timeout: 20_000 }).toBe(200);
    const etag = (await s.call('GET', '/api/flows/team/production')).headers.get('etag') ?? '';
    expect((await put(s, sampleFlow('team', 'production', 3), etag)).status).toBe(200);
  });
});
