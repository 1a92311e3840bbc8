import { describe, expect, it } from 'vitest';
import { addNode, createFunctionData, createPromptData, emptyFlow, type FlowDocument } from '../index.js';
import { diffFlows } from './flowDiff.js';
import { lineDiff, sameValue, valueChanges } from './valueDiff.js';

function twoNodeFlow(): FlowDocument {
  let doc = emptyFlow('p', 'v');
  doc = addNode(doc, { type: 'prompt', data: createPromptData('Hi') }, { currentChain: '0', newChain: true, id: 'a' }).doc;
  doc = addNode(
    doc,
    { type: 'function', data: createFunctionData('instruct', { uuid: 'b', planId: 'p', name: 'B' }) },
    { currentChain: '1', id: 'b' },
  ).doc;
  return doc;
}

describe('valueChanges', () => {
  it('ignores key order and lists leaf fields that differ', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(valueChanges({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 4, c: 2 }, a: 1 })).toEqual([{ field: 'b.d', before: 3, after: 4 }]);
    expect(valueChanges({ list: [1, 2] }, { list: [1, 2, 3] })).toEqual([{ field: 'list', before: [1, 2], after: [1, 2, 3] }]);
    expect(valueChanges({ 'odd key': 1 }, {})).toEqual([{ field: '["odd key"]', before: 1 }]);
  });
});

describe('lineDiff', () => {
  it('keeps common lines and lists removed lines before added ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\nc')).toEqual([
      { op: ' ', line: 'a' },
      { op: '-', line: 'b' },
      { op: '+', line: 'x' },
      { op: ' ', line: 'c' },
    ]);
    expect(lineDiff('', 'new')).toEqual([{ op: '+', line: 'new' }]);
  });
});

describe('diffFlows', () => {
  it('finds nothing when only positions, the viewport and the order of nodes and edges differ', () => {
    const a = twoNodeFlow();
    const b: FlowDocument = {
      ...a,
      viewport: { x: 1, y: 2, zoom: 2 },
      nodes: [...a.nodes].reverse().map((n) => ({ ...n, position: { x: 999, y: -5 } })),
      edges: [...a.edges].reverse(),
    };
    expect(diffFlows(a, b).same).toBe(true);
  });

  it('reports a renamed node with the field, and a removed node with its edge and chain', () => {
    const a = twoNodeFlow();
    const renamed: FlowDocument = {
      ...a,
      nodes: a.nodes.map((n) => (n.id === 'b' && n.type === 'function' ? { ...n, data: { ...n.data, name: 'C' } } : n)),
    };
    const diff = diffFlows(a, renamed);
    expect(diff.same).toBe(false);
    expect(diff.nodes.changed).toEqual([
      { id: 'b', name: 'C', type: 'function', chain: '1', fields: [{ field: 'data.name', before: 'B', after: 'C' }] },
    ]);
    const removed: FlowDocument = { ...a, nodes: a.nodes.filter((n) => n.id !== 'b'), edges: [] };
    const gone = diffFlows(a, removed);
    expect(gone.nodes.removed.map((n) => n.id)).toEqual(['b']);
    expect(gone.edges.removed).toEqual([{ source: 'a', target: 'b', kind: 'node' }]);
    expect(gone.chains).toEqual([{ chain: '1', before: ['Instruct', 'B'], after: ['Instruct'] }]);
  });
});
