import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHistory, pushSnapshot, redo, restoreSnapshot, takeSnapshot, undo } from '../history/history.js';
import { arbitraryFlow } from '../compile/flowArbitrary.js';
import { createFunctionData, createPromptData } from './nodeData.js';
import type { FlowDocument, FlowNode } from '../format/types.js';
import { emptyFlow } from './fromProvider.js';
import { applyGraphOp, graphFlowArbitrary, graphOpArbitrary, initialGraphState, type GraphState } from '../testing/graphOperations.js';
import { chainEnds, nodePlaceLookup, nodePlaces } from './chains.js';
import { chainNumbers, chainsInWalkOrder } from '../format/walk.js';
import { invariantViolations } from './invariants.js';
import { reconcile, reconcileAround } from './edges.js';

describe('graph operations (property)', () => {
  it('keep every invariant of the flow format over 1,000 random operations, and undo then redo is the identity', () => {
    fc.assert(
      fc.property(fc.array(graphOpArbitrary, { minLength: 1000, maxLength: 1000 }), (ops) => {
        let state: GraphState = initialGraphState();
        let history = createHistory(takeSnapshot(state.doc, 'load'));
        for (const op of ops) {
          const before = state.doc;
          state = applyGraphOp(state, op);
          expect(invariantViolations(state.doc)).toEqual([]);
          if (state.doc === before) continue;
          history = pushSnapshot(history, takeSnapshot(state.doc, 'update'));
          const undone = undo(history);
          if (!undone) throw new Error('undo after a change must do something');
          expect(restoreSnapshot(state.doc, undone.snapshot).nodes).toEqual(before.nodes);
          const redone = redo(undone.history);
          if (!redone) throw new Error('redo after undo must do something');
          const again = restoreSnapshot(before, redone.snapshot);
          expect(again.nodes).toEqual(state.doc.nodes);
          expect(again.edges).toEqual(state.doc.edges);
          history = redone.history;
        }
      }),
      { numRuns: 6 },
    );
  });
});

// Any nodes in a few chains and any edges between them: loops, several follow-ups, edges across chains.
const tangled = fc
  .tuple(
    fc.array(fc.constantFrom('1', '2', '3'), { minLength: 1, maxLength: 12 }),
    fc.array(fc.tuple(fc.nat(11), fc.nat(11)), { maxLength: 24 }),
  )
  .map(([chains, pairs]): FlowDocument => {
    const nodes = chains.map((chain, i): FlowNode => ({
      id: `n${i}`,
      type: 'prompt',
      chain,
      position: { x: 0, y: 0 },
      data: createPromptData(),
    }));
    const edges = pairs
      .filter(([s, t]) => s < nodes.length && t < nodes.length)
      .map(([s, t], i) => ({ id: `e${i}`, source: `n${s}`, target: `n${t}`, kind: 'node' as const }));
    return { ...emptyFlow('tangled', 'production'), nodes, edges };
  });

describe('chainEnds (property)', () => {
  const endsOfWholeWalk = (doc: FlowDocument, chain: string) => {
    const group = chainsInWalkOrder(doc).get(chain);
    return group && group.length > 0 ? { first: group[0], last: group[group.length - 1] } : null;
  };

  it('walks one chain to the same ends as the walk of the whole flow, on built and on arbitrary (broken) flows', () => {
    const flows = fc.oneof(graphFlowArbitrary(60), arbitraryFlow, tangled);
    fc.assert(
      fc.property(flows, (doc) => {
        for (const chain of [...chainNumbers(doc.nodes), 'no-such-chain'])
          expect(chainEnds(doc, chain)).toEqual(endsOfWholeWalk(doc, chain));
      }),
      { numRuns: 200 },
    );
  });
});

describe('nodePlaceLookup (property)', () => {
  // Tangled flows with ids used twice, in any chain, some naming a follow-up of their own.
  const twiceNamed = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom('1', '2', '3'), fc.nat(5), fc.option(fc.nat(5))), { minLength: 1, maxLength: 12 }),
      fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 24 }),
    )
    .map(([specs, pairs]): FlowDocument => {
      const nodes = specs.map(([chain, id, follow]): FlowNode => {
        if (follow === null) return { id: `n${id}`, type: 'prompt', chain, position: { x: 0, y: 0 }, data: createPromptData() };
        const data = createFunctionData('instruct', { uuid: `n${id}`, planId: 'p' });
        const named = { ...data, post_action_type: 'function' as const, post_action_function_id: `n${follow}` };
        return { id: `n${id}`, type: 'function', chain, position: { x: 0, y: 0 }, data: named };
      });
      const edges = pairs.map(([s, t], i) => ({ id: `e${i}`, source: `n${s}`, target: `n${t}`, kind: 'node' as const }));
      return { ...emptyFlow('twice', 'production'), nodes, edges };
    });

  it('places every node as nodePlaces does, on built, arbitrary and broken flows', () => {
    fc.assert(
      fc.property(fc.oneof(graphFlowArbitrary(60), arbitraryFlow, tangled, twiceNamed), (doc) => {
        const lookup = nodePlaceLookup(doc);
        const whole = nodePlaces(doc);
        for (const id of [...doc.nodes.map((node) => node.id), 'no-such-node']) expect(lookup(id)).toEqual(whole.get(id));
      }),
      { numRuns: 300 },
    );
  });
});

describe('reconcileAround (property)', () => {
  // A flow that agrees, then a node spliced in after one of its nodes by edges made out of step (any id and kind).
  const spliced = fc
    .tuple(fc.oneof(graphFlowArbitrary(60), tangled), fc.nat(), fc.boolean(), fc.boolean())
    .map(([doc, at, isFunction, keep]) => {
      const before = reconcile(doc);
      const anchor = before.nodes[at % Math.max(before.nodes.length, 1)];
      const added: FlowNode = isFunction
        ? {
            id: 'added',
            type: 'function',
            chain: '1',
            position: { x: 0, y: 0 },
            data: createFunctionData('instruct', { uuid: 'added', planId: 'p' }),
          }
        : { id: 'added', type: 'prompt', chain: '1', position: { x: 0, y: 0 }, data: createPromptData() };
      if (!anchor) return { before, doc: { ...before, nodes: [added] }, ids: ['added'] };
      const old = before.edges.find((edge) => edge.source === anchor.id);
      const edges = before.edges.filter((edge) => keep || edge !== old);
      edges.push({ id: 'x', source: anchor.id, target: 'added', kind: 'node' });
      if (old) edges.push({ id: 'y', source: 'added', target: old.target, kind: 'node' });
      const ids = old ? [anchor.id, 'added', old.target] : [anchor.id, 'added'];
      return { before, doc: { ...before, nodes: [...before.nodes, added], edges }, ids };
    });

  it('gives what reconciling the whole flow gives, keeping the objects and arrays it keeps', () => {
    fc.assert(
      fc.property(spliced, ({ before, doc, ids }) => {
        const around = reconcileAround(before, doc, ids);
        const whole = reconcile(doc);
        expect(around).toEqual(whole);
        expect(around.nodes === doc.nodes).toBe(whole.nodes === doc.nodes);
        expect(around.edges === doc.edges).toBe(whole.edges === doc.edges);
        expect(around.nodes.map((node, k) => node === doc.nodes[k])).toEqual(whole.nodes.map((node, k) => node === doc.nodes[k]));
        expect(around.edges.map((edge, k) => edge === doc.edges[k])).toEqual(whole.edges.map((edge, k) => edge === doc.edges[k]));
        expect(reconcileAround(around, around, ids)).toBe(around);
      }),
      { numRuns: 300 },
    );
  });
});
