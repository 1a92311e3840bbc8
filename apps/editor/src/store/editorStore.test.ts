// The editor's store and its actions as plain unit tests: no browser, no provider. The browser
// suite checks what a person sees; this checks what each action does to the flow and history.
import { notesTo } from './notes.test-helper';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeChains, createClient, createPromptData, flowMessages, parseFlow, serializeFlow, type FlowDocument } from '@flow/core';
import { startServer } from '@flow/server';
import { describe, expect, it, vi } from 'vitest';
import { actionForKey, isEnabled, runAction } from '../actions/actions';
import { createEditorStore, type EditorStore } from './createEditorStore';
import supportDesk from '../../../../examples/support-desk/production.flow.json';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function example(): FlowDocument {
  const parsed = parseFlow(JSON.stringify(supportDesk));
  if (!parsed.ok) throw new Error('the support-desk example does not parse');
  return parsed.doc;
}

function editor() {
  const notes: string[] = [];
  const store = createEditorStore({
    planId: 'support-desk',
    versionName: 'production',
    client: null,
    notify: notesTo((m) => notes.push(m)),
  });
  store.getState().loadDoc(example());
  return { store, state: () => store.getState(), notes };
}

describe('editor store', () => {
  it('adds a node as one undo step; undo gives back the very document before it, redo the one after', () => {
    const { state } = editor();
    const before = state().doc;
    const id = state().addNode({ type: 'prompt', data: createPromptData() }, { newChain: true });
    const after = state().doc;
    expect(after.nodes).toHaveLength(before.nodes.length + 1);
    expect(after.nodes.find((n) => n.id === id)?.chain).toBe(String(Number(before.nodes.at(-1)?.chain ?? 0) + 1));
    state().undo();
    expect(state().doc.nodes.map((n) => n.id)).toEqual(before.nodes.map((n) => n.id));
    state().redo();
    expect(state().doc.nodes.map((n) => n.id)).toEqual(after.nodes.map((n) => n.id));
  });

  it('typing goes to the flow at each key; a burst in one field is one undo step, ended by a pause or by leaving the field', () => {
    const { state } = editor();
    let now = 1000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const prompt = { key: 'system-prompt', pauseMs: 600 };
      const original = state().doc.systemPrompt;
      const steps = state().history.past.length;
      for (const text of ['H', 'He', 'Hello']) {
        state().setText('systemPrompt', text, prompt);
        expect(state().doc.systemPrompt).toBe(text);
        now += 100;
      }
      expect(state().history.past).toHaveLength(steps + 1);
      // A pause longer than the field's: the next key starts a step of its own.
      now += 600;
      state().setText('systemPrompt', 'Hello there', prompt);
      // Another field in between ends the burst too.
      state().setText('agentNotes', 'note', { key: 'notes', pauseMs: 600 });
      state().setText('systemPrompt', 'Hello there!', prompt);
      // Leaving the field ends it as well.
      state().endEdit('system-prompt');
      state().setText('systemPrompt', 'Hello there!!', prompt);
      expect(state().history.past).toHaveLength(steps + 5);
      const undone = [];
      for (let i = 0; i < 5; i++) {
        state().undo();
        undone.push([state().doc.systemPrompt, state().doc.agentNotes]);
      }
      const notes = example().agentNotes;
      expect(undone).toEqual([
        ['Hello there!', 'note'],
        ['Hello there', 'note'],
        ['Hello there', notes],
        ['Hello', notes],
        [original, notes],
      ]);
    } finally {
      clock.mockRestore();
    }
  });

  it('undo leaves the side panel where it is, unless it takes a selected node away', () => {
    const { state } = editor();
    state().updateNodeData('support-greet', (node) => ({ ...node, position: { x: 1, y: 2 } }));
    state().setActiveTab('schema-prompt');
    state().undo();
    expect(state().panelTab).toBe('advanced');
    state().redo();
    expect(state().panelTab).toBe('advanced');
    // A node added (and selected), then undone: its Properties go, the Functions come.
    state().addNode({ type: 'prompt', data: createPromptData() }, { newChain: true });
    expect(state().panelTab).toBe('properties');
    state().undo();
    expect(state().selectedNodeIds).toEqual([]);
    expect(state().panelTab).toBe('functions');
  });

  it('an edit of one node keeps every other node object as it was (structural sharing)', () => {
    const { state } = editor();
    const before = state().doc.nodes;
    state().updateNodeData('support-greet', (node) => ({ ...node, position: { x: 1, y: 2 } }));
    const after = state().doc.nodes;
    const changed = after.filter((node, i) => node !== before[i]).map((n) => n.id);
    expect(changed).toEqual(['support-greet']);
  });

  it('undo and redo restore by reference: the arrays of the state they return to, not copies', () => {
    const { state } = editor();
    const before = state().doc;
    state().updateNodeData('support-greet', (node) => ({ ...node, position: { x: 1, y: 2 } }));
    const after = state().doc;
    // A text or position edit leaves the edges as they were, the very same array.
    expect(after.edges).toBe(before.edges);
    state().undo();
    expect(state().doc.nodes).toBe(before.nodes);
    expect(state().doc.edges).toBe(before.edges);
    state().redo();
    expect(state().doc.nodes).toBe(after.nodes);
    expect(state().doc.edges).toBe(before.edges);
  });

  it('adding or deleting a node makes new objects only for what changed, however large the flow', () => {
    const { state } = editor();
    const before = state().doc;
    const id = state().addNode({ type: 'prompt', data: createPromptData() }, { newChain: true });
    const added = state().doc;
    // Every node that was there is the same object; one node and one edge (the link to the new chain) are new.
    expect(added.nodes.filter((n) => !before.nodes.includes(n)).map((n) => n.id)).toEqual([id]);
    expect(added.edges.filter((e) => !before.edges.includes(e))).toHaveLength(1);
    state().removeNodes([id]);
    const removed = state().doc;
    expect(removed.nodes.filter((n) => !added.nodes.includes(n))).toEqual([]);
    expect(removed.edges.filter((e) => !added.edges.includes(e))).toEqual([]);
  });

  it('refuses an edge into a node that has one, and a node connected to itself, changing nothing', () => {
    const { state } = editor();
    const doc = state().doc;
    expect(state().connectNodes('support-greet', 'support-greet')).toBe('Error: Cannot connect a node to itself');
    expect(state().connectNodes('support-greet', 'support-lookup-order')).toMatch(/already has an incoming edge/);
    expect(state().doc).toBe(doc);
  });
});

describe('generated flows and analysed chains', () => {
  const generated = {
    nodes: [
      { type: 'prompt' as const, label: 'Greet', description: '', prompt: 'Say hello.', emoji: '👋' },
      { type: 'function' as const, label: 'Find booking', description: 'Looks it up', prompt: 'Find the booking.', emoji: '🔎' },
    ],
    lastUpdated: '2026-11-25T10:00:00.000Z',
  };

  it('inserts a generated flow as one new chain in one undo step, selecting its nodes; old nodes keep their objects', () => {
    const { state } = editor();
    const before = state().doc;
    const ids = state().insertGenerated(generated);
    expect(ids).toHaveLength(2);
    expect(state().selectedNodeIds).toEqual(ids);
    const added = state().doc.nodes.filter((node) => ids.includes(node.id));
    expect(new Set(added.map((node) => node.chain)).size).toBe(1);
    expect(state().currentChain).toBe(added[0]?.chain);
    // The old nodes keep their objects: the link to the new chain is an edge.
    const changed = state()
      .doc.nodes.filter((node) => !before.nodes.includes(node))
      .map((node) => node.id);
    expect(changed.filter((id) => !ids.includes(id))).toHaveLength(0);
    state().undo();
    expect(state().doc).toStrictEqual(before);
    expect(state().doc.nodes).toBe(before.nodes);
  });

  it("'Add to flow' replaces the nodes with the chain's functions in one undo step", () => {
    const { state } = editor();
    const before = state().doc;
    const functions = before.nodes.flatMap((node) => (node.type === 'function' ? [node.data] : []));
    const [chain] = analyzeChains(functions).chains;
    if (!chain) throw new Error('the example has no chain of functions');
    const count = state().addChainToFlow(chain);
    expect(count).toBeGreaterThan(0);
    expect(state().doc.nodes.map((node) => node.id)).toEqual(chain.nodes.filter((n) => n.exists).map((n) => n.uuid));
    expect(state().doc.systemPrompt).toBe(before.systemPrompt);
    state().undo();
    expect(state().doc.nodes).toBe(before.nodes);
  });
});

describe('actions on the store', () => {
  it('Delete with nothing selected does not apply (the key stays the browser’s); with a node selected it removes it', () => {
    const { state } = editor();
    expect(runAction('delete', state())).toBe(false);
    state().selectNode('support-lookup-order');
    expect(runAction('delete', state())).toBe(true);
    expect(state().doc.nodes.some((n) => n.id === 'support-lookup-order')).toBe(false);
  });

  it('Edit Node from a node menu selects that node and opens Properties; Enter without a selection does nothing', () => {
    const { state } = editor();
    expect(runAction('edit', state())).toBe(false);
    expect(runAction('edit', state(), { nodeId: 'support-capture-order' })).toBe(true);
    expect(state().selectedNodeIds).toEqual(['support-capture-order']);
    expect(state().panelTab).toBe('properties');
  });

  it('Ctrl+D duplicates one selected node and nothing with two; a menu duplicates its own node', () => {
    const { state } = editor();
    const count = () => state().doc.nodes.length;
    const start = count();
    state().setSelection(['support-greet', 'support-lookup-order']);
    const key = actionForKey({ key: 'd', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false });
    expect(key).toBe('duplicate');
    if (key) runAction(key, state());
    expect(count()).toBe(start);
    runAction('duplicate', state(), { nodeId: 'support-greet' });
    expect(count()).toBe(start + 1);
  });

  it('Paste is enabled only after a copy, and pastes where the menu was opened', () => {
    const { state } = editor();
    expect(isEnabled('paste', state())).toBe(false);
    state().selectNode('support-greet');
    expect(runAction('copy', state())).toBe(true);
    expect(isEnabled('paste', state())).toBe(true);
    const start = state().doc.nodes.length;
    expect(runAction('paste', state(), { flowPosition: { x: 500, y: 700 } })).toBe(true);
    const added = state().doc.nodes.slice(start);
    expect(added).toHaveLength(1);
    expect(added[0]?.position).toEqual({ x: 500, y: 700 });
  });

  it('Undo and Redo are enabled only when there is something to undo or redo; Coming soon entries never run', () => {
    const { state } = editor();
    expect(isEnabled('undo', state())).toBe(false);
    expect(isEnabled('redo', state())).toBe(false);
    runAction('addPromptNode', state(), { flowPosition: { x: 0, y: 0 } });
    expect(isEnabled('undo', state())).toBe(true);
    runAction('undo', state());
    expect(isEnabled('redo', state())).toBe(true);
    expect(isEnabled('changeType', state())).toBe(false);
    expect(runAction('groupNodes', state())).toBe(false);
  });
});

/**
 * A store of plan `planId`/`versionName` over a local provider in a new folder (seeded with the
 * examples when `seeded`), which `run` drives; the provider stops and its folder goes afterwards.
 * Any error the store reports fails the test.
 */
async function withProvider(
  { planId, versionName, seeded }: { planId: string; versionName: string; seeded: boolean },
  run: (store: EditorStore, url: string) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'flow-store-'));
  const server = await startServer({ port: 0, dir, seedDir: seeded ? join(repoRoot, 'examples') : null, log: () => {} });
  try {
    const store = createEditorStore({
      planId,
      versionName,
      client: createClient({ baseUrl: server.url }),
      notify: { ...notesTo(() => undefined), error: (m) => expect.fail(m) },
    });
    await run(store, server.url);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the store with a provider', () => {
  it("'Create it' keeps a node added while the plan is being created, and saves it next", () =>
    withProvider({ planId: 'new-plan', versionName: 'draft', seeded: false }, async (store, url) => {
      const state = () => store.getState();
      await state().loadPlan();
      expect(state().planMissing).toBe(true);
      const creating = state().createPlan();
      const id = state().addNode({ type: 'prompt', data: createPromptData() }, { newChain: true });
      await creating;
      expect(state().planMissing).toBe(false);
      expect(state().doc.nodes.map((n) => n.id)).toEqual([id]);
      await expect.poll(() => state().sync.saveState).toBe('saved');
      const stored = parseFlow(await (await fetch(`${url}/api/flows/new-plan/draft`)).text());
      expect(stored.ok && stored.doc.nodes.map((n) => n.id)).toEqual([id]);
    }));

  it("a function's Save that comes back while the flow is being saved is saved next: nothing stays marked unsaved", () =>
    withProvider({ planId: 'support-desk', versionName: 'production', seeded: true }, async (store, url) => {
      const state = () => store.getState();
      await state().loadPlan();
      const id = 'support-lookup-order';
      state().updateFunction(id, (data) => ({ ...data, name: 'Look up the order' }));
      // Save is clicked, then the autosave's wait ends (flush) while the function is being saved:
      // the flow write, sent without the function's record, comes back after it.
      const saving = state().saveFunction(id);
      await Promise.all([saving, store.flush()]);
      await expect.poll(() => state().sync.saveState).toBe('saved');
      const fn = (doc: FlowDocument) => doc.nodes.find((n) => n.id === id);
      expect(fn(state().sync.syncedDoc)).toEqual(fn(state().doc));
      const stored = parseFlow(await (await fetch(`${url}/api/flows/support-desk/production`)).text());
      expect(stored.ok && stored.doc.nodes.find((n) => n.id === id)).toEqual(fn(state().doc));
    }));

  it('keeps the flow as last published: none before Play, exactly what Play published after it, and read back with the plan', () =>
    withProvider({ planId: 'support-desk', versionName: 'production', seeded: true }, async (store, url) => {
      const state = () => store.getState();
      await state().loadPlan();
      expect(state().publishedDoc).toBeNull();
      await state().compileAndPublish();
      const published = state().doc;
      expect(state().publishedDoc).toBe(published);
      const again = createEditorStore({
        planId: 'support-desk',
        versionName: 'production',
        client: createClient({ baseUrl: url }),
        notify: notesTo(() => undefined),
      });
      await again.getState().loadPlan();
      const read = again.getState().publishedDoc;
      expect(read && serializeFlow(read)).toBe(serializeFlow(published));
    }));

  it('asks for the flow as last published only once the first frame has painted', async () => {
    const asked: string[] = [];
    let paint = (): void => {};
    const firstPaint = new Promise<void>((settle) => (paint = settle));
    const flow = example();
    const store = createEditorStore({
      planId: flow.planId,
      versionName: flow.versionName,
      client: createClient({
        baseUrl: 'http://provider.test',
        retries: 0,
        fetch: (url) => {
          asked.push(url.replace('http://provider.test', ''));
          const body = url.endsWith('/published') ? null : url.includes('/api/flows/') ? JSON.stringify(flow) : '[]';
          return Promise.resolve(new Response(body, { status: body === null ? 204 : 200, headers: { ETag: '"v1"' } }));
        },
      }),
      notify: notesTo(() => undefined),
      firstPaint,
    });
    const loaded = store.getState().loadPlan();
    // The flow is on screen (the first frame can paint) without the published flow asked for.
    await expect.poll(() => store.getState().loading).toBe(false);
    expect(store.getState().doc.nodes).toHaveLength(flow.nodes.length);
    expect(asked.some((path) => path.endsWith('/published'))).toBe(false);
    paint();
    await loaded;
    expect(asked.filter((path) => path.endsWith('/published'))).toHaveLength(1);
  });

  it("after a conflict, 'reload' also reads what was published elsewhere meanwhile", () =>
    withProvider({ planId: 'support-desk', versionName: 'production', seeded: true }, async (_store, url) => {
      // The conflict is said as an error: this store's notes are collected, not failures.
      const errors: string[] = [];
      const notify = { ...notesTo(() => undefined), error: (m: string) => void errors.push(m) };
      const store = createEditorStore({
        planId: 'support-desk',
        versionName: 'production',
        client: createClient({ baseUrl: url }),
        notify,
      });
      const state = () => store.getState();
      await state().loadPlan();
      const flowUrl = `${url}/api/flows/support-desk/production`;
      const current = await fetch(flowUrl);
      const theirs = { ...state().doc, agentNotes: 'Published elsewhere.' };
      const etag = current.headers.get('etag') ?? '';
      const published = await fetch(`${flowUrl}/publish`, {
        method: 'POST',
        headers: { 'If-Match': etag, 'Content-Type': 'application/json' },
        body: JSON.stringify(theirs),
      });
      expect(published.status).toBe(200);
      state().setText('agentContext', 'Mine.');
      await store.flush();
      await expect.poll(() => state().sync.saveState).toBe('conflict');
      await state().resolveConflict('reload');
      expect(state().publishedDoc?.agentNotes).toBe('Published elsewhere.');
      expect(errors).toEqual([flowMessages.flowChangedElsewhere]);
    }));
});
