// The guarantees every store gives the routes (storage.ts), as one suite: each implementation
// runs it (storage.test.ts for the folder store). A store passes only if a route could not tell
// it from another.
import { isRecord, type FlowDocument, type FlowTests, type Workflow } from '@flow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/HttpError.js';
import { sampleFlow } from '../testServer.test-helper.js';
import type { Storage } from './storage.js';

/** A store to test, fresh and empty, and how to throw it away. */
export interface OpenedStorage {
  storage: Storage;
  close(): Promise<void>;
}

const workflow = (planId: string, id: string, name: string): Workflow => ({
  id,
  name,
  description: `About ${name}`,
  updated_at: '2026-11-25T10:00:00.000Z',
  plan_id: planId,
  json: { steps: [{ skill: 'message', name: 'Say hello', config: { text: 'Hello' } }] },
});

/** The plan's flow with one more function, as a change that keeps what the store holds now. */
const withNote = (note: string) => (current: { doc: FlowDocument | null }) => {
  const doc = current.doc ?? sampleFlow('p', 'production', 1);
  return { ...doc, agentNotes: `${doc.agentNotes} ${note}`.trim() };
};

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

export function storageContract(name: string, open: () => Promise<OpenedStorage>): void {
  describe(`storage contract: ${name}`, () => {
    let opened: OpenedStorage;
    let storage: Storage;
    beforeEach(async () => {
      opened = await open();
      storage = opened.storage;
    });
    afterEach(async () => {
      await opened.close();
    });

    describe('flows', () => {
      it('reads a version never written as the empty flow, not existing, and readValid refuses it with 404', async () => {
        const stored = await storage.flows.read('p', 'production');
        expect(stored).toMatchObject({ exists: false, doc: { planId: 'p', versionName: 'production', nodes: [] } });
        expect(await statusOf(storage.flows.readValid('p', 'production'))).toBe(404);
      });

      it('gives back what was written, with a new ETag for each change and the same ETag for the same bytes', async () => {
        const saved = await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 3));
        const read = await storage.flows.readValid('p', 'production');
        expect(read.doc).toEqual(sampleFlow('p', 'production', 3));
        expect(read.etag).toBe(saved.etag);
        expect(read.text).toBe(saved.text);
        const changed = await storage.flows.update('p', 'production', withNote('Changed.'));
        expect(changed.etag).not.toBe(saved.etag);
        expect((await storage.flows.read('p', 'production')).etag).toBe(changed.etag);
      });

      it('applies changes of one flow one after the other, each to what the one before left: none is lost', async () => {
        await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        await Promise.all(Array.from({ length: 20 }, (_, i) => storage.flows.update('p', 'production', withNote(`n${i}`))));
        const notes = (await storage.flows.readValid('p', 'production')).doc.agentNotes;
        for (let i = 0; i < 20; i++) expect(notes.split(' ')).toContain(`n${i}`);
      });

      it('writes nothing when the change throws, and the error reaches the caller', async () => {
        const before = await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 2));
        const refused = storage.flows.update('p', 'production', () => {
          throw new HttpError(412, 'PRECONDITION_FAILED', 'changed elsewhere');
        });
        expect(await statusOf(refused)).toBe(412);
        expect((await storage.flows.read('p', 'production')).etag).toBe(before.etag);
      });

      it('keeps plans and versions apart and lists them sorted', async () => {
        await storage.flows.update('b', 'production', () => sampleFlow('b', 'production', 1));
        await storage.flows.update('a', 'staging', () => sampleFlow('a', 'staging', 2));
        await storage.flows.update('a', 'production', () => sampleFlow('a', 'production', 3));
        const plans = await storage.flows.listPlans();
        expect(plans.map((p) => [p.planId, p.versions])).toEqual([
          ['a', ['production', 'staging']],
          ['b', ['production']],
        ]);
        expect(plans[0]?.nodeCount).toBe(4);
        expect((await storage.flows.readValid('a', 'staging')).doc.nodes).toHaveLength(3);
      });
    });

    describe('tests', () => {
      const tests = (name: string, cassette: FlowTests['cassette'] = null): FlowTests => ({
        flowtest: { flow: 'production.flow.json', tests: [{ name, turns: [{ user: 'Where is my order?' }] }] },
        cassette,
      });
      const recorded = { format: 'flow-cassette/1', tests: { Orders: { model: [], tools: [] } } };

      it('has none for a version until they are written; then gives them back with an ETag, a new one for each change', async () => {
        await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        expect(await storage.tests.read('p', 'production')).toMatchObject({ exists: false, tests: null });
        const first = await storage.tests.update('p', 'production', () => tests('Orders', recorded));
        expect(await storage.tests.read('p', 'production')).toEqual({ exists: true, etag: first.etag, tests: tests('Orders', recorded) });
        const second = await storage.tests.update('p', 'production', () => tests('Refunds'));
        expect(second.etag).not.toBe(first.etag);
        expect(await storage.tests.read('p', 'production')).toEqual({ exists: true, etag: second.etag, tests: tests('Refunds') });
        expect((await storage.tests.read('p', 'staging')).exists).toBe(false);
      });

      it('hands the change what is stored now, writes nothing when it throws, and keeps the flow as it was', async () => {
        const flow = await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        const saved = await storage.tests.update('p', 'production', (current) => {
          expect(current.exists).toBe(false);
          return tests('Orders');
        });
        const refused = storage.tests.update('p', 'production', (current) => {
          expect(current).toEqual(saved);
          throw new HttpError(412, 'PRECONDITION_FAILED', 'changed elsewhere');
        });
        expect(await statusOf(refused)).toBe(412);
        expect(await storage.tests.read('p', 'production')).toEqual(saved);
        expect((await storage.flows.read('p', 'production')).etag).toBe(flow.etag);
      });

      it('refuses tests for a version whose flow was never written with 404, storing nothing', async () => {
        expect(await statusOf(storage.tests.update('p', 'production', () => tests('Orders')))).toBe(404);
        expect((await storage.tests.read('p', 'production')).exists).toBe(false);
      });

      it('applies concurrent changes one after the other, each seeing the one before', async () => {
        await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        await storage.tests.update('p', 'production', () => tests('t'));
        const names = (t: FlowTests): string[] => {
          const list = t.flowtest.tests;
          return Array.isArray(list) ? list.map((test) => (isRecord(test) && typeof test.name === 'string' ? test.name : '')) : [];
        };
        await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            storage.tests.update('p', 'production', (current) => {
              const before = current.tests === null ? [] : names(current.tests);
              return { ...tests('t'), flowtest: { flow: 'production.flow.json', tests: [...before, `n${i}`].map((name) => ({ name })) } };
            }),
          ),
        );
        const stored = (await storage.tests.read('p', 'production')).tests;
        expect(stored === null ? [] : names(stored).sort()).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 't']);
      });
    });

    describe('publishing', () => {
      it('saves the flow and records its prompt in one step; the history lists publishes newest first', async () => {
        await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        const first = await storage.flows.publish('p', 'production', (current) => ({ ...requireDoc(current), systemPrompt: 'One' }));
        const second = await storage.flows.publish('p', 'production', (current) => ({ ...requireDoc(current), systemPrompt: 'Two' }));
        expect(second.saved.doc.systemPrompt).toBe('Two');
        expect((await storage.flows.readValid('p', 'production')).etag).toBe(second.saved.etag);
        expect(first.entry.publishedAt < second.entry.publishedAt).toBe(true);
        const history = await storage.publishes.list('p', 'production');
        expect(history.map((e) => e.system_message)).toEqual(['Two', 'One']);
        expect(history[0]).toEqual(second.entry);
        expect(history[0]?.system_message_prefix).toBe(second.saved.doc.agentContext);
        expect(history[0]?.system_message_suffix).toBe(second.saved.doc.agentNotes);
        expect(history[0]?.id).toBe(second.entry.publishedAt.replace(/[:.]/g, '-'));
      });

      it('keeps the flow of each publish, to roll back to, and marks a rollback with the publish it brought back', async () => {
        await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        const first = await storage.flows.publish('p', 'production', (current) => ({ ...requireDoc(current), systemPrompt: 'One' }));
        await storage.flows.publish('p', 'production', () => ({ ...sampleFlow('p', 'production', 4), systemPrompt: 'Two' }));
        const kept = await storage.publishes.flowOf('p', 'production', first.entry.id);
        expect(kept).toBe(first.saved.text);
        expect(await storage.publishes.flowOf('p', 'production', '2000-01-01T00-00-00-000Z')).toBeNull();
        expect(await storage.publishes.flowOf('p', 'production', '../../etc/passwd')).toBeNull();
        expect(await storage.publishes.flowOf('p', 'staging', first.entry.id)).toBeNull();
        const back = await storage.flows.publish('p', 'production', () => first.saved.doc, { rollbackOf: first.entry.id });
        expect(back.saved.text).toBe(first.saved.text);
        expect(back.entry).toMatchObject({ system_message: 'One', rollbackOf: first.entry.id });
        const history = await storage.publishes.list('p', 'production');
        expect(history.map((e) => [e.system_message, e.rollbackOf])).toEqual([
          ['One', first.entry.id],
          ['Two', undefined],
          ['One', undefined],
        ]);
        expect((await storage.flows.readValid('p', 'production')).doc.nodes).toHaveLength(2);
      });

      it('records a publish of an unchanged flow, keeping its ETag', async () => {
        const saved = await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        const published = await storage.flows.publish('p', 'production', (current) => requireDoc(current));
        expect(published.saved.etag).toBe(saved.etag);
        expect(await storage.publishes.list('p', 'production')).toHaveLength(1);
      });

      it('gives publishes at the same moment distinct times, and keeps each version its own history', async () => {
        await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        await storage.flows.update('p', 'staging', () => sampleFlow('p', 'staging', 1));
        const entries = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            storage.flows.publish('p', 'production', (current) => ({ ...requireDoc(current), systemPrompt: `P${i}` })),
          ),
        );
        expect(new Set(entries.map((e) => e.entry.publishedAt)).size).toBe(5);
        expect(await storage.publishes.list('p', 'production')).toHaveLength(5);
        expect(await storage.publishes.list('p', 'staging')).toEqual([]);
      });

      it('lists every published plan version once, with its last publish, by plan then version; a version only saved is not listed', async () => {
        expect(await storage.publishes.latest()).toEqual([]);
        await storage.flows.update('b', 'production', () => sampleFlow('b', 'production', 1));
        await storage.flows.update('a', 'draft-only', () => sampleFlow('a', 'draft-only', 1));
        await storage.flows.publish('b', 'staging', () => ({ ...sampleFlow('b', 'staging', 1), systemPrompt: 'S' }));
        await storage.flows.publish('b', 'production', () => ({ ...sampleFlow('b', 'production', 1), agentContext: 'Old' }));
        const last = await storage.flows.publish('b', 'production', () => ({ ...sampleFlow('b', 'production', 1), agentContext: 'New' }));
        const a = await storage.flows.publish('a', 'production', () => sampleFlow('a', 'production', 2));
        const latest = await storage.publishes.latest();
        expect(latest.map(({ planId, versionName }) => `${planId}/${versionName}`)).toEqual(['a/production', 'b/production', 'b/staging']);
        expect(latest[0]?.entry).toEqual(a.entry);
        expect(latest[1]?.entry).toEqual(last.entry);
        expect(latest[1]?.entry.system_message_prefix).toBe('New');
        expect(latest[2]?.entry.system_message).toBe('S');
      });

      it("names a version's newest publish by its id, from the names alone; null for one never published", async () => {
        expect(await storage.publishes.newestId('p', 'production')).toBeNull();
        await storage.flows.publish('p', 'production', () => sampleFlow('p', 'production', 1));
        const second = await storage.flows.publish('p', 'production', () => ({ ...sampleFlow('p', 'production', 1), systemPrompt: 'Two' }));
        expect(await storage.publishes.newestId('p', 'production')).toBe(second.entry.id);
        expect(await storage.publishes.newestId('p', 'staging')).toBeNull();
      });

      it('records nothing when the change throws', async () => {
        const before = await storage.flows.update('p', 'production', () => sampleFlow('p', 'production', 1));
        const refused = storage.flows.publish('p', 'production', () => {
          throw new HttpError(412, 'PRECONDITION_FAILED', 'changed elsewhere');
        });
        expect(await statusOf(refused)).toBe(412);
        expect(await storage.publishes.list('p', 'production')).toEqual([]);
        expect((await storage.flows.read('p', 'production')).etag).toBe(before.etag);
      });
    });

    describe('sign-ins', () => {
      it('keeps the expiry of a sign-in by its hash until it is deleted', async () => {
        expect(await storage.signIns.get('hash-a')).toBeUndefined();
        await storage.signIns.set('hash-a', 1_900_000_000_000);
        await storage.signIns.set('hash-b', 1_900_000_000_001);
        expect(await storage.signIns.get('hash-a')).toBe(1_900_000_000_000);
        await storage.signIns.set('hash-a', 1_900_000_000_500);
        expect(await storage.signIns.get('hash-a')).toBe(1_900_000_000_500);
        await storage.signIns.delete('hash-a');
        expect(await storage.signIns.get('hash-a')).toBeUndefined();
        expect(await storage.signIns.get('hash-b')).toBe(1_900_000_000_001);
      });
    });

    describe('secrets', () => {
      it('keeps sealed secrets by name: a put adds or replaces, a delete says whether there was one', async () => {
        const at = '2026-11-27T10:00:00.000Z';
        expect(await storage.secrets.list()).toEqual([]);
        expect(await storage.secrets.put({ name: 'B_TOKEN', sealed: 'v1.a.b.c', updatedAt: at })).toBe(true);
        expect(await storage.secrets.put({ name: 'A_KEY', sealed: 'v1.d.e.f', updatedAt: at })).toBe(true);
        expect(await storage.secrets.put({ name: 'B_TOKEN', sealed: 'v1.g.h.i', updatedAt: at })).toBe(false);
        const listed = await storage.secrets.list();
        expect([...listed].sort((x, y) => x.name.localeCompare(y.name))).toEqual([
          { name: 'A_KEY', sealed: 'v1.d.e.f', updatedAt: at },
          { name: 'B_TOKEN', sealed: 'v1.g.h.i', updatedAt: at },
        ]);
        expect(await storage.secrets.delete('A_KEY')).toBe(true);
        expect(await storage.secrets.delete('A_KEY')).toBe(false);
        expect((await storage.secrets.list()).map((secret) => secret.name)).toEqual(['B_TOKEN']);
      });

      it('applies concurrent puts one after the other, losing none', async () => {
        const at = '2026-11-27T10:00:00.000Z';
        await Promise.all(Array.from({ length: 12 }, (_, i) => storage.secrets.put({ name: `S_${i}`, sealed: `v1.${i}`, updatedAt: at })));
        expect(await storage.secrets.list()).toHaveLength(12);
      });
    });

    describe('workflows and sessions', () => {
      it('saves, lists and gets the workflows of a plan, and a save of the same id replaces it', async () => {
        await storage.workflows.save(workflow('p', 'wf-1', 'Book a demo'));
        await storage.workflows.save(workflow('p', 'wf-2', 'Weekly report'));
        await storage.workflows.save(workflow('q', 'wf-3', 'Elsewhere'));
        await storage.workflows.save({ ...workflow('p', 'wf-1', 'Book a call'), description: 'Changed' });
        const listed = await storage.workflows.list('p');
        expect(listed.map((w) => w.name).sort()).toEqual(['Book a call', 'Weekly report']);
        expect(await storage.workflows.get('p', 'wf-1')).toMatchObject({ name: 'Book a call', description: 'Changed' });
        expect(await storage.workflows.get('p', 'wf-3')).toBeNull();
        expect(await storage.workflows.get('p', 'missing')).toBeNull();
      });

      it('keeps a session with the workflow as it was when the session began', async () => {
        const saved = await storage.workflows.save(workflow('p', 'wf-1', 'Book a demo'));
        const session = await storage.workflows.createSession(saved, '2026-11-25T10:00:00.000Z');
        await storage.workflows.save({ ...saved, name: 'Renamed later' });
        const again = await storage.workflows.getSession('p', session.id);
        expect(again).toMatchObject({ planId: 'p', workflowId: 'wf-1', createdAt: '2026-11-25T10:00:00.000Z' });
        expect(again?.workflow.name).toBe('Book a demo');
        expect(await storage.workflows.getSession('q', session.id)).toBeNull();
        expect(await storage.workflows.getSession('p', 'no-such-session')).toBeNull();
      });
    });
  });
}

function requireDoc(current: { doc: FlowDocument | null }): FlowDocument {
  if (!current.doc) throw new Error('the flow was written before');
  return current.doc;
}
