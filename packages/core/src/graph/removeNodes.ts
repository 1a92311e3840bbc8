import type { FlowDocument, FlowEdge } from '../format/types.js';
import { renumberChains, withStartNode } from './chains.js';
import { makeEdge, nodeIndex, reconcile, reconcileAround } from './edges.js';

export interface RemoveNodesResult {
  doc: FlowDocument;
  currentChain: string;
  removed: number;
}

/**
 * Removes nodes and relinks what they joined: each surviving predecessor is linked to the next
 * surviving node. A chain left empty is removed, the chains after it renumbered, and the current
 * chain follows its chain's new number (spec section 4).
 */
export function removeNodes(doc: FlowDocument, ids: Iterable<string>, currentChain: string): RemoveNodesResult {
  const byId = nodeIndex(doc.nodes);
  const gone = new Set<string>();
  for (const id of ids) if (byId.has(id)) gone.add(id);
  if (gone.size === 0) return { doc, currentChain, removed: 0 };

  const next = new Map<string, string>();
  for (const edge of doc.edges) next.set(edge.source, edge.target);
  const edges: FlowEdge[] = [];
  // The survivors whose follow-up was removed: their edge and post action change.
  const relinked: string[] = [];
  for (const edge of doc.edges) {
    if (gone.has(edge.source)) continue;
    if (!gone.has(edge.target)) {
      edges.push(edge);
      continue;
    }
    relinked.push(edge.source);
    // Walk past the removed run to the first survivor and bridge to it.
    const seen = new Set<string>();
    let target: string | undefined = edge.target;
    while (target !== undefined && gone.has(target) && !seen.has(target)) {
      seen.add(target);
      target = next.get(target);
    }
    const source = byId.get(edge.source);
    const survivor = target === undefined || gone.has(target) ? undefined : byId.get(target);
    if (source && survivor && survivor.id !== source.id) edges.push(makeEdge(source, survivor));
  }

  const kept = doc.nodes.filter((node) => !gone.has(node.id));
  const { nodes, mapping } = renumberChains(kept);
  const newCurrent = mapping.get(currentChain) ?? followingChain(currentChain, mapping);
  const joined = { ...doc, nodes, edges };
  // A chain renumbered changes edge kinds anywhere in the flow; otherwise only the relinked nodes
  // changed links, and the flow is reconciled around them (a node deleted from thousands).
  const renumbered = nodes.some((node, k) => node !== kept[k]);
  const result = withStartNode(renumbered ? reconcile(joined) : reconcileAround(doc, joined, relinked));
  return { doc: result, currentChain: newCurrent, removed: gone.size };
}

/** The new number of the highest surviving chain below a removed one, or '0'. */
function followingChain(removedChain: string, mapping: Map<string, string>): string {
  const removed = Number(removedChain);
  let best = '0';
  let bestOld = -Infinity;
  for (const [oldChain, newChain] of mapping) {
    const old = Number(oldChain);
    if (old < removed && old > bestOld) {
      bestOld = old;
      best = newChain;
    }
  }
  return best;
}
