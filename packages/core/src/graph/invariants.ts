import type { FlowDocument } from '../format/types.js';
import { edgeId, edgeKindBetween, nodeIndex } from './edges.js';
import { chainNumbers } from '../format/walk.js';

/**
 * The graph invariants of the flow format (ARCHITECTURE section 2) that every graph operation keeps,
 * as a list of broken ones (empty when all hold). `validateFlow` reports the same with JSON paths.
 */
export function invariantViolations(doc: Pick<FlowDocument, 'nodes' | 'edges'>): string[] {
  const problems: string[] = [];
  const byId = nodeIndex(doc.nodes);
  if (byId.size !== doc.nodes.length) problems.push('duplicate node id');
  const incoming = new Set<string>();
  const outgoing = new Map<string, string>();
  const ids = new Set<string>();
  for (const edge of doc.edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (ids.has(edge.id)) problems.push(`duplicate edge ${edge.id}`);
    ids.add(edge.id);
    if (!source || !target) problems.push(`dangling edge ${edge.id}`);
    if (edge.source === edge.target) problems.push(`self edge ${edge.id}`);
    if (edge.id !== edgeId(edge.source, edge.target)) problems.push(`edge id ${edge.id}`);
    if (source && target && edge.kind !== edgeKindBetween(source, target)) problems.push(`edge kind ${edge.id}`);
    if (incoming.has(edge.target)) problems.push(`two incoming edges into ${edge.target}`);
    if (outgoing.has(edge.source)) problems.push(`two outgoing edges from ${edge.source}`);
    incoming.add(edge.target);
    outgoing.set(edge.source, edge.target);
  }
  chainNumbers(doc.nodes).forEach((chain, i) => {
    if (chain !== String(i + 1)) problems.push(`chain ${chain} at position ${i + 1}`);
  });
  for (const node of doc.nodes) {
    if (node.type !== 'function') continue;
    if (node.data.uuid !== node.id) problems.push(`uuid of ${node.id}`);
    const target = outgoing.get(node.id);
    const { post_action_type: type, post_action_function_id: fid } = node.data;
    if (target !== undefined && (type !== 'function' || fid !== target)) problems.push(`post action of ${node.id}`);
    if (target === undefined && type === 'function') problems.push(`post action without edge on ${node.id}`);
  }
  return problems;
}
