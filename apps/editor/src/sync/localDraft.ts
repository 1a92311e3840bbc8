import { flowJson, isFlowDocument, nodeSchema, nodeSchemaJson } from '@flow/core';
import type { DraftStorage, LocalDraft } from './draftTypes';
import { readDraftRecord, unsyncedDraftKeys } from './draftDatabase';
import { localSaveKey, markDraft, markEarlierDrafts, mayHaveDraft } from './draftMarks';
import { unsyncedFromRecord } from './draftRecord';
import { saveWorker } from './saveWorkerPort';

/** The local storage keys an earlier editor kept beside the schema's: the flow text and its sync state. */
const flowTextKey = (planId: string, versionName: string): string => `${localSaveKey(planId, versionName)}:flow`;
const syncKey = (planId: string, versionName: string): string => `${localSaveKey(planId, versionName)}:sync`;

/** The flow text the sync state is about, when it is still the one kept. */
function keptFlow(planId: string, versionName: string, sync: object): unknown {
  const text: unknown = JSON.parse(localStorage.getItem(flowTextKey(planId, versionName)) ?? 'null');
  if (typeof text !== 'object' || text === null || !('stamp' in text) || !('doc' in text)) return null;
  return 'flowStamp' in sync && sync.flowStamp === text.stamp ? text.doc : null;
}

/** The sync state of a plan version: its own entry, or (written by an earlier editor) the schema's entry with the flow inside. */
function syncState(planId: string, versionName: string): { value: object; doc: unknown } | null {
  const own: unknown = JSON.parse(localStorage.getItem(syncKey(planId, versionName)) ?? 'null');
  if (typeof own === 'object' && own !== null) return { value: own, doc: keptFlow(planId, versionName, own) };
  const earlier: unknown = JSON.parse(localStorage.getItem(localSaveKey(planId, versionName)) ?? 'null');
  if (typeof earlier !== 'object' || earlier === null || !('flow' in earlier) || typeof earlier.flow !== 'string') return null;
  return { value: earlier, doc: JSON.parse(earlier.flow) };
}

/**
 * The draft an earlier editor kept of a plan version in local storage, when the provider never
 * acknowledged it; read once: its entries are removed (drafts are now kept in IndexedDB).
 */
export function takeLegacyDraft(planId: string, versionName: string): LocalDraft | null {
  try {
    return legacyDraft(planId, versionName);
  } finally {
    try {
      for (const key of [localSaveKey(planId, versionName), flowTextKey(planId, versionName), syncKey(planId, versionName)])
        localStorage.removeItem(key);
    } catch {
      // Nothing more to do.
    }
  }
}

function legacyDraft(planId: string, versionName: string): LocalDraft | null {
  try {
    const state = syncState(planId, versionName);
    if (!state || !('synced' in state.value) || state.value.synced !== false) return null;
    // Written by this editor from a flow it held; the light check keeps the schema validator out of the bundle.
    if (!isFlowDocument(state.doc)) return null;
    const baseEtag = 'baseEtag' in state.value && typeof state.value.baseEtag === 'string' ? state.value.baseEtag : null;
    return { doc: state.doc, synced: false, baseEtag };
  } catch {
    return null;
  }
}

/**
 * Keeps an unsynced draft in local storage before returning, as the page goes away (a worker's
 * write may not finish then), in the form an earlier editor wrote (the flow inside the schema's
 * entry), which the next load reads once. A flow over the quota is not kept there (ignored
 * silently, spec section 7); a 5,000-node flow relies on the worker's record alone.
 */
export function keepBeforeLeaving(planId: string, versionName: string, { doc, baseEtag }: LocalDraft): void {
  try {
    const savedAt = new Date().toISOString();
    const schema = nodeSchemaJson(nodeSchema(doc));
    localStorage.setItem(
      localSaveKey(planId, versionName),
      `{"schema":${schema},"savedAt":${JSON.stringify(savedAt)},"synced":false,"baseEtag":${JSON.stringify(baseEtag)},"flow":${JSON.stringify(flowJson(doc))}}`,
    );
  } catch {
    // Quota or private mode: the worker's record is the draft.
  }
}

/**
 * Where a document sync keeps its plan version's draft: IndexedDB, written by the save worker off
 * the main thread (spec section 4's schema and timestamp with it); a draft in local storage (kept
 * as the page went away, or by an earlier editor) is read once, first. Failures are ignored silently (spec section 7).
 */
export function localDraftStorage(planId: string, versionName: string): DraftStorage {
  const key = localSaveKey(planId, versionName);
  // Writes wait for the read under way: what this page writes during its load is not an earlier draft.
  let reading: Promise<unknown> = Promise.resolve();
  // Marked before the worker has it, unmarked when the newest draft posted is acknowledged. (A draft
  // kept as the page goes away, before this runs, is in local storage, which a load reads first.)
  const post = (draft: LocalDraft) => {
    markDraft(key, !draft.synced);
    saveWorker()?.draft(key, draft);
  };
  const write = (draft: LocalDraft, options?: { now: boolean }) => {
    if (options?.now === true && !draft.synced) keepBeforeLeaving(planId, versionName, draft);
    void reading.then(() => post(draft));
  };
  return {
    read() {
      const draft = readDraft();
      reading = draft;
      return draft;
    },
    write,
  };

  async function readDraft(): Promise<LocalDraft | null> {
    try {
      // Local storage first: it holds what the page kept as it went away, newer than the worker's record.
      const legacy = takeLegacyDraft(planId, versionName);
      if (legacy) {
        // Kept at once: a draft in conflict is not written again before the next edit.
        post(legacy);
        return legacy;
      }
      // Unmarked: the database holds no unsynced draft of this version, and is not waited for.
      if (!mayHaveDraft(key)) return null;
      const record = await readDraftRecord(key);
      void markEarlierDrafts(unsyncedDraftKeys);
      return record === undefined ? null : unsyncedFromRecord(record);
    } catch {
      return null;
    }
  }
}
