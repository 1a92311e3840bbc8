// Several provider processes on one database, as a team runs them behind one address: the
// guarantees of one server hold across them, and a server killed mid-publish leaves the previous
// publish or the new one, never half of it.
import { parseFlow, type FlowDocument } from '@flow/core';
import type { ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { CLI, PAUSING, killHard, spawnProgram, waitForOutput, type Program } from '../../childProvider.test-helper.js';
import { sampleFlow } from '../../testServer.test-helper.js';
import { usePostgres } from './pgTest.test-helper.js';

const pg = usePostgres();
const cleanup = { push: pg.cleanup };

const database = pg.database;

/** The provider's CLI as its own process on the database, and the URL it prints. */
async function spawnOn(
  url: string,
  program: Program = CLI,
  args: readonly string[] = ['--port', '0', '--database', url],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnProgram(program, args, env);
  cleanup.push(() => killHard(child));
  const [address = ''] = await waitForOutput(child, 'stdout', /http:\/\/127\.0\.0\.1:\d+/);
  return { child, url: address };
}

const FLOW = '/api/flows/team/production';

function put(server: string, doc: FlowDocument, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server}${FLOW}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(doc),
  });
}

async function readFlow(server: string): Promise<{ doc: FlowDocument; etag: string }> {
  const res = await fetch(`${server}${FLOW}`);
  const parsed = parseFlow(await res.text());
  if (!parsed.ok) throw new Error(`GET ${FLOW} did not give a flow (${res.status})`);
  return { doc: parsed.doc, etag: res.headers.get('etag') ?? '' };
}

describe('two servers on one database', () => {
  it(
    '100 concurrent If-Match PUTs split across them: exactly one wins, the rest get 412, and both serve the winner',
    { timeout: 60_000 },
    async () => {
      const url = await database();
      const [a, b] = await Promise.all([spawnOn(url), spawnOn(url)]);
      const created = await put(a.url, sampleFlow('team', 'production', 2), { 'If-None-Match': '*' });
      expect(created.status).toBe(200);
      const etag = created.headers.get('etag') ?? '';
      const bodies = Array.from({ length: 100 }, (_, i) => ({ ...sampleFlow('team', 'production', 2), agentNotes: `Writer ${i}` }));
      const answers = await Promise.all(bodies.map((doc, i) => put(i % 2 === 0 ? a.url : b.url, doc, { 'If-Match': etag })));
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 412)).toHaveLength(99);
      const winner = bodies[statuses.indexOf(200)];
      const [fromA, fromB] = await Promise.all([readFlow(a.url), readFlow(b.url)]);
      expect(fromA.doc.agentNotes).toBe(winner?.agentNotes);
      expect(fromB).toEqual(fromA);
      expect(fromA.etag).toBe(answers[statuses.indexOf(200)]?.headers.get('etag'));
    },
  );

  it(
    'changes without If-Match sent to both at once are all kept: each is applied to what the other left',
    { timeout: 60_000 },
    async () => {
      const url = await database();
      const [a, b] = await Promise.all([spawnOn(url), spawnOn(url)]);
      expect((await put(a.url, sampleFlow('team', 'production', 1), {})).status).toBe(200);
      const added = Array.from({ length: 30 }, (_, i) => `added-${i}`);
      const answers = await Promise.all(
        added.map((uuid, i) =>
          fetch(`${i % 2 === 0 ? a.url : b.url}/api/mate/team/production/update-functions`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ functions: [{ uuid, name: `Added ${i}`, type: 'instruct' }] }),
          }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(added.map(() => 200));
      const { doc } = await readFlow(b.url);
      const ids = new Set(doc.nodes.map((node) => node.id));
      for (const uuid of added) expect(ids.has(uuid)).toBe(true);
    },
  );
});

describe('sign-ins with a token, behind one address', () => {
  it(
    'a browser signed in through one server is signed in through the other, and signing out through either ends it',
    { timeout: 60_000 },
    async () => {
      const url = await database();
      const token = 'team-token-for-two-servers';
      const [a, b] = await Promise.all([
        spawnOn(url, CLI, undefined, { FLOW_TOKEN: token }),
        spawnOn(url, CLI, undefined, { FLOW_TOKEN: token }),
      ]);
      const signIn = await fetch(`${a.url}/signin`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: a.url },
        body: new URLSearchParams({ token, next: '/' }).toString(),
      });
      expect(signIn.status).toBe(303);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^flow_session=.+/);
      const session = async (server: string): Promise<unknown> =>
        (await fetch(`${server}/api/session`, { headers: { Cookie: cookie } })).json();
      expect(await session(b.url)).toEqual({ tokenRequired: true, signedIn: true });
      expect((await fetch(`${b.url}/api/plans`, { headers: { Cookie: cookie } })).status).toBe(200);
      // What the database keeps is a hash of the sign-in, never the cookie's value.
      const sql = postgres(url, { max: 1, onnotice: () => undefined });
      cleanup.push(() => sql.end());
      const kept = await sql<{ hash: string }[]>`select hash from sign_ins`;
      expect(kept).toHaveLength(1);
      expect(cookie).not.toContain(kept[0]?.hash ?? '');
      const out = await fetch(`${b.url}/api/session`, { method: 'DELETE', headers: { Cookie: cookie, Origin: b.url } });
      expect(out.status).toBe(204);
      expect(await session(a.url)).toEqual({ tokenRequired: true, signedIn: false });
    },
  );
});

describe('a server killed with SIGKILL in the middle of a publish', () => {
  // Steps inside the publish's transaction: 1 the flow's row written, 2 the publish record written (not yet committed).
  it.each([
    { count: 1, step: 'row-written' },
    { count: 2, step: 'record-written' },
  ])(
    'after step $count ($step): the database keeps the previous publish, flow and record alike',
    { timeout: 60_000 },
    async ({ count, step }) => {
      const url = await database();
      const first = await spawnOn(url);
      const old = { ...sampleFlow('team', 'production', 2), systemPrompt: 'Old prompt' };
      const published = await fetch(`${first.url}${FLOW}/publish`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' },
        body: JSON.stringify(old),
      });
      expect(published.status).toBe(200);
      const etag = published.headers.get('etag') ?? '';
      await killHard(first.child);

      const pausing = await spawnOn(url, PAUSING, [url, String(count)]);
      const request = fetch(`${pausing.url}${FLOW}/publish`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'If-Match': etag },
        body: JSON.stringify({ ...sampleFlow('team', 'production', 5), systemPrompt: 'New prompt' }),
      }).catch(() => null);
      const [, paused] = await waitForOutput(pausing.child, 'stderr', /paused after ([a-z-]+) \(step \d+\)/);
      expect(paused).toBe(step);
      await killHard(pausing.child);
      expect(await request).toBeNull();

      const after = await spawnOn(url);
      const { doc } = await readFlow(after.url);
      const sql = postgres(url, { max: 1, onnotice: () => undefined });
      cleanup.push(() => sql.end());
      const history = await sql<{ system_message: string }[]>`select system_message from publishes order by published_at desc`;
      // Never half: the flow's prompt is the newest record's, and here the transaction never committed.
      expect(doc.systemPrompt).toBe(history[0]?.system_message);
      expect(history.map((row) => row.system_message)).toEqual(['Old prompt']);
      expect(doc.nodes).toHaveLength(3);
      // And the next publish goes through: no lock was left behind.
      const next = await fetch(`${after.url}${FLOW}/publish`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'If-Match': etag },
        body: JSON.stringify({ ...old, systemPrompt: 'Next prompt' }),
      });
      expect(next.status).toBe(200);
    },
  );
});
