import fc from 'fast-check';
import { addNode } from '../graph/addNode.js';
import { copy, duplicate, paste } from '../graph/clipboard.js';
import { connect, removeEdge, setPostAction } from '../graph/connect.js';
import { withNodes } from '../graph/edges.js';
import { removeNodes } from '../graph/removeNodes.js';
import type { PostActionType } from '../model/types.js';
import type { FlowDocument } from '../format/types.js';
import { testFlow, testFunction, testPrompt, testWorkflow } from './flowBuilder.js';

/** One random editing step; node and edge indexes are taken modulo the flow's size. */
export type GraphOp =
  | { kind: 'add'; nodeType: 0 | 1 | 2; select: number; newChain: boolean }
  | { kind: 'connect'; a: number; b: number }
  | { kind: 'removeEdge'; a: number }
  | { kind: 'remove'; a: number; count: number }
  | { kind: 'duplicate'; a: number }
  | { kind: 'copyPaste'; a: number; count: number; select: number }
  | { kind: 'postAction'; a: number; b: number; type: PostActionType }
  /** A node dragged, as the editor hands it to withNodes (links unchanged). */
  | { kind: 'move'; a: number; dx: number };

const index = fc.nat(1000);

/** Any graph operation, adds weighted most so that flows grow. */
export const graphOpArbitrary: fc.Arbitrary<GraphOp> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      nodeType: fc.constantFrom(0 as const, 1 as const, 2 as const),
      select: fc.integer({ min: -1, max: 1000 }),
      newChain: fc.boolean(),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('connect' as const), a: index, b: index }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('removeEdge' as const), a: index }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), a: index, count: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('duplicate' as const), a: index }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('copyPaste' as const),
      a: index,
      count: fc.integer({ min: 1, max: 3 }),
      select: fc.integer({ min: -1, max: 1000 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('postAction' as const),
      a: index,
      b: index,
      type: fc.constantFrom<PostActionType>('none', 'function', 'trigger_response', 'run_tracking'),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), a: index, dx: fc.integer({ min: -200, max: 200 }) }), weight: 2 },
);

/** An editor session's state: the flow, its current chain and a counter for new ids (`n1`, `n2`, …). */
export interface GraphState {
  doc: FlowDocument;
  currentChain: string;
  ids: number;
}

/** A fresh session over an empty flow. */
export function initialGraphState(): GraphState {
  return { doc: testFlow(), currentChain: '0', ids: 0 };
}

function pick(doc: FlowDocument, i: number): string | undefined {
  return doc.nodes.length ? doc.nodes[i % doc.nodes.length]?.id : undefined;
}

/** Applies one operation as the editor would; a refused operation leaves the state as it was. */
export function applyGraphOp(state: GraphState, op: GraphOp): GraphState {
  const newId = () => `n${++state.ids}`;
  const { doc, currentChain } = state;
  switch (op.kind) {
    case 'add': {
      const input = [testFunction(`f${state.ids}`), testPrompt(`p${state.ids}`), testWorkflow(`w${state.ids}`)][op.nodeType];
      if (!input) return state;
      const selectedId = op.select < 0 ? null : pick(doc, op.select);
      const r = addNode(doc, input, { currentChain, selectedId, newChain: op.newChain, id: newId() });
      return { ...state, doc: r.doc, currentChain: r.currentChain };
    }
    case 'connect': {
      const a = pick(doc, op.a);
      const b = pick(doc, op.b);
      const r = a && b ? connect(doc, a, b) : null;
      return r && r.ok ? { ...state, doc: r.doc } : state;
    }
    case 'removeEdge': {
      const edge = doc.edges.length ? doc.edges[op.a % doc.edges.length] : undefined;
      return edge ? { ...state, doc: removeEdge(doc, edge.id) } : state;
    }
    case 'remove': {
      const ids = Array.from({ length: op.count }, (_, k) => pick(doc, op.a + k)).filter((x): x is string => !!x);
      const r = removeNodes(doc, ids, currentChain);
      return { ...state, doc: r.doc, currentChain: r.currentChain };
    }
    case 'duplicate': {
      const a = pick(doc, op.a);
      if (!a) return state;
      const r = duplicate(doc, a, { currentChain, newId });
      return { ...state, doc: r.doc, currentChain: r.currentChain };
    }
    case 'copyPaste': {
      const ids = Array.from({ length: op.count }, (_, k) => pick(doc, op.a + k)).filter((x): x is string => !!x);
      const selectedId = op.select < 0 ? null : pick(doc, op.select);
      const r = paste(doc, copy(doc, ids), { currentChain, selectedId, newId });
      return { ...state, doc: r.doc, currentChain: r.currentChain };
    }
    case 'postAction': {
      const a = pick(doc, op.a);
      const node = doc.nodes.find((n) => n.id === a);
      if (!a || node?.type !== 'function') return state;
      const r = setPostAction(doc, a, op.type, pick(doc, op.b));
      return r.ok ? { ...state, doc: r.doc } : state;
    }
    case 'move': {
      const a = pick(doc, op.a);
      const nodes = doc.nodes.map((n) => (n.id === a ? { ...n, position: { x: n.position.x + op.dx, y: n.position.y } } : n));
      return a ? { ...state, doc: withNodes(doc, nodes) } : state;
    }
  }
}

/** A flow made by up to `maxOps` random editing steps from an empty flow. */
export function graphFlowArbitrary(maxOps: number): fc.Arbitrary<FlowDocument> {
  return fc.array(graphOpArbitrary, { maxLength: maxOps }).map((ops) => ops.reduce(applyGraphOp, initialGraphState()).doc);
}
