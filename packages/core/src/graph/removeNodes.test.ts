import { describe, expect, it } from 'vitest';
import { chainsOfTen, changedNodeIds, testFlow, testFunction, withStalePostAction } from '../testing/flowBuilder.js';
import { addNode } from './addNode.js';
import { invariantViolations } from './invariants.js';
import { removeNodes } from './removeNodes.js';

/** Three chains: 1 = a, b; 2 = c; 3 = d, e. */
function threeChains() {
  let r = addNode(testFlow(), testFunction('a'), { currentChain: '0', id: 'a' });
  r = addNode(r.doc, testFunction('b'), { currentChain: r.currentChain, id: 'b' });
  r = addNode(r.doc, testFunction('c'), { currentChain: r.currentChain, newChain: true, id: 'c' });
  r = addNode(r.doc, testFunction('d'), { currentChain: r.currentChain, newChain: true, id: 'd' });
  r = addNode(r.doc, testFunction('e'), { currentChain: r.currentChain, id: 'e' });
  return r;
}

describe('removeNodes', () => {
  it('relinks the neighbours of a removed node within a chain', () => {
    const base = threeChains();
    const r = removeNodes(base.doc, ['d'], base.currentChain);
    expect(r.doc.edges.find((e) => e.source === 'c')).toMatchObject({ target: 'e', kind: 'chain' });
    expect(r.currentChain).toBe('3');
    expect(invariantViolations(r.doc)).toEqual([]);
  });

  it('removes a chain whose last node goes, renumbers the chains after it and relinks neighbouring chains', () => {
    const base = threeChains();
    const r = removeNodes(base.doc, ['c'], base.currentChain);
    expect(r.doc.nodes.map((n) => [n.id, n.chain])).toEqual([
      ['a', '1'],
      ['b', '1'],
      ['d', '2'],
      ['e', '2'],
    ]);
    expect(r.doc.edges.find((e) => e.source === 'b')).toEqual({ id: 'edge-b-to-d', source: 'b', target: 'd', kind: 'chain' });
    expect(r.currentChain).toBe('2');
    expect(invariantViolations(r.doc)).toEqual([]);
  });

  it('decrements the current chain when its own chain is removed', () => {
    const base = threeChains();
    const r = removeNodes(base.doc, ['d', 'e'], base.currentChain);
    expect(r.currentChain).toBe('2');
    expect(r.doc.nodes.find((n) => n.id === 'b')?.data).toMatchObject({ post_action_function_id: 'c' });
    expect(r.doc.nodes.find((n) => n.id === 'c')?.data).toMatchObject({ post_action_type: 'none', post_action_function_id: '' });
  });

  it('bridges over a run of removed nodes and moves the start node', () => {
    const base = threeChains();
    const r = removeNodes(base.doc, ['a', 'b', 'c'], base.currentChain);
    expect(r.doc.nodes.map((n) => [n.id, n.chain])).toEqual([
      ['d', '1'],
      ['e', '1'],
    ]);
    expect(r.doc.startNodeId).toBe('d');
    expect(r.currentChain).toBe('1');
  });

  it('goes back to chain 0 when every node is removed', () => {
    const base = threeChains();
    const r = removeNodes(base.doc, ['a', 'b', 'c', 'd', 'e'], base.currentChain);
    expect(r.doc.nodes).toEqual([]);
    expect(r.doc.edges).toEqual([]);
    expect(r.currentChain).toBe('0');
    expect(r.removed).toBe(5);
  });

  it('ignores ids that are not nodes', () => {
    const base = threeChains();
    expect(removeNodes(base.doc, ['nope'], '3')).toEqual({ doc: base.doc, currentChain: '3', removed: 0 });
  });
});

describe('removeNodes on a large flow', () => {
  it('changes only the node relinked past the removed one; every other node object is kept by reference', () => {
    const doc = chainsOfTen(20);
    const r = removeNodes(doc, ['c7-5'], '20');
    expect(invariantViolations(r.doc)).toEqual([]);
    expect(changedNodeIds(doc, r.doc)).toEqual(['c7-4']);
    expect(r.doc.edges.map((e) => e.id)).toContain('edge-c7-4-to-c7-6');
  });

  it('still mends the whole flow when it was not made by the graph operations (a post action out of step far away)', () => {
    const loaded = withStalePostAction(chainsOfTen(20), 'c1-0');
    expect(invariantViolations(removeNodes(loaded, ['c7-5'], '20').doc)).toEqual([]);
  });

  it('renumbers the chains after a chain left empty, and their edges stay right', () => {
    const doc = chainsOfTen(3);
    const r = removeNodes(
      doc,
      Array.from({ length: 10 }, (_, i) => `c2-${i}`),
      '3',
    );
    expect(invariantViolations(r.doc)).toEqual([]);
    expect(new Set(r.doc.nodes.map((n) => n.chain))).toEqual(new Set(['1', '2']));
  });
});
