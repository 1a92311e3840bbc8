import { describe, expect, it } from 'vitest';
import { scanJson } from './jsonScan.js';

const text = '{"nodes": [{"id": "a", "data": {"name": "A"}}, {"id": "b", "data": {"name": "B"}}], "edges": []}';

describe('scanJson', () => {
  it('records the offset of every value by path', () => {
    const offsets = new Map<string, number>();
    expect(scanJson(text, { offsets })).toBeUndefined();
    expect(offsets.get('$.nodes[1].data.name')).toBe(text.indexOf('"B"'));
    expect(offsets.get('$.edges')).toBe(text.indexOf('[]'));
    expect(offsets.size).toBe(11);
  });

  it('records only the children of the paths it is asked about', () => {
    const offsets = new Map<string, number>();
    scanJson(text, { offsets, within: new Set(['$', '$.nodes', '$.nodes[1]']) });
    expect([...offsets.keys()]).toEqual(['$', '$.nodes', '$.nodes[0]', '$.nodes[1]', '$.nodes[1].id', '$.nodes[1].data', '$.edges']);
  });

  it('decodes escaped keys before naming their paths', () => {
    const offsets = new Map<string, number>();
    scanJson('{"a\\u0020b": {"\\"": 1}}', { offsets });
    expect([...offsets.keys()]).toEqual(['$', '$["a b"]', '$["a b"]["\\""]']);
  });

  it('returns the offset and reason of the first syntax error', () => {
    expect(scanJson('{"a": [1, 2}')).toEqual({ offset: 11, message: "expected ',' or ']'" });
  });
});
