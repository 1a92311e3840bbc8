// This browser's drafts of plan versions, in IndexedDB: a 5,000-node flow is over Chromium's
// localStorage quota, and IndexedDB is written from the draft worker, off the page's main thread.

/** The database, its one store and its version: one record per plan version, under `localSaveKey`. */
export const DRAFT_DATABASE = { name: 'flow-drafts', store: 'drafts', version: 1 } as const;

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

let opened: Promise<IDBDatabase> | null = null;

/** The drafts database, opened once per page or worker (created on first use). */
function database(): Promise<IDBDatabase> {
  if (opened) return opened;
  const open = indexedDB.open(DRAFT_DATABASE.name, DRAFT_DATABASE.version);
  open.onupgradeneeded = () => open.result.createObjectStore(DRAFT_DATABASE.store);
  opened = request(open).then((db) => {
    // Closed when the database is deleted or upgraded elsewhere (another tab, a test's cleanup); opened again on next use.
    db.onversionchange = () => {
      db.close();
      opened = null;
    };
    return db;
  });
  // A failed open (private mode, blocked) is tried again next time.
  opened.catch(() => (opened = null));
  return opened;
}

/**
 * Opens the drafts database ahead of its first read, as a plan page starts: Chromium took longer
 * to open it (~70-170 ms) than the provider to send a 100-node flow, and the flow waited for it.
 */
export function openDraftDatabase(): void {
  if (typeof indexedDB === 'undefined') return;
  // A failure is the read's to meet (it opens again).
  database().catch(() => undefined);
}

/** The record kept under `key`, or undefined. */
export async function readDraftRecord(key: string): Promise<unknown> {
  const db = await database();
  return request(db.transaction(DRAFT_DATABASE.store, 'readonly').objectStore(DRAFT_DATABASE.store).get(key));
}

/** The keys of the records the provider never acknowledged (`synced: false`). */
export async function unsyncedDraftKeys(): Promise<string[]> {
  const db = await database();
  const cursor = db.transaction(DRAFT_DATABASE.store, 'readonly').objectStore(DRAFT_DATABASE.store).openCursor();
  const keys: string[] = [];
  return new Promise((resolve, reject) => {
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (at === null) return resolve(keys);
      const value: unknown = at.value;
      if (typeof at.key === 'string' && typeof value === 'object' && value !== null && 'synced' in value && value.synced === false)
        keys.push(at.key);
      at.continue();
    };
    cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB request failed'));
  });
}

/** Keeps `record` under `key`; resolves when it is committed. */
export async function writeDraftRecord(key: string, record: unknown): Promise<void> {
  const db = await database();
  const tx = db.transaction(DRAFT_DATABASE.store, 'readwrite');
  tx.objectStore(DRAFT_DATABASE.store).put(record, key);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
  });
}
