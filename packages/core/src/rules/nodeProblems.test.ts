import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFlow, functionNode, promptNode } from '../testing/testFlows.js';
import { removeEdge } from '../graph/connect.js';
import { flowMessages, messages } from '../messages.js';
import type { FlowDocument, FlowNode } from '../format/types.js';
import { applyGraphOp, graphOpArbitrary, initialGraphState } from '../testing/graphOperations.js';
import { createNodeProblemsMemo, nodeProblems } from './nodeProblems.js';

/** s -> a -> b in chain 1, c in chain 2. */
function flow(): FlowDocument {
  return buildFlow([[promptNode('s'), functionNode('a'), functionNode('b')], [functionNode('c')]]);
}

const withNodes = (doc: FlowDocument, change: (node: FlowNode) => FlowNode): FlowDocument => ({ ...doc, nodes: doc.nodes.map(change) });

describe('nodeProblems', () => {
  it('has nothing for a linked flow', () => {
    expect(nodeProblems(flow()).size).toBe(0);
  });

  it("gives each node cut off from the start the spec's message", () => {
    const cut = removeEdge(flow(), 'edge-a-to-b');
    expect(nodeProblems(cut)).toEqual(
      new Map([
        ['b', [messages.disconnected('Function b')]],
        ['c', [messages.disconnected('Function c')]],
      ]),
    );
  });

  it('gives the nodes of a loop the cycle message', () => {
    const doc = flow();
    const looped = {
      ...doc,
      edges: [...doc.edges.filter((e) => e.source !== 'c'), { id: 'edge-c-to-s', source: 'c', target: 's', kind: 'chain' as const }],
    };
    expect([...nodeProblems(looped).values()].flat()).toEqual(
      ['s', 'a', 'b', 'c'].map((id) => flowMessages.cycleDetected(id === 's' ? 'Instruct' : `Function ${id}`)),
    );
  });
});

describe('createNodeProblemsMemo', () => {
  it('gives back the same map when only text or positions change', () => {
    const memo = createNodeProblemsMemo();
    const cut = removeEdge(flow(), 'edge-a-to-b');
    const first = memo(cut);
    const typed = withNodes(cut, (n) => (n.type === 'prompt' ? { ...n, data: { ...n.data, prompt: 'Hello there' } } : n));
    const moved = withNodes(typed, (n) => ({ ...n, position: { x: n.position.x + 10, y: n.position.y } }));
    expect(memo(typed)).toBe(first);
    expect(memo(moved)).toBe(first);
  });

  it('finds again when the graph changes, and names a renamed node', () => {
    const memo = createNodeProblemsMemo();
    const cut = removeEdge(flow(), 'edge-a-to-b');
    expect(memo(cut).get('b')).toEqual([messages.disconnected('Function b')]);
    const renamed = withNodes(cut, (n) => (n.id === 'b' && n.type === 'function' ? { ...n, data: { ...n.data, name: 'Wrap up' } } : n));
    expect(memo(renamed).get('b')).toEqual([messages.disconnected('Wrap up')]);
    expect(memo(flow()).size).toBe(0);
  });

  it('always agrees with nodeProblems over random editing sessions', () => {
    fc.assert(
      fc.property(fc.array(graphOpArbitrary, { maxLength: 60 }), (ops) => {
        const memo = createNodeProblemsMemo();
        let state = initialGraphState();
        for (const op of ops) {
          state = applyGraphOp(state, op);
          expect(memo(state.doc)).toEqual(nodeProblems(state.doc));
        }
      }),
      { numRuns: 40 },
    );
  });
});
