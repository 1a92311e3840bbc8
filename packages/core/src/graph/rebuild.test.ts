import { describe, expect, it } from 'vitest';
import { testFlow, testFunction } from '../testing/flowBuilder.js';
import { addNode } from './addNode.js';
import { removeEdge } from './connect.js';
import { rebuild } from './rebuild.js';

function twoChains() {
  let r = addNode(testFlow(), testFunction('a'), { currentChain: '0', id: 'a' });
  r = addNode(r.doc, testFunction('b'), { currentChain: r.currentChain, id: 'b' });
  r = addNode(r.doc, testFunction('Cee'), { currentChain: r.currentChain, newChain: true, id: 'c' });
  return r.doc;
}

describe('rebuild', () => {
  it('walks from the first node and splits chains at chain edges', () => {
    const r = rebuild(twoChains());
    if (!r.ok) throw new Error(r.error);
    expect(r.doc.nodes.map((n) => [n.id, n.chain])).toEqual([
      ['a', '1'],
      ['b', '1'],
      ['c', '2'],
    ]);
    expect(r.doc.startNodeId).toBe('a');
  });

  it('fails on a gap with the spec text naming the first node not reached', () => {
    expect(rebuild(removeEdge(twoChains(), 'edge-b-to-c'))).toEqual({ ok: false, error: 'Error: Disconnected @ : Cee' });
  });

  it('keeps an empty flow as it is', () => {
    const doc = testFlow();
    expect(rebuild(doc)).toEqual({ ok: true, doc });
  });
});
