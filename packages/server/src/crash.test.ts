import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseFlow, serializeFlow } from '@flow/core';
import { killHard, spawnProvider } from './childProvider.test-helper.js';
import { isTempFile } from './store/atomicWrite.js';
import { sampleFlow, startTestServer } from './testServer.test-helper.js';

async function jsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && !isTempFile(e.name)).map((e) => join(e.parentPath, e.name));
}

describe('a provider killed with SIGKILL in the middle of a stream of writes', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step();
  });

  it('leaves every file whole: each flow is one of the versions sent, every JSON file parses', { timeout: 90_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-crash-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const { child, url } = await spawnProvider(dir);
    cleanup.push(() => killHard(child));
    const sent = new Set<string>();
    const rounds = new Map<string, number>();
    const refused: string[] = [];
    let stop = false;
    const writer = async (version: string): Promise<void> => {
      // Each write states what it replaces: the ETag of the writer's last write, or "nothing yet".
      let etag: string | null = null;
      const precondition = (): Record<string, string> => (etag === null ? { 'If-None-Match': '*' } : { 'If-Match': etag });
      for (let round = 0; !stop; round++) {
        const doc = sampleFlow('crash', version, 300 + (round % 5) * 100, `${version} round ${round}`);
        const publish = { system_message_custom: `Prompt ${round}`, system_message_prefix: 'P', system_message_suffix: 'S' };
        // What the file may hold: the document as sent, or as published right after.
        sent.add(serializeFlow(doc));
        sent.add(serializeFlow({ ...doc, systemPrompt: publish.system_message_custom, agentContext: 'P', agentNotes: 'S' }));
        const workflow = {
          id: `wf-${version}`,
          name: `Workflow ${round}`,
          plan_id: 'crash',
          json: { steps: [{ skill: 's', name: `n${round}`, config: { round } }] },
        };
        try {
          const headers = { 'Content-Type': 'application/json' };
          const put = await fetch(`${url}/api/flows/crash/${version}`, {
            method: 'PUT',
            headers: { ...headers, ...precondition() },
            body: JSON.stringify(doc),
          });
          etag = put.headers.get('etag');
          const published = await fetch(`${url}/api/mate/crash/${version}/system-prompt-custom`, {
            method: 'POST',
            headers: { ...headers, ...precondition() },
            body: JSON.stringify(publish),
          });
          etag = published.headers.get('etag');
          const saved = await fetch(`${url}/api/workflows/save`, { method: 'POST', headers, body: JSON.stringify(workflow) });
          for (const res of [put, published, saved]) if (res.status !== 200) refused.push(`${version} round ${round}: ${res.status}`);
          rounds.set(version, (rounds.get(version) ?? 0) + 1);
        } catch {
          return; // the provider is gone
        }
      }
    };
    const writers = ['v1', 'v2', 'v3', 'v4'].map(writer);
    // Kill once every writer has finished two rounds, while each is in the middle of the next.
    await vi.waitFor(
      () => {
        expect(refused).toEqual([]);
        for (const version of ['v1', 'v2', 'v3', 'v4']) expect(rounds.get(version) ?? 0, version).toBeGreaterThanOrEqual(2);
      },
      { timeout: 30_000, interval: 5 },
    );
    await killHard(child);
    stop = true;
    await Promise.all(writers);

    const files = await jsonFiles(dir);
    expect(files.filter((f) => f.endsWith('.flow.json')).length).toBe(4);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      if (file.endsWith('.flow.json')) {
        expect(parseFlow(text).ok).toBe(true);
        expect(sent.has(text)).toBe(true);
      } else {
        expect(() => JSON.parse(text)).not.toThrow();
      }
    }

    const restarted = await startTestServer({ dir, seedDir: null });
    cleanup.push(() => restarted.close());
    for (const version of ['v1', 'v2', 'v3', 'v4']) {
      expect((await restarted.call('GET', `/api/flows/crash/${version}`)).status).toBe(200);
    }
    expect((await restarted.call('GET', '/api/workflows/plans/crash')).status).toBe(200);
  });
});
