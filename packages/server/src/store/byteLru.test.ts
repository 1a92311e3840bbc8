import { describe, expect, it } from 'vitest';
import { createByteLru } from './byteLru.js';

describe('createByteLru', () => {
  it('evicts the least recently used entries once past its budget', () => {
    const cache = createByteLru<string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.usage()).toEqual({ entries: 2, bytes: 8, maxBytes: 10 });
  });

  it('counts a replaced entry once, and frees a deleted one', () => {
    const cache = createByteLru<string>(10);
    cache.set('a', 'A1', 6);
    cache.set('a', 'A2', 3);
    expect(cache.usage()).toMatchObject({ entries: 1, bytes: 3 });
    cache.delete('a');
    expect(cache.usage()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('does not keep a value larger than the whole budget, nor let it push others out', () => {
    const cache = createByteLru<string>(10);
    cache.set('small', 's', 2);
    cache.set('huge', 'h', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBe('s');
  });
});
