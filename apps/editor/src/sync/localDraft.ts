import { flowJson, isFlowDocument, nodeSchema, nodeSchemaJson, type FlowDocument } from '@flow/core';

/** The local storage key of a plan version's saved schema. */
export function localSaveKey(planId: string, versionName: string): string {
  return `flow:${planId || 'local'}/${versionName}`;
}

/** What this browser keeps of a plan version: the flow on screen and whether the provider has it. */
export interface LocalDraft {
  doc: FlowDocument;
  /** False while the provider has not acknowledged this flow (a save pending, failed or refused). */
  synced: boolean;
  /** The provider's version the edits were made on. */
  baseEtag: string | null;
}

/** The local storage keys beside the schema's: the flow text itself (written as is, never escaped twice) and its sync state. */
const flowTextKey = (planId: string, versionName: string): string => `${localSaveKey(planId, versionName)}:flow`;
const syncKey = (planId: string, versionName: string): string => `${localSaveKey(planId, versionName)}:sync`;

/**
 * The flow last written for each plan version, with the stamp its text was written with. A save
 * of the same flow (only `synced` or the ETag changed, as when the provider acknowledges it)
 * rewrites the small sync entry alone: a large flow is not serialized and stored again.
 */
const written = new Map<string, { doc: FlowDocument; stamp: string }>();

/**
 * The shortest flow text each storage refused (quota): a text as long or longer is not tried
 * again. A 5,000-node flow's text (~5M characters) is over Chromium's quota, and each failed write
 * held the main thread ~60 ms per save. A shorter text is tried again.
 */
const refusedLength = new WeakMap<object, number>();

/** Thrown (and caught below) for a flow text as long as one the storage refused. */
class TooLongForStorage extends Error {}

/**
 * Saving the flow writes the schema and a timestamp to local storage (spec section 4), and with
 * them the whole flow and whether the provider has it, so that nothing typed is lost with the
 * page. The flow's text and the sync state have keys of their own; the sync state names the stamp
 * of the text it is about, so a failed or older flow text is never taken for it. Failures (quota,
 * private mode) are ignored silently (spec section 7).
 */
export function saveSchemaLocally(planId: string, versionName: string, draft: LocalDraft): void {
  const key = localSaveKey(planId, versionName);
  try {
    const { doc, synced, baseEtag } = draft;
    const last = written.get(key);
    const fresh = last?.doc !== doc;
    const stamp = fresh ? new Date().toISOString() : last.stamp;
    if (fresh) {
      written.delete(key);
      // Compact text (a large flow's canonical form costs several times as much to make), written
      // from the texts of the parts the flow shares with the last one (flowJson).
      const text = `{"stamp":${JSON.stringify(stamp)},"doc":${flowJson(doc)}}`;
      if (text.length >= (refusedLength.get(localStorage) ?? Number.POSITIVE_INFINITY)) throw new TooLongForStorage();
      try {
        localStorage.setItem(flowTextKey(planId, versionName), text);
      } catch (error) {
        // Shorter than any refused before (else it was not tried).
        refusedLength.set(localStorage, text.length);
        throw error;
      }
    }
    localStorage.setItem(syncKey(planId, versionName), JSON.stringify({ flowStamp: stamp, synced, baseEtag }));
    if (!fresh) return;
    written.set(key, { doc, stamp });
    try {
      localStorage.setItem(key, `{"schema":${nodeSchemaJson(nodeSchema(doc))},"savedAt":${JSON.stringify(stamp)}}`);
    } catch {
      // The draft is kept; only the schema's record did not fit.
    }
  } catch {
    // Local storage failures are ignored silently (spec section 7); a flow text that did not fit
    // must not stand for this save.
    written.delete(key);
    try {
      localStorage.removeItem(flowTextKey(planId, versionName));
      localStorage.removeItem(syncKey(planId, versionName));
    } catch {
      // Nothing more to do.
    }
  }
}

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

/** The flow this browser kept of a plan version, when it is one the provider never acknowledged. */
export function unsyncedDraft(planId: string, versionName: string): LocalDraft | null {
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

/** Where a document sync keeps its plan version's draft: this browser's local storage. */
export function localDraftStorage(planId: string, versionName: string) {
  return {
    read: () => unsyncedDraft(planId, versionName),
    write: (draft: LocalDraft) => saveSchemaLocally(planId, versionName, draft),
  };
}
