// The draft a browser keeps of a plan version, and where it is kept: read by the sync engine, the
// draft store and the save worker alike (their own files import one another's code, not these).
import type { FlowDocument } from '@flow/core';

/** What this browser keeps of a plan version: the flow on screen and whether the provider has it. */
export interface LocalDraft {
  doc: FlowDocument;
  /** False while the provider has not acknowledged this flow (a save pending, failed or refused). */
  synced: boolean;
  /** The provider's version the edits were made on. */
  baseEtag: string | null;
}

/** This browser's copy of the flow the provider has not acknowledged (IndexedDB through a worker, or a fake). */
export interface DraftStorage {
  /** The draft the provider never acknowledged; null when none (or it cannot be read). Never rejects. */
  read(): Promise<LocalDraft | null>;
  /**
   * Keeps `draft`; returns at once (the writing happens off the main thread). `now`: the page may be
   * going away (a flush), so the draft is also kept before this returns where it fits.
   */
  write(draft: LocalDraft, options?: { now: boolean }): void;
}
