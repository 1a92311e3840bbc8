// The record a plan version's draft is kept as: the schema and a timestamp (spec section 4), the
// whole flow as text (written from core's remembered part texts), and whether the provider has it.
import { flowJson, isFlowDocument, nodeSchema, nodeSchemaJson, type FlowDocument } from '@flow/core';
import type { LocalDraft } from './draftTypes';

export interface DraftRecord {
  /** `JSON.stringify(nodeSchema(doc))`. */
  schema: string;
  savedAt: string;
  /** `JSON.stringify(doc)`. */
  flow: string;
  /** False while the provider has not acknowledged this flow. */
  synced: boolean;
  baseEtag: string | null;
}

/** The record of `doc`, made in the draft worker. */
export function draftRecord(doc: FlowDocument, synced: boolean, baseEtag: string | null, savedAt: string): DraftRecord {
  return { schema: nodeSchemaJson(nodeSchema(doc)), savedAt, flow: flowJson(doc), synced, baseEtag };
}

/** The draft a record keeps when the provider never acknowledged it; null for anything else. */
export function unsyncedFromRecord(record: unknown): LocalDraft | null {
  if (typeof record !== 'object' || record === null || !('synced' in record) || record.synced !== false) return null;
  if (!('flow' in record) || typeof record.flow !== 'string') return null;
  const doc: unknown = JSON.parse(record.flow);
  // Written by this editor from a flow it held; the light check keeps the schema validator out of the bundle.
  if (!isFlowDocument(doc)) return null;
  const baseEtag = 'baseEtag' in record && typeof record.baseEtag === 'string' ? record.baseEtag : null;
  return { doc, synced: false, baseEtag };
}
