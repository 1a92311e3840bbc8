import type { FlowDocument, FlowEdge, FlowNode } from './types.js';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Chain numbers of a flow, ascending numerically. */
export function chainNumbers(nodes: readonly FlowNode[]): string[] {
  const set = new Set<string>();
  for (const node of nodes) set.add(node.chain);
  return [...set].sort(compareChains);
}

/** Numeric order of chain numbers; non-numeric chains sort last by text. */
export function compareChains(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  const fa = Number.isFinite(na);
  const fb = Number.isFinite(nb);
  if (fa && fb && na !== nb) return na - nb;
  if (fa !== fb) return fa ? -1 : 1;
  return compareText(a, b);
}

/** True when `a` is the follow-up rather than `b` (two outgoing edges of one node): the edge the post action names, then by target, id, kind. */
function precedes(a: FlowEdge, b: FlowEdge, named: string | undefined): boolean {
  if ((a.target === named) !== (b.target === named)) return a.target === named;
  return (compareText(a.target, b.target) || compareText(a.id, b.id) || compareText(a.kind, b.kind)) < 0;
}

/**
 * Map of node id -> its follow-up: its one outgoing edge that is not a self edge. When a broken
 * flow gives a node more than one, the choice never depends on the order of the edges (so `fmt`,
 * which reorders them, never changes a walk): the edge to its post_action_function_id, else the
 * smallest target id.
 */
export function followUps(doc: Pick<FlowDocument, 'nodes' | 'edges'>): Map<string, FlowEdge> {
  // Post actions decide only between two outgoing edges of one node: read them when a flow has such a node.
  let named: Map<string, string> | undefined;
  const index = new Map<string, FlowEdge>();
  for (const edge of doc.edges) {
    if (edge.source === edge.target) continue;
    const held = index.get(edge.source);
    if (held !== undefined) named ??= postActionTargets(doc.nodes);
    if (held === undefined || precedes(edge, held, named?.get(edge.source))) index.set(edge.source, edge);
  }
  return index;
}

/** Map of function node id -> the target its post action names (the first node of an id that names one). */
function postActionTargets(nodes: readonly FlowNode[]): Map<string, string> {
  const named = new Map<string, string>();
  for (const node of nodes) {
    if (named.has(node.id) || node.type !== 'function' || node.data.post_action_type !== 'function') continue;
    named.set(node.id, node.data.post_action_function_id);
  }
  return named;
}

/** Map of node id -> its one incoming edge (the first, if a broken flow has more). */
export function incomingIndex(edges: readonly FlowEdge[]): Map<string, FlowEdge> {
  const index = new Map<string, FlowEdge>();
  for (const edge of edges) if (!index.has(edge.target)) index.set(edge.target, edge);
  return index;
}

/**
 * Nodes grouped by chain, each chain in walk order: from the node with no incoming edge from its
 * own chain, along outgoing edges that stay in the chain. Nodes not reached that way (a loop, a
 * node added but not linked) follow in id order, each walked in turn. Deterministic and
 * independent of positions, so it is the canonical node order.
 */
export function chainsInWalkOrder(doc: Pick<FlowDocument, 'nodes' | 'edges'>): Map<string, FlowNode[]> {
  const byId = new Map<string, FlowNode>();
  for (const node of doc.nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  const out = followUps(doc);
  const hasIncomingInChain = new Set<string>();
  for (const edge of doc.edges) {
    const s = byId.get(edge.source);
    const t = byId.get(edge.target);
    if (s && t && s.chain === t.chain && s.id !== t.id) hasIncomingInChain.add(t.id);
  }
  const groups = new Map<string, FlowNode[]>();
  for (const chain of chainNumbers(doc.nodes)) groups.set(chain, []);
  const sorted = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const visited = new Set<string>();
  const walk = (start: FlowNode): void => {
    let current: FlowNode | undefined = start;
    const group = groups.get(start.chain);
    while (current && !visited.has(current.id) && current.chain === start.chain && group) {
      visited.add(current.id);
      group.push(current);
      const edge = out.get(current.id);
      current = edge ? byId.get(edge.target) : undefined;
    }
  };
  for (const node of sorted) if (!hasIncomingInChain.has(node.id)) walk(node);
  for (const node of sorted) if (!visited.has(node.id)) walk(node);
  return groups;
}

/** All node ids in canonical order: by chain, then walk order. */
export function walkOrder(doc: Pick<FlowDocument, 'nodes' | 'edges'>): FlowNode[] {
  return [...chainsInWalkOrder(doc).values()].flat();
}
