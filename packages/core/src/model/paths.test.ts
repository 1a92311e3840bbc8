import { describe, expect, it } from 'vitest';
import { getAtPath, inKeyOrder, mergeDefaults, removeAtPath, setAtPath, toJsonPath } from './paths.js';
import type { JsonObject } from './types.js';

describe('getAtPath', () => {
  it('reads nested objects and array items', () => {
    const source = { output: { type: 'raw' }, apicalls: [{ method: 'GET' }] };
    expect(getAtPath(source, 'output.type')).toBe('raw');
    expect(getAtPath(source, 'apicalls.0.method')).toBe('GET');
    expect(getAtPath(source, '')).toBe(source);
  });

  it('gives undefined for a missing step', () => {
    expect(getAtPath({ output: 'x' }, 'output.type')).toBeUndefined();
    expect(getAtPath({ apicalls: [] }, 'apicalls.0.method')).toBeUndefined();
    expect(getAtPath(null, 'a')).toBeUndefined();
  });

  it('does not read inherited properties', () => {
    expect(getAtPath({}, 'toString')).toBeUndefined();
  });
});

describe('setAtPath', () => {
  it('returns a copy with the value set and leaves the input unchanged', () => {
    const input: JsonObject = { output: { type: 'raw', raw: 'x' }, prompt: 'p' };
    const result = setAtPath(input, 'output.type', 'json');
    expect(result).toEqual({ output: { type: 'json', raw: 'x' }, prompt: 'p' });
    expect(input).toEqual({ output: { type: 'raw', raw: 'x' }, prompt: 'p' });
  });

  it('shares the parts off the path', () => {
    const other = { a: 1 };
    const input: JsonObject = { other, output: { type: 'raw' } };
    expect(setAtPath(input, 'output.type', 'json')['other']).toBe(other);
  });

  it('creates missing objects, and arrays for numeric segments', () => {
    expect(setAtPath({}, 'apicalls.0.method', 'GET')).toEqual({ apicalls: [{ method: 'GET' }] });
    expect(setAtPath({}, 'data.uiSettings.allowStars', true)).toEqual({ data: { uiSettings: { allowStars: true } } });
  });

  it('replaces an item of an existing array without touching its siblings', () => {
    const input: JsonObject = { apicalls: [{ method: 'GET', url: 'a' }, { method: 'PUT' }] };
    expect(setAtPath(input, 'apicalls.0.method', 'POST')).toEqual({
      apicalls: [{ method: 'POST', url: 'a' }, { method: 'PUT' }],
    });
  });
});

describe('toJsonPath', () => {
  it('writes numeric segments as indexes', () => {
    expect(toJsonPath('apicalls.0.method')).toBe('apicalls[0].method');
    expect(toJsonPath('temperature')).toBe('temperature');
  });
});

describe('mergeDefaults', () => {
  it('fills missing and null values deeply and keeps given ones', () => {
    const defaults: JsonObject = { temperature: 0.7, output: { type: 'raw', raw: '', json: [] } };
    const merged = mergeDefaults(defaults, { temperature: null, output: { type: 'json' }, extra: 1 });
    expect(merged).toEqual({ temperature: 0.7, output: { type: 'json', raw: '', json: [] }, extra: 1 });
  });

  it('keeps arrays as given and copies default arrays', () => {
    const defaults: JsonObject = { list: [1, 2] };
    expect(mergeDefaults(defaults, { list: [] })).toEqual({ list: [] });
    const merged = mergeDefaults(defaults, {});
    expect(merged['list']).toEqual([1, 2]);
    expect(merged['list']).not.toBe(defaults['list']);
  });
});

describe('inKeyOrder', () => {
  it('copies a value with every object\'s keys inserted in sorted order, arrays in their own order, a "__proto__" key kept as a field', () => {
    const value: JsonObject = JSON.parse('{"b":[{"y":1,"x":2},3],"__proto__":{"d":1,"c":2},"a":null}');
    const sorted = inKeyOrder(value);
    expect(JSON.stringify(sorted)).toBe('{"__proto__":{"c":2,"d":1},"a":null,"b":[{"x":2,"y":1},3]}');
    expect(JSON.stringify(value)).toBe('{"b":[{"y":1,"x":2},3],"__proto__":{"d":1,"c":2},"a":null}');
  });
});

describe('removeAtPath', () => {
  it('deletes a key at any depth without changing the input', () => {
    const input = { api_key: { key: 'k' }, model: 'gpt-4o', apicalls: [{ bearer_token: { key: 't' }, url: 'u' }] };
    expect(removeAtPath(input, 'api_key')).toEqual({ model: 'gpt-4o', apicalls: [{ bearer_token: { key: 't' }, url: 'u' }] });
    expect(removeAtPath(input, 'apicalls.0.bearer_token')).toEqual({ api_key: { key: 'k' }, model: 'gpt-4o', apicalls: [{ url: 'u' }] });
    expect(input.api_key).toEqual({ key: 'k' });
    expect(removeAtPath(input, 'missing.key')).toBe(input);
  });
});
