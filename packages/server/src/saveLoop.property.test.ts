import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowConflictError, createClient, createPlanSession, type FlowDocument, type PlanSession } from '@flow/core';
import { sampleFlow, startTestServer, type TestServer } from './testServer.test-helper.js';

/**
 * Editors, Play and flowctl-like writers over one provider, in any order and two at a time: an
 * edit the provider acknowledged to anyone is never lost. Each edit is a unique marker appended to
 * the agent notes; a writer refused with a conflict takes the provider's flow and puts its own
 * unacknowledged markers back on top, as a person choosing Reload and retyping would.
 */

type Write = 'save' | 'publish' | 'prompt';
type Op =
  { kind: 'edit'; writer: number } | { kind: 'write'; writer: number; how: Write } | { kind: 'both'; a: number; b: number; how: Write };

const WRITERS = 3;
const writer = fc.nat(WRITERS - 1);
const how = fc.constantFrom<Write>('save', 'publish', 'prompt');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('edit' as const), writer }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('write' as const), writer, how }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('both' as const), a: writer, b: writer, how }), weight: 2 },
);

interface Writer {
  plan: PlanSession;
  prompt: (doc: FlowDocument) => Promise<void>;
  local: FlowDocument;
  /** Markers typed here that the provider has not acknowledged. */
  pending: string[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDir: null });
});
afterAll(() => server.close());

let plans = 0;

async function newWriter(planId: string): Promise<Writer> {
  const client = createClient({ baseUrl: server.url, retries: 0 });
  const plan = createPlanSession(client, planId, 'production');
  const { doc } = await plan.load();
  const prompt = async (d: FlowDocument): Promise<void> => {
    await client.updateCustomSystemPrompt(planId, 'production', {
      system_message_custom: d.systemPrompt,
      system_message_prefix: d.agentContext,
      system_message_suffix: d.agentNotes,
    });
  };
  return { plan, prompt, local: doc, pending: [] };
}

/** One write of a writer: on success its markers are acknowledged; on a conflict it rebases. */
async function write(w: Writer, kind: Write, acknowledged: Set<string>): Promise<void> {
  const doc = w.local;
  const sent = [...w.pending];
  try {
    if (kind === 'save') await w.plan.save(doc);
    else if (kind === 'publish') await w.plan.publish({ ...doc, systemPrompt: `Published with ${sent.length} new` });
    else await w.prompt(doc);
    for (const marker of sent) acknowledged.add(marker);
    w.pending = w.pending.filter((m) => !sent.includes(m));
  } catch (error) {
    if (!(error instanceof FlowConflictError)) throw error;
    const { doc: theirs } = await w.plan.load();
    w.local = { ...theirs, agentNotes: [theirs.agentNotes, ...w.pending].join(' ') };
  }
}

describe('the save loop', () => {
  it('never loses an acknowledged edit, whatever the interleaving of saves, Play and outside writes', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 24 }), async (ops) => {
        const planId = `loop-${++plans}`;
        const created = await server.call('PUT', `/api/flows/${planId}/production`, {
          json: sampleFlow(planId, 'production', 2),
          headers: { 'If-None-Match': '*' },
        });
        expect(created.status).toBe(200);
        const writers = await Promise.all(Array.from({ length: WRITERS }, () => newWriter(planId)));
        const at = (i: number): Writer => {
          const w = writers[i % WRITERS];
          if (w === undefined) throw new Error(`no writer ${i}`);
          return w;
        };
        const acknowledged = new Set<string>();
        let markers = 0;
        for (const op of ops) {
          if (op.kind === 'edit') {
            const w = at(op.writer);
            const marker = `m${++markers}`;
            w.local = { ...w.local, agentNotes: `${w.local.agentNotes} ${marker}` };
            w.pending.push(marker);
          } else if (op.kind === 'write') {
            await write(at(op.writer), op.how, acknowledged);
          } else {
            await Promise.all([write(at(op.a), op.how, acknowledged), write(at(op.b), 'save', acknowledged)]);
          }
          const stored = await server.call('GET', `/api/flows/${planId}/production`);
          const notes = ((await stored.json()) as FlowDocument).agentNotes.split(' ');
          for (const marker of acknowledged) expect(notes).toContain(marker);
        }
      }),
      { numRuns: 30 },
    );
  });
});
