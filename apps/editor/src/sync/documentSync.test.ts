// The save loop's engine alone, over a fake provider, storage and channel: what a person editing
// in one or two tabs would see happen to their edits (never lost, never written over silently).
import {
  addNode,
  ApiError,
  FlowConflictError,
  PlanNotFoundError,
  createFunctionData,
  createPromptData,
  emptyFlow,
  serializeFlow,
  type FlowDocument,
  type FunctionNodeData,
} from '@flow/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDocumentSync,
  type DocumentSync,
  type SyncChannel,
  type SyncFailure,
  type SyncState,
  type SyncTransport,
} from './documentSync';
import type { DraftStorage, LocalDraft } from './draftTypes';

const PLAN = { planId: 'support-desk', versionName: 'production' };
const DELAY_MS = 800;

/** The provider's copy of the plan version: its flow and ETag; `offline` makes every call fail as a dropped connection does. */
class FakeProvider {
  doc: FlowDocument | null;
  version = 1;
  offline = false;
  /** Every write a tab sent, refused or not. */
  attempts = 0;
  readonly writes: Array<{ doc: FlowDocument; overwrite: boolean }> = [];
  constructor(doc: FlowDocument | null) {
    this.doc = doc;
  }
  get etag(): string {
    return `"v${this.version}"`;
  }
  /** Someone else (another browser, flowctl) saves. */
  writeElsewhere(doc: FlowDocument): void {
    this.doc = doc;
    this.version++;
  }
  check(): void {
    if (this.offline) throw new ApiError('Failed to save flow: Failed to fetch', { kind: 'network' });
  }
}

/** A plan session of one tab over the fake provider: it remembers the ETag it last saw, as the real one does. */
function transportOf(provider: FakeProvider): SyncTransport {
  let seen: string | null = null;
  const write = (doc: FlowDocument, overwrite: boolean) => {
    provider.attempts++;
    provider.check();
    if (!overwrite && seen !== provider.etag) throw new FlowConflictError('Flow changed elsewhere', { status: 412 }, provider.etag);
    provider.writes.push({ doc, overwrite });
    provider.writeElsewhere(doc);
    seen = provider.etag;
  };
  return {
    etag: () => seen,
    load: async () => {
      await Promise.resolve();
      provider.check();
      if (!provider.doc) throw new PlanNotFoundError('Plan not found', PLAN.planId, PLAN.versionName);
      seen = provider.etag;
      return { doc: provider.doc, source: 'document' };
    },
    create: async (doc) => {
      await Promise.resolve();
      provider.check();
      if (provider.doc) throw new FlowConflictError('exists', { status: 412 }, provider.etag);
      provider.doc = doc;
      seen = provider.etag;
    },
    save: async (doc, options) => {
      await Promise.resolve();
      write(doc, options?.overwrite ?? false);
    },
    publish: async (doc) => {
      await Promise.resolve();
      write(doc, false);
      return { publishedAt: '2026-11-27T12:00:00Z' };
    },
    saveFunction: async (fn) => {
      await Promise.resolve();
      provider.check();
      const saved: FunctionNodeData = { ...fn, updated_at: '2026-11-27T12:00:00Z' };
      const doc = provider.doc;
      if (doc)
        provider.writeElsewhere({
          ...doc,
          nodes: doc.nodes.map((n) => (n.id === fn.uuid && n.type === 'function' ? { ...n, data: saved } : n)),
        });
      seen = provider.etag;
      return { saved, functions: [], chains: { chains: [], standalone: [] } };
    },
  };
}

/** One browser's local storage of the draft. */
class MemoryDrafts implements DraftStorage {
  draft: LocalDraft | null = null;
  /** The drafts written to be kept before the write returns (a flush: the page may be going away). */
  readonly keptNow: LocalDraft[] = [];
  read(): Promise<LocalDraft | null> {
    return Promise.resolve(this.unsynced());
  }
  unsynced(): LocalDraft | null {
    return this.draft && !this.draft.synced ? this.draft : null;
  }
  write(draft: LocalDraft, options?: { now: boolean }): void {
    this.draft = draft;
    if (options?.now === true) this.keptNow.push(draft);
  }
}

/** The tabs of one browser: what one announces, the others hear. */
function channelHub() {
  const listeners = new Set<(etag: string | null) => void>();
  return (): SyncChannel => {
    let mine: ((etag: string | null) => void) | null = null;
    return {
      announce: (etag) => {
        for (const listener of listeners) if (listener !== mine) listener(etag);
      },
      listen: (onSaved) => {
        mine = onSaved;
        listeners.add(onSaved);
        return () => listeners.delete(onSaved);
      },
    };
  };
}

/** A tab: the engine, the flow on screen (as the store keeps it) and what it was told. */
function openTab(provider: FakeProvider, storage: DraftStorage, channel?: SyncChannel) {
  const tab = {
    shown: emptyFlow(PLAN.planId, PLAN.versionName),
    states: [] as SyncState[],
    replaced: [] as Array<'reload' | 'record'>,
    errors: [] as Array<{ error: unknown; during: SyncFailure }>,
    sync: null as DocumentSync | null,
    get state(): SyncState['saveState'] {
      return this.states.at(-1)?.saveState ?? 'loading';
    },
    engine(): DocumentSync {
      if (!this.sync) throw new Error('no engine');
      return this.sync;
    },
    /** An edit, as the store makes it: a new flow on screen, told to the engine. */
    edit(change: (doc: FlowDocument) => FlowDocument): void {
      this.shown = change(this.shown);
      this.engine().update(this.shown);
    },
  };
  tab.sync = createDocumentSync({
    plan: PLAN,
    transport: transportOf(provider),
    storage,
    channel,
    delayMs: DELAY_MS,
    onState: (state) => tab.states.push(state),
    onDocument: (doc, reason) => {
      tab.shown = doc;
      tab.replaced.push(reason);
    },
    onError: (error, during) => tab.errors.push({ error, during }),
  });
  return tab;
}

async function openLoaded(provider: FakeProvider, storage: DraftStorage, channel?: SyncChannel) {
  const tab = openTab(provider, storage, channel);
  tab.shown = (await tab.engine().load()).doc;
  return tab;
}

const withPrompt = (text: string) => (doc: FlowDocument) => ({ ...doc, systemPrompt: text });
const stored = (provider: FakeProvider) => provider.doc?.systemPrompt;

function seeded(): FlowDocument {
  let doc: FlowDocument = { ...emptyFlow(PLAN.planId, PLAN.versionName), systemPrompt: 'Be kind.' };
  let currentChain = '0';
  ({ doc, currentChain } = addNode(
    doc,
    { type: 'prompt', data: createPromptData('Hello') },
    { currentChain, newChain: true, id: 'greet' },
  ));
  const fn = createFunctionData('instruct', { uuid: 'lookup', planId: PLAN.planId, name: 'Look up' });
  ({ doc } = addNode(doc, { type: 'function', data: fn }, { currentChain, id: 'lookup' }));
  return doc;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the document sync', () => {
  it("reads 'loading' until the load, then saves a burst of edits once, 800 ms after the last, as the last edit left it", async () => {
    const provider = new FakeProvider(seeded());
    const tab = openTab(provider, new MemoryDrafts());
    expect(tab.engine().state().saveState).toBe('loading');
    tab.shown = (await tab.engine().load()).doc;
    expect(tab.state).toBe('saved');
    tab.edit(withPrompt('B'));
    await vi.advanceTimersByTimeAsync(DELAY_MS - 100);
    tab.edit(withPrompt('Be'));
    tab.edit(withPrompt('Be brief.'));
    expect(tab.state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(DELAY_MS - 1);
    expect(provider.writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(tab.state).toBe('saved'));
    expect(provider.writes.map((w) => w.doc.systemPrompt)).toEqual(['Be brief.']);
    expect(tab.engine().state().syncedDoc).toBe(tab.shown);
  });

  it('a flush (the page going away) asks the storage to keep the draft before it returns; an autosave does not', async () => {
    const provider = new FakeProvider(seeded());
    const drafts = new MemoryDrafts();
    const tab = await openLoaded(provider, drafts);
    tab.edit(withPrompt('autosaved'));
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(drafts.keptNow).toEqual([]);
    tab.edit(withPrompt('typed as the page closed'));
    const flushed = tab.engine().flush();
    expect(drafts.keptNow.map((d) => [d.doc.systemPrompt, d.synced])).toEqual([['typed as the page closed', false]]);
    await flushed;
  });

  it('an edit made while a save is under way is saved next: nothing stays marked unsaved', async () => {
    const provider = new FakeProvider(seeded());
    const tab = await openLoaded(provider, new MemoryDrafts());
    tab.edit(withPrompt('one'));
    const flushed = tab.engine().flush();
    expect(tab.state).toBe('saving');
    tab.edit(withPrompt('two'));
    await flushed;
    expect(tab.state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    await tab.engine().flush();
    expect(tab.state).toBe('saved');
    expect(provider.writes.map((w) => w.doc.systemPrompt)).toEqual(['one', 'two']);
  });

  it('a conflict keeps every edit in this browser, writes nothing over the other change, and Overwrite then saves mine', async () => {
    const provider = new FakeProvider(seeded());
    const drafts = new MemoryDrafts();
    const tab = await openLoaded(provider, drafts);
    provider.writeElsewhere(withPrompt('Theirs.')(seeded()));
    tab.edit(withPrompt('Mine.'));
    await tab.engine().flush();
    expect(tab.state).toBe('conflict');
    expect(tab.errors.map((e) => [e.error instanceof FlowConflictError, e.during])).toEqual([[true, 'save']]);
    expect(stored(provider)).toBe('Theirs.');
    // Typed on in the conflict: kept here, still not sent.
    const attempts = provider.attempts;
    tab.edit(withPrompt('Mine, and more.'));
    expect(tab.state).toBe('conflict');
    await tab.engine().flush();
    expect(tab.state).toBe('conflict');
    expect(provider.attempts).toBe(attempts);
    expect(drafts.draft).toMatchObject({ synced: false, doc: { systemPrompt: 'Mine, and more.' } });
    expect(stored(provider)).toBe('Theirs.');
    await tab.engine().resolveConflict('overwrite');
    expect(tab.state).toBe('saved');
    expect(provider.writes.at(-1)).toMatchObject({ overwrite: true, doc: { systemPrompt: 'Mine, and more.' } });
    expect(drafts.unsynced()).toBeNull();
  });

  it('Reload after a conflict puts the provider’s flow on screen and forgets the draft', async () => {
    const provider = new FakeProvider(seeded());
    const drafts = new MemoryDrafts();
    const tab = await openLoaded(provider, drafts);
    provider.writeElsewhere(withPrompt('Theirs.')(seeded()));
    tab.edit(withPrompt('Mine.'));
    await tab.engine().flush();
    await tab.engine().resolveConflict('reload');
    expect(tab.replaced).toEqual(['reload']);
    expect(tab.shown.systemPrompt).toBe('Theirs.');
    expect(tab.state).toBe('saved');
    expect(drafts.unsynced()).toBeNull();
  });

  it('offline: the save fails, the edit is kept in this browser, and the next edit saves both when the provider is back', async () => {
    const provider = new FakeProvider(seeded());
    const drafts = new MemoryDrafts();
    const tab = await openLoaded(provider, drafts);
    provider.offline = true;
    tab.edit(withPrompt('Typed offline.'));
    await tab.engine().flush();
    expect(tab.state).toBe('error');
    expect(tab.errors.map((e) => e.during)).toEqual(['save']);
    expect(drafts.unsynced()?.doc.systemPrompt).toBe('Typed offline.');
    provider.offline = false;
    tab.edit((doc) => ({ ...doc, agentNotes: 'Back online.' }));
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    await tab.engine().flush();
    expect(tab.state).toBe('saved');
    expect(provider.doc).toMatchObject({ systemPrompt: 'Typed offline.', agentNotes: 'Back online.' });
  });

  it('a page reload brings back what the provider never acknowledged, and saves it when nothing changed there meanwhile', async () => {
    const provider = new FakeProvider(seeded());
    const drafts = new MemoryDrafts();
    const first = await openLoaded(provider, drafts);
    provider.offline = true;
    first.edit(withPrompt('Not yet saved.'));
    await first.engine().flush();
    first.engine().destroy();
    provider.offline = false;
    // The page comes back (the same browser storage).
    const again = await openLoaded(provider, drafts);
    expect(again.shown.systemPrompt).toBe('Not yet saved.');
    await again.engine().flush();
    expect(again.state).toBe('saved');
    expect(stored(provider)).toBe('Not yet saved.');
  });

  it('a page reload after the provider changed brings the draft back in a conflict, never over their change', async () => {
    const provider = new FakeProvider(seeded());
    const drafts = new MemoryDrafts();
    const first = await openLoaded(provider, drafts);
    provider.offline = true;
    first.edit(withPrompt('Mine.'));
    await first.engine().flush();
    first.engine().destroy();
    provider.offline = false;
    provider.writeElsewhere(withPrompt('Theirs.')(seeded()));
    const again = await openLoaded(provider, drafts);
    expect(again.shown.systemPrompt).toBe('Mine.');
    expect(again.state).toBe('conflict');
    expect(again.engine().state().syncedDoc.systemPrompt).toBe('Theirs.');
    expect(stored(provider)).toBe('Theirs.');
  });

  it('two tabs: one with nothing unsaved takes the other’s save; one with an edit of its own keeps it and meets the conflict', async () => {
    const provider = new FakeProvider(seeded());
    const hub = channelHub();
    const writer = await openLoaded(provider, new MemoryDrafts(), hub());
    const reader = await openLoaded(provider, new MemoryDrafts(), hub());
    writer.edit(withPrompt('From the first tab.'));
    await writer.engine().flush();
    await vi.waitFor(() => expect(reader.shown.systemPrompt).toBe('From the first tab.'));
    expect(reader.replaced).toEqual(['reload']);
    expect(reader.state).toBe('saved');
    // Now both edit: the second tab's edit is not replaced by the first tab's save.
    reader.edit(withPrompt('From the second tab.'));
    writer.edit(withPrompt('First tab again.'));
    await writer.engine().flush();
    await reader.engine().flush();
    expect(reader.shown.systemPrompt).toBe('From the second tab.');
    expect(reader.state).toBe('conflict');
    expect(stored(provider)).toBe('First tab again.');
  });

  it('Play: publishing what is on screen acknowledges it; an edit typed after Play is saved too', async () => {
    const provider = new FakeProvider(seeded());
    const tab = await openLoaded(provider, new MemoryDrafts());
    tab.edit(withPrompt('Before Play.'));
    await tab.engine().publish(tab.shown);
    expect(tab.state).toBe('saved');
    expect(stored(provider)).toBe('Before Play.');
    tab.edit(withPrompt('After Play.'));
    expect(tab.state).toBe('unsaved');
    // The page goes away before the autosave: flush sends it.
    await tab.engine().flush();
    expect(tab.state).toBe('saved');
    expect(stored(provider)).toBe('After Play.');
  });

  it("a function's Save takes the provider's record on screen without a save of its own, unless it was edited meanwhile", async () => {
    const provider = new FakeProvider(seeded());
    const tab = await openLoaded(provider, new MemoryDrafts());
    tab.edit((doc) => ({
      ...doc,
      nodes: doc.nodes.map((n) => (n.type === 'function' ? { ...n, data: { ...n.data, name: 'Find the order' } } : n)),
    }));
    const record = await tab.engine().saveFunction('lookup');
    expect(record?.updated_at).toBe('2026-11-27T12:00:00Z');
    expect(tab.replaced).toEqual(['record']);
    // Only the function was written, and it was all that differed: nothing is left to save.
    expect(tab.state).toBe('saved');
    expect(serializeFlow(tab.shown)).toBe(serializeFlow(provider.doc ?? emptyFlow('', '')));
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    await tab.engine().flush();
    expect(provider.writes).toHaveLength(0);
  });

  it('a plan the provider lacks keeps edits in this browser until it is created, then saves them', async () => {
    const provider = new FakeProvider(null);
    const drafts = new MemoryDrafts();
    const tab = openTab(provider, drafts);
    await expect(tab.engine().load()).rejects.toBeInstanceOf(PlanNotFoundError);
    const created = tab.shown;
    tab.edit(withPrompt('Typed while it is being created.'));
    await tab.engine().flush();
    expect(provider.doc).toBeNull();
    expect(drafts.unsynced()?.doc.systemPrompt).toBe('Typed while it is being created.');
    expect(await tab.engine().create(created)).toBe('created');
    expect(tab.state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    await tab.engine().flush();
    expect(tab.state).toBe('saved');
    expect(stored(provider)).toBe('Typed while it is being created.');
  });
});
