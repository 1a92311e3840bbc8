// The draft this browser keeps of a plan version, on an in-memory Storage (no browser needed).
import { parseFlow, type FlowDocument } from '@flow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import supportDesk from '../../../../examples/support-desk/production.flow.json';
import { localSaveKey, saveSchemaLocally, unsyncedDraft } from './localDraft';

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

describe('the local draft', () => {
  it('keeps an unsaved flow for the next visit, with the schema and a timestamp', () => {
    const doc = example('Typed before the page closed');
    saveSchemaLocally('desk', 'production', { doc, synced: false, baseEtag: '"v1"' });
    expect(unsyncedDraft('desk', 'production')).toEqual({ doc, synced: false, baseEtag: '"v1"' });
    const entry: unknown = JSON.parse(storage.getItem(localSaveKey('desk', 'production')) ?? '{}');
    expect(entry).toMatchObject({ schema: { '1': expect.any(Object) } });
    expect(Number.isNaN(Date.parse(String(Reflect.get(entry as object, 'savedAt'))))).toBe(false);
  });

  it('an acknowledged save of the same flow writes only the small sync entry, and no draft is offered', () => {
    const doc = example();
    saveSchemaLocally('ack', 'production', { doc, synced: false, baseEtag: null });
    storage.writes.length = 0;
    saveSchemaLocally('ack', 'production', { doc, synced: true, baseEtag: '"v2"' });
    expect(storage.writes).toEqual([`${localSaveKey('ack', 'production')}:sync`]);
    expect(unsyncedDraft('ack', 'production')).toBeNull();
  });

  it('a flow text that did not fit is never taken for the entry: no stale draft comes back', () => {
    saveSchemaLocally('full', 'production', { doc: example('old'), synced: false, baseEtag: null });
    storage.quota = 100;
    saveSchemaLocally('full', 'production', { doc: example('newer, too long to keep'), synced: false, baseEtag: null });
    // The old text and its sync state are gone with the failed save: nothing stale is restored.
    expect(unsyncedDraft('full', 'production')).toBeNull();
  });

  it('does not try again a flow text as long as one the storage refused, and tries a shorter one', () => {
    const key = `${localSaveKey('big', 'production')}:flow`;
    saveSchemaLocally('big', 'production', { doc: example('fits'), synced: false, baseEtag: null });
    storage.quota = JSON.stringify(example('fits')).length + 100; // room for the stamp and a few characters more
    saveSchemaLocally('big', 'production', { doc: example('x'.repeat(200)), synced: false, baseEtag: null });
    expect(unsyncedDraft('big', 'production')).toBeNull();
    // As long or longer: refused without a write (a large flow's failed write cost ~60 ms a save).
    const tries: string[] = [];
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (k, v) => {
      tries.push(k);
      setItem(k, v);
    };
    saveSchemaLocally('big', 'production', { doc: example('y'.repeat(300)), synced: false, baseEtag: null });
    expect(tries).not.toContain(key);
    expect(unsyncedDraft('big', 'production')).toBeNull();
    // Shorter: tried, and kept.
    const short = example('short again');
    saveSchemaLocally('big', 'production', { doc: short, synced: false, baseEtag: null });
    expect(tries).toContain(key);
    expect(unsyncedDraft('big', 'production')?.doc).toEqual(short);
  });

  it('still reads a draft written with the flow inside the entry (an earlier editor)', () => {
    const doc = example('from an earlier editor');
    storage.setItem(
      localSaveKey('old', 'production'),
      JSON.stringify({ schema: {}, savedAt: 'x', synced: false, baseEtag: null, flow: JSON.stringify(doc) }),
    );
    expect(unsyncedDraft('old', 'production')?.doc).toEqual(doc);
  });
});
