import { messages } from '../messages.js';
import type { FlowDocument, FlowNode } from '../format/types.js';
import { chainEnds } from './chains.js';
import { nodeIndex, nodeName, reconcile } from './edges.js';
import type { GraphResult } from './result.js';
import { followUps, walkOrder } from '../format/walk.js';

/**
 * Rebuilds the chains by walking from the start node (the first node of chain "1") along outgoing
 * edges, starting a new chain at every chain edge. A node the walk does not reach fails the rebuild
 * with 'Error: Disconnected @ : {name}'.
 */
export function rebuild(doc: FlowDocument): GraphResult {
  if (doc.nodes.length === 0) return { ok: true, doc };
  const start = chainEnds(doc, '1')?.first ?? walkOrder(doc)[0];
  if (!start) return { ok: true, doc };
  const byId = nodeIndex(doc.nodes);
  const out = followUps(doc);

  const ordered: FlowNode[] = [];
  const visited = new Set<string>();
  let chain = 1;
  let current: FlowNode | undefined = start;
  while (current && !visited.has(current.id)) {
    visited.add(current.id);
    ordered.push(current.chain === String(chain) ? current : { ...current, chain: String(chain) });
    const edge = out.get(current.id);
    if (!edge) break;
    if (edge.kind === 'chain') chain += 1;
    current = byId.get(edge.target);
  }
  const missing = walkOrder(doc).find((n) => !visited.has(n.id));
  if (missing) return { ok: false, error: messages.disconnected(nodeName(missing)) };
  return { ok: true, doc: reconcile({ ...doc, nodes: ordered, startNodeId: start.id }) };
}
