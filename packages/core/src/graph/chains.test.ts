import { describe, expect, it } from 'vitest';
import { testFlow, testFunction } from '../testing/flowBuilder.js';
import { addNode } from './addNode.js';
import { nodePlaces } from './chains.js';

describe('nodePlaces', () => {
  it("gives each node its chain and its step in the chain's walk order", () => {
    let r = addNode(testFlow(), testFunction('Instruct'), { currentChain: '0', id: 'a' });
    r = addNode(r.doc, testFunction('Instruct'), { currentChain: r.currentChain, id: 'b' });
    r = addNode(r.doc, testFunction('Instruct'), { currentChain: r.currentChain, newChain: true, id: 'c' });
    expect(Object.fromEntries(nodePlaces(r.doc))).toEqual({
      a: { chain: '1', step: 1 },
      b: { chain: '1', step: 2 },
      c: { chain: '2', step: 1 },
    });
  });
});
