import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleFlow, snapshotFolder, startTestServer, type TestServer } from '../../testServer.test-helper.js';
import { testsBody } from '../../routes/flowTests.test-helper.js';
import { usePostgres } from './pgTest.test-helper.js';
import { TransferError, exportDatabaseToFolder, importFolderToDatabase } from './transfer.js';

const pg = usePostgres();
const cleanup = { push: pg.cleanup };

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'flow-transfer-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The data of a folder store: every file but the server's own dot files (its lock). */
async function dataOf(dir: string): Promise<Map<string, string>> {
  const files = await snapshotFolder(dir);
  for (const path of [...files.keys()]) if (path.split('/').some((part) => part.startsWith('.'))) files.delete(path);
  return files;
}

/** A folder store with what a team makes of it: the examples, publishes, a rollback, a workflow and a session. */
async function usedFolder(): Promise<string> {
  const dir = await tempDir();
  const server = await startTestServer({ dir });
  try {
    await publish(server, 'First');
    const second = await publish(server, 'Second');
    const history = await server.call('POST', '/api/flows/support-desk/production/rollback', {
      json: { publishId: await firstPublishId(server) },
    });
    expect(history.status).toBe(200);
    expect(second.status).toBe(200);
    const saved = await server.call('POST', '/api/workflows/save', {
      json: {
        name: 'Book a call',
        plan_id: 'support-desk',
        json: { steps: [{ skill: 'message', name: 'Hi', config: { text: 'Hello' } }] },
      },
    });
    expect(saved.status).toBe(200);
    const session = await server.call('POST', '/api/sessions/create-with-link', {
      json: { workflowId: 'wf-book-demo', planId: 'lead-qualifier' },
    });
    expect(session.status).toBe(200);
    expect((await server.call('PUT', '/api/flows/team/staging', { json: sampleFlow('team', 'staging', 3) })).status).toBe(200);
    for (const [path, body] of [
      ['/api/flows/support-desk/production/tests', testsBody()],
      ['/api/flows/team/staging/tests', { ...testsBody('Staging'), cassette: null }],
    ] as const) {
      expect((await server.call('PUT', path, { json: body, headers: { 'If-None-Match': '*' } })).status).toBe(200);
    }
  } finally {
    await server.close();
  }
  return dir;
}

async function publish(server: TestServer, prompt: string): Promise<Response> {
  const current = await server.call('GET', '/api/flows/support-desk/production');
  const doc: unknown = await current.json();
  if (typeof doc !== 'object' || doc === null) throw new Error('no flow');
  return server.call('POST', '/api/flows/support-desk/production/publish', {
    json: { ...doc, agentNotes: `${prompt} notes` },
    headers: { 'If-Match': current.headers.get('etag') ?? '' },
  });
}

async function firstPublishId(server: TestServer): Promise<string> {
  const page = await (await server.call('GET', '/dashboard/support-desk/production')).text();
  const ids = [...page.matchAll(/\/rollback\/([0-9TZ-]+)"/g)].map((m) => m[1] ?? '');
  return ids[ids.length - 1] ?? '';
}

describe('flowctl db import and export', () => {
  it(
    'move a used folder store into PostgreSQL and back byte for byte; the provider on the database serves the same',
    { timeout: 60_000 },
    async () => {
      const folder = await usedFolder();
      const before = await dataOf(folder);
      const db = { url: await pg.database() };

      const imported = await importFolderToDatabase(folder, db.url);
      const count = (pattern: RegExp): number => [...before.keys()].filter((path) => pattern.test(path)).length;
      expect(imported).toEqual({
        flows: count(/^[^/]+\/[^/]+\.flow\.json$/),
        tests: count(/^[^/]+\/[^/]+\.flowtest\.json$/),
        publishes: count(/\/published\//),
        workflows: count(/\/workflows\//),
        sessions: count(/\/sessions\//),
        skipped: [],
      });
      expect(imported.publishes).toBe(3);
      expect(imported.sessions).toBe(1);
      expect(imported.tests).toBe(2);

      const onDatabase = await startTestServer({ database: db.url, seedDir: null });
      cleanup.push(() => onDatabase.close());
      const fromFile = before.get('support-desk/production.flow.json');
      expect(await (await onDatabase.call('GET', '/api/flows/support-desk/production')).text()).toBe(fromFile);
      const dashboard = await (await onDatabase.call('GET', '/dashboard/support-desk/production')).text();
      expect(dashboard).toContain('rolled back to the publish of');
      expect(await (await onDatabase.call('GET', '/api/workflows/plans/support-desk')).json()).toMatchObject([{ name: 'Book a call' }]);
      const tests = await onDatabase.call('GET', '/api/flows/support-desk/production/tests');
      expect(await tests.json()).toEqual({ ...testsBody(), flowtest: { ...testsBody().flowtest, flow: 'production.flow.json' } });

      const out = join(await tempDir(), 'exported');
      const exported = await exportDatabaseToFolder(db.url, out);
      expect(exported).toEqual(imported);
      const after = await dataOf(out);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [path, text] of before) expect(after.get(path), path).toBe(text);
    },
  );

  it('refuses a database that already holds flows and a folder that is not empty, changing nothing', async () => {
    const folder = await tempDir();
    await writeFile(join(folder, 'notes.txt'), 'not a plan');
    const db = { url: await pg.database() };
    const server = await startTestServer({ database: db.url, seedDir: null });
    cleanup.push(() => server.close());
    expect((await server.call('PUT', '/api/flows/team/production', { json: sampleFlow('team', 'production', 1) })).status).toBe(200);

    await expect(importFolderToDatabase(folder, db.url)).rejects.toThrow(
      new TransferError('The database already holds 1 flow: import into an empty database'),
    );
    await expect(exportDatabaseToFolder(db.url, folder)).rejects.toThrow(TransferError);
    await expect(exportDatabaseToFolder(db.url, folder)).rejects.toThrow(`${folder} is not empty: export into a new or empty folder`);
    expect([...(await snapshotFolder(folder)).keys()]).toEqual(['notes.txt']);
  });
});
