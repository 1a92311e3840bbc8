/** How full a bounded cache is. */
export interface CacheUsage {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** A map that keeps its most recently used entries within a budget of bytes. */
export interface ByteLru<V> {
  /** The value, marked as just used; undefined when absent. */
  get(key: string): V | undefined;
  /** Stores a value of `bytes` bytes, evicting the least recently used ones past the budget. */
  set(key: string, value: V, bytes: number): void;
  delete(key: string): void;
  usage(): CacheUsage;
}

/**
 * A least-recently-used cache bounded by the sum of its entries' sizes. A value larger than the
 * whole budget is not kept at all.
 * @example const cache = createByteLru<string>(1024); cache.set('a', text, text.length);
 */
export function createByteLru<V>(maxBytes: number): ByteLru<V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<string, { value: V; bytes: number }>();
  let total = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    total -= entry.bytes;
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, bytes) {
      remove(key);
      if (bytes > maxBytes) return;
      entries.set(key, { value, bytes });
      total += bytes;
      for (const [oldest] of entries) {
        if (total <= maxBytes) break;
        remove(oldest);
      }
    },
    delete: remove,
    usage: () => ({ entries: entries.size, bytes: total, maxBytes }),
  };
}
