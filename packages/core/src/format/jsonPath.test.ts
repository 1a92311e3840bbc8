import { describe, expect, it } from 'vitest';
import type { Finding } from '../model/types.js';
import { jsonPath, parentJsonPath, parseJsonPath, pointerToJsonPath, sortFindingsByPath } from './jsonPath.js';

describe('jsonPath', () => {
  it('writes identifiers with dots, indexes in brackets and other keys quoted', () => {
    expect(jsonPath(['nodes', 3, 'data', 'name'])).toBe('$.nodes[3].data.name');
    expect(jsonPath(['$schema'])).toBe('$.$schema');
    expect(jsonPath(['metadata', 'a b', 'x"]'])).toBe('$.metadata["a b"]["x\\"]"]');
  });

  it('reads back every path it writes', () => {
    const segments = ['metadata', 'a b', 0, 'x"].y', '1'];
    expect(parseJsonPath(jsonPath(segments))).toEqual(segments);
    expect(parseJsonPath('nodes')).toBeUndefined();
  });
});

describe('pointerToJsonPath', () => {
  it('turns ajv instance paths into JSON paths', () => {
    expect(pointerToJsonPath('')).toBe('$');
    expect(pointerToJsonPath('/nodes/3/data/name')).toBe('$.nodes[3].data.name');
    expect(pointerToJsonPath('/data/metadata/a~1b~0c')).toBe('$.data.metadata["a/b~c"]');
  });
});

describe('parentJsonPath', () => {
  it('steps up one level, and stops at the root', () => {
    expect(parentJsonPath('$.nodes[3].data')).toBe('$.nodes[3]');
    expect(parentJsonPath('$.nodes[3]')).toBe('$.nodes');
    expect(parentJsonPath('$["a.b"]')).toBe('$');
    expect(parentJsonPath('$')).toBeUndefined();
  });
});

describe('sortFindingsByPath', () => {
  it('orders findings as their paths occur in the document, the root first', () => {
    const doc = { format: 'flow/1', nodes: [{ id: 'a', data: { name: 'x' } }, { id: 'b' }], edges: [{ id: 'e' }] };
    const finding = (path: string): Finding => ({ code: 'schema', path, severity: 'error', message: path });
    const paths = ['$.edges[0]', '$.nodes[1].id', '$.nodes[0].data.name', '$', '$.nodes[0]', '$.format', '$.nodes[10]'];
    expect(sortFindingsByPath(paths.map(finding), doc).map((f) => f.path)).toEqual([
      '$',
      '$.format',
      '$.nodes[0]',
      '$.nodes[0].data.name',
      '$.nodes[1].id',
      '$.nodes[10]',
      '$.edges[0]',
    ]);
  });
});
