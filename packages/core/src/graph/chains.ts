import type { FlowDocument, FlowEdge, FlowNode } from '../format/types.js';
import { chainNumbers, chainsInWalkOrder } from '../format/walk.js';

/** The highest chain number of a flow, 0 when it has no nodes. */
export function maxChain(nodes: readonly FlowNode[]): number {
  let max = 0;
  for (const node of nodes) {
    const n = Number(node.chain);
    if (Number.isFinite(n) && n > max) max = n;
  }
  return max;
}

/**
 * First and last node of a chain in walk order, if the chain has nodes. Walks that chain alone:
 * its nodes and the edges leaving them give the same walk as the whole flow's (a walk never leaves
 * its chain), without ordering every node of a large flow.
 */
export function chainEnds(doc: Pick<FlowDocument, 'nodes' | 'edges'>, chain: string): { first: FlowNode; last: FlowNode } | null {
  const nodes = doc.nodes.filter((node) => node.chain === chain);
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((node) => node.id));
  const group = chainsInWalkOrder({ nodes, edges: doc.edges.filter((edge) => ids.has(edge.source)) }).get(chain);
  const first = group?.[0];
  const last = group?.[group.length - 1];
  return first && last ? { first, last } : null;
}

/**
 * Renumbers chains 1, 2, … in their current numeric order, and returns the mapping old -> new.
 * Nodes whose chain keeps its number are kept as they are.
 */
export function renumberChains(nodes: readonly FlowNode[]): { nodes: FlowNode[]; mapping: Map<string, string> } {
  const mapping = new Map<string, string>();
  chainNumbers(nodes).forEach((chain, i) => mapping.set(chain, String(i + 1)));
  const renumbered = nodes.map((node) => {
    const chain = mapping.get(node.chain) ?? node.chain;
    return chain === node.chain ? node : { ...node, chain };
  });
  return { nodes: renumbered, mapping };
}

/** Keeps the start node when it is a node of the flow, else makes it the first node of chain "1". */
export function withStartNode<D extends FlowDocument>(doc: D): D {
  if (doc.startNodeId && doc.nodes.some((n) => n.id === doc.startNodeId)) return doc;
  const startNodeId = chainEnds(doc, '1')?.first.id ?? '';
  return startNodeId === doc.startNodeId ? doc : { ...doc, startNodeId };
}

/** Where a node sits: its chain and its 1-based step in that chain's walk order. */
export interface NodePlace {
  chain: string;
  step: number;
}

/**
 * Each node's chain and step, so nodes of the same name can be told apart ('chain 2, step 3').
 * @example nodePlaces(doc).get('greet') // { chain: '1', step: 1 }
 */
export function nodePlaces(doc: Pick<FlowDocument, 'nodes' | 'edges'>): Map<string, NodePlace> {
  const places = new Map<string, NodePlace>();
  for (const [chain, nodes] of chainsInWalkOrder(doc)) nodes.forEach((node, i) => places.set(node.id, { chain, step: i + 1 }));
  return places;
}

/**
 * `nodePlaces`, one chain at a time: a node's place walks its own chain alone, once (as
 * `chainEnds` does), so naming the few nodes on screen of a large flow never orders all of them.
 * @example nodePlaceLookup(doc)('greet') // { chain: '1', step: 1 }
 */
export function nodePlaceLookup(doc: Pick<FlowDocument, 'nodes' | 'edges'>): (id: string) => NodePlace | undefined {
  // The first node of an id is the one the whole walk places; a later one of the same id goes with
  // it (its post action still names a follow-up, as in the whole walk) and is never placed itself.
  const first = new Map<string, FlowNode>();
  const byChain = new Map<string, FlowNode[]>();
  for (const node of doc.nodes) {
    const owner = first.get(node.id) ?? node;
    first.set(node.id, owner);
    const group = byChain.get(owner.chain);
    if (group) group.push(node);
    else byChain.set(owner.chain, [node]);
  }
  let leaving: Map<string, FlowEdge[]> | null = null;
  const walked = new Map<string, Map<string, number>>();
  const stepsOf = (chain: string): Map<string, number> => {
    const known = walked.get(chain);
    if (known) return known;
    if (!leaving) {
      leaving = new Map();
      for (const edge of doc.edges) {
        const list = leaving.get(edge.source);
        if (list) list.push(edge);
        else leaving.set(edge.source, [edge]);
      }
    }
    const nodes = byChain.get(chain) ?? [];
    const edges = nodes.flatMap((node) => (first.get(node.id) === node ? (leaving?.get(node.id) ?? []) : []));
    const steps = new Map<string, number>();
    chainsInWalkOrder({ nodes, edges })
      .get(chain)
      ?.forEach((node, i) => steps.set(node.id, i + 1));
    walked.set(chain, steps);
    return steps;
  };
  return (id) => {
    const node = first.get(id);
    const step = node ? stepsOf(node.chain).get(id) : undefined;
    return node && step !== undefined ? { chain: node.chain, step } : undefined;
  };
}
