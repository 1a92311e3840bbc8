import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFlow, serializeFlow, type FlowDocument } from '@flow/core';
import { PAUSING, killHard, spawnProgram, waitForOutput } from './childProvider.test-helper.js';
import { etagOf } from './http/respond.js';
import { dataPaths } from './store/dataPaths.js';
import { sampleFlow, startTestServer } from './testServer.test-helper.js';

const versionOf = (label: string): FlowDocument => ({
  ...sampleFlow('crash', 'production', 2, label),
  systemPrompt: `${label} prompt`,
  agentContext: `${label} context`,
  agentNotes: `${label} notes`,
});

/** The old state: a flow and the history entry of its publish, consistent with each other. */
async function oldState(dir: string): Promise<string> {
  const paths = dataPaths(dir);
  const text = serializeFlow(versionOf('Old'));
  await mkdir(paths.published('crash', 'production'), { recursive: true });
  await writeFile(paths.flow('crash', 'production'), text);
  const entry = {
    publishedAt: '2024-01-01T00:00:00.000Z',
    system_message: 'Old prompt',
    system_message_prefix: 'Old context',
    system_message_suffix: 'Old notes',
  };
  await writeFile(join(paths.published('crash', 'production'), '2024-01-01T00-00-00.000Z.json'), `${JSON.stringify(entry, null, 2)}\n`);
  return text;
}

const publishes = {
  'POST /api/flows/…/publish': (url: string, etag: string) =>
    fetch(`${url}/api/flows/crash/production/publish`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'If-Match': etag },
      body: JSON.stringify(versionOf('New')),
    }),
  'POST …/system-prompt-custom': (url: string, etag: string) =>
    fetch(`${url}/api/mate/crash/production/system-prompt-custom`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'If-Match': etag },
      body: JSON.stringify({
        system_message_custom: 'New prompt',
        system_message_prefix: 'New context',
        system_message_suffix: 'New notes',
      }),
    }),
};

// Steps of a publish: 1 journal written, 2 flow written, 3 entry written, 4 journal removed.
const cases = [
  { route: 'POST /api/flows/…/publish', count: 1, step: 'journal-written' },
  { route: 'POST /api/flows/…/publish', count: 2, step: 'file-written' },
  { route: 'POST /api/flows/…/publish', count: 3, step: 'file-written' },
  { route: 'POST /api/flows/…/publish', count: 4, step: 'journal-removed' },
  { route: 'POST …/system-prompt-custom', count: 2, step: 'file-written' },
  { route: 'POST …/system-prompt-custom', count: 3, step: 'file-written' },
] as const;

describe('a publish killed with SIGKILL after each of its steps', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it.each(cases)(
    '$route, killed after step $count ($step): a restart shows the new flow with its new entry',
    { timeout: 60_000 },
    async ({ route, count, step }) => {
      const dir = await mkdtemp(join(tmpdir(), 'flow-publish-crash-'));
      cleanup.push(() => rm(dir, { recursive: true, force: true }));
      const oldText = await oldState(dir);

      const child = spawnProgram(PAUSING, [dir, String(count)]);
      cleanup.push(() => killHard(child));
      const [, url = ''] = await waitForOutput(child, 'stdout', /listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const request = publishes[route](url, etagOf(oldText)).catch(() => null);
      const [, paused] = await waitForOutput(child, 'stderr', /paused after ([a-z-]+) \(step \d+\)/);
      expect(paused).toBe(step);
      await killHard(child);
      expect(await request).toBeNull(); // the answer never came: the process died first

      const restarted = await startTestServer({ dir, seedDir: null });
      cleanup.push(() => restarted.close());
      const parsed = parseFlow(await (await restarted.call('GET', '/api/flows/crash/production')).text());
      if (!parsed.ok) throw new Error('the flow does not parse after the restart');
      const history: { publishedAt: string; system_message: string }[] = [];
      const folder = dataPaths(dir).published('crash', 'production');
      for (const name of await readdir(folder)) history.push(JSON.parse(await readFile(join(folder, name), 'utf8')));
      history.sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1));

      // The invariant: the flow's prompt is the newest entry's, and the entry is new exactly when the flow is.
      expect(parsed.doc.systemPrompt).toBe(history[0]?.system_message);
      expect(history).toHaveLength(parsed.doc.systemPrompt === 'New prompt' ? 2 : 1);
      // Every step here comes after the journal was written, so the publish is finished, not undone.
      expect(parsed.doc).toMatchObject({ systemPrompt: 'New prompt', agentContext: 'New context', agentNotes: 'New notes' });
      const leftovers = (await readdir(dataPaths(dir).plan('crash'), { recursive: true })).filter((name) => /(^|\/)\./.test(name));
      expect(leftovers).toEqual([]);
    },
  );
});
