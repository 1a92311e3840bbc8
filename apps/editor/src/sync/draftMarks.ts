// Which plan versions may have a draft the provider never acknowledged, marked in local storage
// beside the drafts in IndexedDB. Local storage is read at once; IndexedDB's answer came 10-35 ms
// after a 100-node flow was there (Chromium), and the flow's first frame waited for it.

/** The local storage key of a plan version's draft (the draft database's key as well). */
export function localSaveKey(planId: string, versionName: string): string {
  return `flow:${planId || 'local'}/${versionName}`;
}

/** Set once every unsynced draft in IndexedDB has its mark; until then each load reads IndexedDB. */
export const MARKS_READY_KEY = 'flow-drafts:marked';

/** The mark of the draft kept under `key`: present while its newest draft is unsynced. */
export const draftMarkKey = (key: string): string => `${key}:draft`;

/**
 * False only when this browser's marks say the draft database holds no unsynced draft under
 * `key`; true when it may (marked, marks not yet made, or local storage unreadable).
 */
export function mayHaveDraft(key: string): boolean {
  try {
    return localStorage.getItem(MARKS_READY_KEY) === null || localStorage.getItem(draftMarkKey(key)) !== null;
  } catch {
    return true;
  }
}

/**
 * Marks (unsynced) or unmarks the draft under `key`; written before the draft itself, so a mark is
 * never missing. False when local storage refused the mark: the marks are then not trusted.
 */
export function markDraft(key: string, unsynced: boolean): boolean {
  try {
    if (unsynced) localStorage.setItem(draftMarkKey(key), '1');
    else localStorage.removeItem(draftMarkKey(key));
    return true;
  } catch {
    // Full or missing: every load reads the database again, until the marks are made anew.
    try {
      localStorage.removeItem(MARKS_READY_KEY);
    } catch {
      // No local storage at all: the marks are never ready.
    }
    return false;
  }
}

/** Marks each key `unsyncedKeys` lists (the database's unsynced drafts, written before marks existed), then says the marks are ready. */
export async function markEarlierDrafts(unsyncedKeys: () => Promise<string[]>): Promise<void> {
  try {
    if (localStorage.getItem(MARKS_READY_KEY) !== null) return;
    const marked = (await unsyncedKeys()).map((key) => markDraft(key, true));
    if (marked.every(Boolean)) localStorage.setItem(MARKS_READY_KEY, '1');
  } catch {
    // Tried again on the next load.
  }
}
