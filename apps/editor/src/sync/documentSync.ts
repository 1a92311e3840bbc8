// The save loop of one plan version, as one headless engine: it alone owns the save state, the
// flow the provider last acknowledged (and its ETag, through the transport), this browser's draft
// and the channel to the other tabs. The store tells it of each edit (`update`) and mirrors what
// it says (`onState`); it never reads the store.
import {
  FlowConflictError,
  emptyFlow,
  PlanNotFoundError,
  serializeFlow,
  withNodes,
  type FlowDocument,
  type FunctionNodeData,
  type LoadedPlan,
  type PlanSession,
  type PublishedPlan,
} from '@flow/core';
import type { DraftStorage } from './draftTypes';

/** Where the flow on screen stands against the provider; 'loading' until the plan's first load settles. */
export type SaveState = 'loading' | 'saved' | 'saving' | 'unsaved' | 'conflict' | 'error' | 'local';

/** What the engine says of the flow: its save state, and the flow as the provider last acknowledged it. */
export interface SyncState {
  saveState: SaveState;
  /** What a Reload after a conflict would discard edits against, and what a function's Save compares with. */
  syncedDoc: FlowDocument;
}

/** The provider's side: a plan session (core), or a fake in tests. */
export type SyncTransport = Pick<PlanSession, 'etag' | 'load' | 'create' | 'save' | 'saveFunction' | 'publish'>;

/** The tabs of this browser editing the same plan version (a BroadcastChannel, or a fake). */
export interface SyncChannel {
  /** Tells the other tabs that this tab saved (with the provider's new ETag). */
  announce(etag: string | null): void;
  /** Calls `onSaved` when another tab saved; returns how to stop listening. */
  listen(onSaved: (etag: string | null) => void): () => void;
}

/** What failed: an autosave, or a reload the engine made on its own (another tab saved). */
export type SyncFailure = 'save' | 'reload';

export interface DocumentSyncOptions {
  plan: { planId: string; versionName: string };
  /** Null without a plan id: the flow is kept in this browser only ('local'). */
  transport: SyncTransport | null;
  storage: DraftStorage;
  channel?: SyncChannel;
  /** Autosave waits this long after the last edit. */
  delayMs: number;
  onState(state: SyncState): void;
  /**
   * The flow on screen is replaced: by the provider's ('reload': another tab saved and nothing here
   * was unsaved, or the person chose Reload; history starts again), or by the provider's record of a
   * function just saved ('record': timestamps; history stays).
   */
  onDocument(doc: FlowDocument, reason: 'reload' | 'record'): void;
  /** A write or reload the person did not ask for failed (the state says so too). */
  onError(error: unknown, during: SyncFailure): void;
}

export interface DocumentSync {
  state(): SyncState;
  /** Loads the provider's flow; a draft this browser kept that the provider never acknowledged comes back instead. */
  load(): Promise<LoadedPlan>;
  /** The flow on screen changed (an edit): it is saved `delayMs` after the last one. */
  update(doc: FlowDocument): void;
  /** Saves now what waits for the autosave; resolves when every write under way has come back. */
  flush(): Promise<void>;
  /** Publishes `doc` (Play); the provider then has it. Throws what the provider answered. */
  publish(doc: FlowDocument): Promise<PublishedPlan>;
  /** Creates the missing plan version with `doc`; 'exists' when someone created it meanwhile. */
  create(doc: FlowDocument): Promise<'created' | 'exists'>;
  /** Saves one function node as it is on screen; answers the provider's record (null when there is no such function). */
  saveFunction(id: string): Promise<FunctionNodeData | null>;
  /** After a conflict: take the provider's flow ('reload'), or save the one on screen over it ('overwrite'). */
  resolveConflict(choice: 'reload' | 'overwrite'): Promise<void>;
  destroy(): void;
}

function functionData(doc: FlowDocument, id: string): FunctionNodeData | undefined {
  const node = doc.nodes.find((n) => n.id === id);
  return node?.type === 'function' ? node.data : undefined;
}

/** `doc` with the data of function `id` replaced; a node the flow lacks is taken from `from`. */
function withFunctionData(doc: FlowDocument, id: string, data: FunctionNodeData, from: FlowDocument): FlowDocument {
  if (!doc.nodes.some((n) => n.id === id)) {
    const node = from.nodes.find((n) => n.id === id);
    return node?.type === 'function' ? { ...doc, nodes: [...doc.nodes, { ...node, data }] } : doc;
  }
  return withNodes(
    doc,
    doc.nodes.map((n) => (n.id === id && n.type === 'function' ? { ...n, data } : n)),
  );
}

/**
 * The engine of one plan version's saves.
 * @example const sync = createDocumentSync({ plan, transport: session, storage, delayMs: 800, onState, onDocument, onError });
 */
export function createDocumentSync(options: DocumentSyncOptions): DocumentSync {
  const { plan, transport, storage, channel, delayMs } = options;
  const initial = emptyFlow(plan.planId, plan.versionName);
  let saveState: SaveState = transport ? 'loading' : 'saved';
  let synced: FlowDocument = initial;
  let current: FlowDocument = initial;
  /** The provider has this plan version's flow to write over (a load succeeded, or it was created). */
  let loaded = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const writes = new Set<Promise<unknown>>();

  const emit = (next: SaveState) => {
    saveState = next;
    options.onState({ saveState, syncedDoc: synced });
  };

  /** Keeps `doc` in this browser, marked as acknowledged by the provider or not. */
  /** A flush is under way: the page may be going away. */
  let flushing = false;
  const keep = (doc: FlowDocument, acknowledged: boolean) =>
    storage.write({ doc, synced: acknowledged, baseEtag: transport?.etag() ?? null }, { now: flushing });

  /** Runs a write, so that `flush` can wait for it. */
  function track<T>(write: Promise<T>): Promise<T> {
    writes.add(write);
    const done = () => writes.delete(write);
    write.then(done, done);
    return write;
  }

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), delayMs);
  };

  /** The provider has `doc`: it is the synced flow; an edit made meanwhile is saved next. */
  function acknowledged(doc: FlowDocument): void {
    loaded = true;
    synced = doc;
    keep(current, current === doc);
    if (current === doc) emit('saved');
    else {
      emit(saveState === 'conflict' ? 'conflict' : 'unsaved');
      if (timer === undefined) schedule();
    }
    channel?.announce(transport?.etag() ?? null);
  }

  /** A refused or failed write: a conflict waits for the person's choice; nothing on screen is dropped. */
  function failed(error: unknown): void {
    keep(current, false);
    emit(error instanceof FlowConflictError ? 'conflict' : 'error');
  }

  /** The provider's `doc` replaces the one on screen: nothing here is unsaved. */
  function replaced(doc: FlowDocument): void {
    clearTimeout(timer);
    timer = undefined;
    synced = doc;
    current = doc;
    keep(doc, true);
    emit('saved');
    options.onDocument(doc, 'reload');
  }

  function save(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const doc = current;
    if (!transport) {
      keep(doc, false);
      emit('local');
      return Promise.resolve();
    }
    // In a conflict, before the first load or while the plan is missing, only this browser keeps the edits.
    if (saveState === 'conflict' || !loaded) {
      keep(doc, false);
      return Promise.resolve();
    }
    if (doc === synced) {
      emit('saved');
      return Promise.resolve();
    }
    keep(doc, false);
    emit('saving');
    return track(
      transport.save(doc).then(
        () => acknowledged(doc),
        (error: unknown) => {
          failed(error);
          options.onError(error, 'save');
        },
      ),
    );
  }

  const stopListening = channel?.listen((etag) => {
    if (!transport || etag === transport.etag() || (saveState !== 'saved' && saveState !== 'loading')) return;
    const before = current;
    transport.load().then(
      ({ doc }) => {
        // Edited while the other tab's flow was on its way: the next save meets the conflict instead.
        if (current === before && (saveState === 'saved' || saveState === 'loading')) replaced(doc);
      },
      (error: unknown) => options.onError(error, 'reload'),
    );
  });

  return {
    state: () => ({ saveState, syncedDoc: synced }),

    async load() {
      if (!transport) throw new Error('No provider to load the plan from');
      // Read first: what this page writes while the load is under way is not a draft of an earlier one.
      const reading = storage.read();
      let loadedPlan: LoadedPlan;
      try {
        loadedPlan = await transport.load();
      } catch (error) {
        if (error instanceof PlanNotFoundError) loaded = false;
        throw error;
      }
      const draft = await reading;
      const { planId, versionName } = plan;
      const kept = draft ? { ...draft.doc, planId, versionName } : null;
      const restore = draft !== null && kept !== null && serializeFlow(kept) !== serializeFlow(loadedPlan.doc);
      loaded = true;
      synced = loadedPlan.doc;
      current = restore ? kept : loadedPlan.doc;
      // The provider's flow goes to the storage now, while the page loads: an edit's draft then carries only what changed.
      if (!restore) keep(loadedPlan.doc, true);
      emit(!restore ? 'saved' : draft.baseEtag !== null && draft.baseEtag === transport.etag() ? 'unsaved' : 'conflict');
      if (saveState === 'unsaved') void save();
      return { doc: current, source: loadedPlan.source };
    },

    update(doc) {
      if (doc === current) return;
      current = doc;
      // A conflict stays until the person settles it.
      if (saveState !== 'conflict' && saveState !== 'unsaved') emit('unsaved');
      schedule();
    },

    flush() {
      flushing = true;
      try {
        if (timer !== undefined || saveState === 'unsaved') void save();
      } finally {
        flushing = false;
      }
      return Promise.all([...writes]).then(() => undefined);
    },

    async publish(doc) {
      if (!transport) throw new Error('No provider to publish to');
      try {
        const published = await track(transport.publish(doc));
        acknowledged(doc);
        return published;
      } catch (error) {
        failed(error);
        throw error;
      }
    },

    async create(doc) {
      if (!transport) throw new Error('No provider to create the plan on');
      try {
        await track(transport.create(doc));
      } catch (error) {
        if (error instanceof FlowConflictError) return 'exists';
        throw error;
      }
      acknowledged(doc);
      return 'created';
    },

    async saveFunction(id) {
      const sent = functionData(current, id);
      if (!sent || !transport) return null;
      let record: FunctionNodeData;
      try {
        record = (await track(transport.saveFunction(sent))).saved ?? sent;
      } catch (error) {
        if (error instanceof FlowConflictError) failed(error);
        throw error;
      }
      // The flow on screen takes the provider's record (timestamps) unless the function was edited
      // meanwhile; that edit stays unsaved and is saved next.
      const shown = functionData(current, id) === sent ? withFunctionData(current, id, record, current) : current;
      const provider = withFunctionData(synced, id, record, current);
      const same = serializeFlow(shown) === serializeFlow(provider);
      const replacedShown = shown !== current;
      current = shown;
      synced = same ? shown : provider;
      keep(shown, same);
      emit(same && saveState !== 'conflict' ? 'saved' : saveState);
      if (replacedShown) options.onDocument(shown, 'record');
      channel?.announce(transport.etag());
      return record;
    },

    async resolveConflict(choice) {
      if (!transport) return;
      if (choice === 'reload') {
        replaced((await transport.load()).doc);
        return;
      }
      clearTimeout(timer);
      timer = undefined;
      const doc = current;
      emit('saving');
      try {
        await track(transport.save(doc, { overwrite: true }));
      } catch (error) {
        failed(error);
        throw error;
      }
      acknowledged(doc);
    },

    destroy() {
      clearTimeout(timer);
      timer = undefined;
      stopListening?.();
    },
  };
}
