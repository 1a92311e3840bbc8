import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '../format/types.js';
import { testFlow, testFunction, testPrompt, testWorkflow } from '../testing/flowBuilder.js';
import { graphFlowArbitrary } from '../testing/graphOperations.js';
import { addChains, type NewChainNode } from './addChains.js';
import { addNode } from './addNode.js';
import { invariantViolations } from './invariants.js';

function chains(count: number, prefix = 'c'): NewChainNode[] {
  return Array.from({ length: count }, (_, i) => ({ ...testFunction(`${prefix}${i}`), id: `${prefix}${i}` }));
}

/** What addChains must equal: one addNode with a new chain per input, as the editor would call it. */
function oneByOne(doc: FlowDocument, inputs: readonly NewChainNode[], currentChain = '0'): FlowDocument {
  let state = { doc, currentChain };
  for (const input of inputs) state = addNode(state.doc, input, { currentChain: state.currentChain, newChain: true, id: input.id });
  return state.doc;
}

const newChainNode = (i: number): fc.Arbitrary<NewChainNode> =>
  fc.constantFrom(testFunction(`new ${i}`), testPrompt(`new ${i}`), testWorkflow(`new ${i}`)).map((node) => ({ ...node, id: `new-${i}` }));

const newChainNodes: fc.Arbitrary<NewChainNode[]> = fc
  .nat(6)
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => newChainNode(i))));

const startNodeId = fc.constantFrom(undefined, '', 'gone', 'new-0', 'new-1');

describe('addChains', () => {
  it('starts chain 1 at 50,200 in an empty flow and each next chain 400 px right, linked by chain edges', () => {
    const { doc, nodeIds } = addChains(testFlow(), chains(3));
    expect(nodeIds).toEqual(['c0', 'c1', 'c2']);
    expect(doc.nodes.map((n) => [n.id, n.chain, n.position.x, n.position.y])).toEqual([
      ['c0', '1', 50, 200],
      ['c1', '2', 450, 200],
      ['c2', '3', 850, 200],
    ]);
    expect(doc.edges).toEqual([
      { id: 'edge-c0-to-c1', source: 'c0', target: 'c1', kind: 'chain' },
      { id: 'edge-c1-to-c2', source: 'c1', target: 'c2', kind: 'chain' },
    ]);
    expect(doc.startNodeId).toBe('c0');
    expect(doc.nodes[0]?.data).toMatchObject({ post_action_type: 'function', post_action_function_id: 'c1' });
  });

  it("hands the previous chain's last follow-up on to the last new node", () => {
    const base = addChains(testFlow(), chains(2, 'a')).doc;
    // connect refuses a loop now; a stored flow may still hold one (written by hand): made here as it would be.
    const looped: FlowDocument = {
      ...base,
      nodes: base.nodes.map((n) =>
        n.id === 'a1' && n.type === 'function'
          ? { ...n, data: { ...n.data, post_action_type: 'function', post_action_function_id: 'a0' } }
          : n,
      ),
      edges: [...base.edges, { id: 'edge-a1-to-a0', source: 'a1', target: 'a0', kind: 'chain' }],
    };
    const { doc } = addChains(looped, chains(2));
    expect(doc.edges.map((e) => e.id)).toEqual(['edge-a0-to-a1', 'edge-a1-to-c0', 'edge-c0-to-c1', 'edge-c1-to-a0']);
    expect(doc).toEqual(oneByOne(looped, chains(2)));
  });

  it('gives back the same flow for no nodes, and refuses an id that is taken', () => {
    const doc = addChains(testFlow(), chains(2)).doc;
    expect(addChains(doc, []).doc).toBe(doc);
    expect(() => addChains(doc, chains(1))).toThrow(/"c0" is already taken/);
    expect(() => addChains(doc, [...chains(1, 'x'), ...chains(1, 'x')])).toThrow(/"x0" is already taken/);
  });

  // One pass: repeated addNode would take minutes here and run past the test's timeout.
  it('adds 20,000 chains in one call', () => {
    const { doc } = addChains(testFlow(), chains(20_000));
    expect(doc.edges).toHaveLength(19_999);
    expect(doc.nodes.at(-1)).toMatchObject({ chain: '20000', position: { x: 50 + 400 * 19_999, y: 200 } });
  });
});

describe('addChains (property)', () => {
  it('gives exactly the flow that adding each node as a new chain one by one gives, and keeps every invariant', () => {
    fc.assert(
      fc.property(graphFlowArbitrary(40), startNodeId, newChainNodes, fc.nat(5), (made, start, inputs, currentChain) => {
        // Also a start node that is missing, or names a node about to be added.
        const doc = start === undefined ? made : { ...made, startNodeId: start };
        const expected = oneByOne(doc, inputs, String(currentChain));
        const result = addChains(doc, inputs);
        expect(result.doc).toEqual(expected);
        expect(result.nodeIds).toEqual(inputs.map((input) => input.id));
        expect(invariantViolations(result.doc)).toEqual(invariantViolations(expected));
        if (invariantViolations(doc).length === 0) expect(invariantViolations(result.doc)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
