// The draft this browser keeps of a plan version: its record, and an earlier editor's local
// storage draft read once (on an in-memory Storage; no browser needed).
import { parseFlow, type FlowDocument } from '@flow/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import supportDesk from '../../../../examples/support-desk/production.flow.json';
import { draftRecord, unsyncedFromRecord } from './draftRecord';
import { draftMarkKey, localSaveKey, markEarlierDrafts, MARKS_READY_KEY } from './draftMarks';
import { keepBeforeLeaving, localDraftStorage, takeLegacyDraft } from './localDraft';

/** A Storage kept in a Map that records each write and can refuse writes of long values (a quota). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  readonly writes: string[] = [];
  quota = Number.POSITIVE_INFINITY;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (value.length > this.quota) throw new Error('QuotaExceededError');
    this.writes.push(key);
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
const realStorage = Reflect.get(globalThis, 'localStorage');

beforeEach(() => {
  storage = new MemoryStorage();
  Reflect.set(globalThis, 'localStorage', storage);
});
afterEach(() => {
  Reflect.set(globalThis, 'localStorage', realStorage);
});

function example(prompt = 'Hello'): FlowDocument {
  const parsed = parseFlow(JSON.stringify(supportDesk));
  if (!parsed.ok) throw new Error('the example does not parse');
  const nodes = parsed.doc.nodes.map((n) => (n.id === 'support-greet' && n.type === 'prompt' ? { ...n, data: { ...n.data, prompt } } : n));
  return { ...parsed.doc, nodes };
}

describe('the draft record', () => {
  it('keeps an unsaved flow for the next visit, with the schema and a timestamp', () => {
    const doc = example('Typed before the page closed');
    const record = draftRecord(doc, false, '"v1"', '2026-11-27T15:00:00.000Z');
    expect(JSON.parse(record.schema)).toMatchObject({ '1': expect.any(Object) });
    expect(record.savedAt).toBe('2026-11-27T15:00:00.000Z');
    expect(record.flow).toBe(JSON.stringify(doc));
    expect(unsyncedFromRecord(structuredClone(record))).toEqual({ doc, synced: false, baseEtag: '"v1"' });
  });

  it('offers no draft of a flow the provider acknowledged, nor of anything else', () => {
    expect(unsyncedFromRecord(draftRecord(example(), true, '"v2"', 'x'))).toBeNull();
    expect(unsyncedFromRecord({ synced: false, flow: '{"nodes":"no"}' })).toBeNull();
    expect(unsyncedFromRecord(undefined)).toBeNull();
  });
});

describe("an earlier editor's local storage draft", () => {
  it('is read once, from the flow text and sync entries, and its entries removed', () => {
    const doc = example('kept by an earlier editor');
    const key = localSaveKey('old', 'production');
    storage.setItem(`${key}:flow`, JSON.stringify({ stamp: 's1', doc }));
    storage.setItem(`${key}:sync`, JSON.stringify({ flowStamp: 's1', synced: false, baseEtag: '"v3"' }));
    storage.setItem(key, JSON.stringify({ schema: {}, savedAt: 's1' }));
    expect(takeLegacyDraft('old', 'production')).toEqual({ doc, synced: false, baseEtag: '"v3"' });
    expect([...storage.items.keys()]).toEqual([]);
    expect(takeLegacyDraft('old', 'production')).toBeNull();
  });

  it('is read with the flow inside the entry (an earlier editor still)', () => {
    const doc = example('from an earlier editor');
    storage.setItem(
      localSaveKey('old', 'production'),
      JSON.stringify({ schema: {}, savedAt: 'x', synced: false, baseEtag: null, flow: JSON.stringify(doc) }),
    );
    expect(takeLegacyDraft('old', 'production')?.doc).toEqual(doc);
  });

  it('is not taken when its text is not the one its sync entry is about', () => {
    const key = localSaveKey('stale', 'production');
    storage.setItem(`${key}:flow`, JSON.stringify({ stamp: 's1', doc: example() }));
    storage.setItem(`${key}:sync`, JSON.stringify({ flowStamp: 's2', synced: false, baseEtag: null }));
    expect(takeLegacyDraft('stale', 'production')).toBeNull();
  });
});

describe('the draft kept as the page goes away', () => {
  it('is kept in local storage at once, with the schema and a timestamp, and read back once', () => {
    const doc = example('Typed as the page closed');
    keepBeforeLeaving('leave', 'production', { doc, synced: false, baseEtag: '"v4"' });
    const entry: unknown = JSON.parse(storage.getItem(localSaveKey('leave', 'production')) ?? '{}');
    expect(entry).toMatchObject({ schema: { '1': expect.any(Object) } });
    expect(Number.isNaN(Date.parse(String(Reflect.get(entry as object, 'savedAt'))))).toBe(false);
    expect(takeLegacyDraft('leave', 'production')).toEqual({ doc, synced: false, baseEtag: '"v4"' });
    expect(takeLegacyDraft('leave', 'production')).toBeNull();
  });

  it('is not kept there when it does not fit (the worker keeps it)', () => {
    storage.quota = 100;
    keepBeforeLeaving('big', 'production', { doc: example('x'), synced: false, baseEtag: null });
    expect([...storage.items.keys()]).toEqual([]);
  });
});

describe('the marks of unsynced drafts', () => {
  /** Counts the opens of the drafts database; each fails (a Node test has no IndexedDB). */
  function countOpens(): { count: number } {
    const opens = { count: 0 };
    vi.stubGlobal('indexedDB', {
      open: () => {
        opens.count += 1;
        const request: { onerror?: () => void } = {};
        queueMicrotask(() => request.onerror?.());
        return request;
      },
    });
    return opens;
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('let a load skip the drafts database when no draft of its version is marked', async () => {
    const opens = countOpens();
    storage.setItem(MARKS_READY_KEY, '1');
    expect(await localDraftStorage('unmarked', 'production').read()).toBeNull();
    expect(opens.count).toBe(0);
    storage.setItem(draftMarkKey(localSaveKey('marked', 'production')), '1');
    await localDraftStorage('marked', 'production').read();
    expect(opens.count).toBe(1);
  });

  it('are not trusted before the drafts an earlier editor kept have been marked', async () => {
    const opens = countOpens();
    await localDraftStorage('unmarked', 'production').read();
    expect(opens.count).toBe(1);
    expect(storage.getItem(MARKS_READY_KEY)).toBeNull();
  });

  it('mark a draft the provider has not acknowledged as it goes to the worker, and unmark it when the newest is acknowledged', async () => {
    storage.setItem(MARKS_READY_KEY, '1');
    const drafts = localDraftStorage('edited', 'production');
    const mark = draftMarkKey(localSaveKey('edited', 'production'));
    await drafts.read();
    drafts.write({ doc: example('typed'), synced: false, baseEtag: '"v1"' });
    await expect.poll(() => storage.getItem(mark)).toBe('1');
    drafts.write({ doc: example('typed'), synced: true, baseEtag: '"v2"' });
    await expect.poll(() => storage.getItem(mark)).toBeNull();
    // Acknowledged, then edited again before the acknowledgement's write went out: still marked.
    drafts.write({ doc: example('typed'), synced: true, baseEtag: '"v2"' });
    drafts.write({ doc: example('typed more'), synced: false, baseEtag: '"v2"' });
    await Promise.resolve();
    await Promise.resolve();
    expect(storage.getItem(mark)).toBe('1');
  });

  it('mark each unsynced draft an earlier editor kept, once, and are then trusted', async () => {
    const keys = vi.fn(() => Promise.resolve(['flow:a/production', 'flow:b/staging']));
    await markEarlierDrafts(keys);
    expect(storage.getItem(draftMarkKey('flow:a/production'))).toBe('1');
    expect(storage.getItem(draftMarkKey('flow:b/staging'))).toBe('1');
    expect(storage.getItem(MARKS_READY_KEY)).toBe('1');
    await markEarlierDrafts(keys);
    expect(keys).toHaveBeenCalledTimes(1);
  });

  it('are no longer trusted once local storage refuses a mark', async () => {
    storage.setItem(MARKS_READY_KEY, '1');
    storage.quota = 0;
    const drafts = localDraftStorage('full', 'production');
    drafts.write({ doc: example('typed'), synced: false, baseEtag: null });
    await expect.poll(() => storage.getItem(MARKS_READY_KEY)).toBeNull();
    await markEarlierDrafts(() => Promise.resolve([localSaveKey('full', 'production')]));
    expect(storage.getItem(MARKS_READY_KEY)).toBeNull();
  });

  it('stay untrusted when the database cannot be listed', async () => {
    await markEarlierDrafts(() => Promise.reject(new Error('blocked')));
    expect(storage.getItem(MARKS_READY_KEY)).toBeNull();
  });
});
