import { isFlowDocument, nodeSchema, serializeFlow, type FlowDocument } from '@flow/core';

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

/**
 * Saving the flow writes the schema and a timestamp to local storage (spec section 4), and with
 * them the whole flow and whether the provider has it, so that nothing typed is lost with the
 * page. Failures (quota, private mode) are ignored silently (spec section 7).
 */
export function saveSchemaLocally(planId: string, versionName: string, draft: LocalDraft): void {
  try {
    const { doc, synced, baseEtag } = draft;
    const value = { schema: nodeSchema(doc), savedAt: new Date().toISOString(), synced, baseEtag, flow: serializeFlow(doc) };
    localStorage.setItem(localSaveKey(planId, versionName), JSON.stringify(value));
  } catch {
    // Local storage failures are ignored silently (spec section 7).
  }
}

/** The flow this browser kept of a plan version, when it is one the provider never acknowledged. */
export function unsyncedDraft(planId: string, versionName: string): LocalDraft | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(localSaveKey(planId, versionName)) ?? 'null');
    if (typeof value !== 'object' || value === null || !('synced' in value) || value.synced !== false) return null;
    if (!('flow' in value) || typeof value.flow !== 'string') return null;
    // Written by this editor from a flow it held; the light check keeps the schema validator out of the bundle.
    const doc: unknown = JSON.parse(value.flow);
    if (!isFlowDocument(doc)) return null;
    const baseEtag = 'baseEtag' in value && typeof value.baseEtag === 'string' ? value.baseEtag : null;
    return { doc, synced: false, baseEtag };
  } catch {
    return null;
  }
}
