import { nodeSchema, type FlowDocument } from '@flow/core';

/** The local storage key of a plan version's saved schema. */
export function localSaveKey(planId: string, versionName: string): string {
  return `flow:${planId || 'local'}/${versionName}`;
}

/** Saving the flow writes the schema and a timestamp to local storage (failures are ignored). */
export function saveSchemaLocally(planId: string, versionName: string, doc: FlowDocument): void {
  try {
    localStorage.setItem(localSaveKey(planId, versionName), JSON.stringify({ schema: nodeSchema(doc), savedAt: new Date().toISOString() }));
  } catch {
    // Local storage failures are ignored silently (spec section 7).
  }
}
