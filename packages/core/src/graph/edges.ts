import type { EdgeKind, FlowDocument, FlowEdge, FlowNode } from '../model/types.js';

/** The id of the edge from source to target: `edge-{source}-to-{target}`. */
export function edgeId(source: string, target: string): string {
  return `edge-${source}-to-${target}`;
}

/** `chain` when the two nodes belong to different chains, otherwise `node`. */
export function edgeKindBetween(source: FlowNode, target: FlowNode): EdgeKind {
  return source.chain === target.chain ? 'node' : 'chain';
}

/** A new edge between two nodes, its kind derived from their chains. */
export function makeEdge(source: FlowNode, target: FlowNode): FlowEdge {
  return { id: edgeId(source.id, target.id), source: source.id, target: target.id, kind: edgeKindBetween(source, target) };
}

/** The name a message shows for a node: its data name, else its id. */
export function nodeName(node: FlowNode): string {
  return node.data.name || node.id;
}

/** Map of node id -> node. */
export function nodeIndex(nodes: readonly FlowNode[]): Map<string, FlowNode> {
  const index = new Map<string, FlowNode>();
  for (const node of nodes) index.set(node.id, node);
  return index;
}

/**
 * Makes edges and post actions agree with the graph: edge ids and kinds from their ends, and each
 * function node's post_action fields from its outgoing edge. Unchanged objects are kept as they are.
 */
export function reconcile(doc: FlowDocument): FlowDocument {
  const byId = nodeIndex(doc.nodes);
  const outgoing = new Map<string, string>();
  let edgesChanged = false;
  const edges = doc.edges.map((edge) => {
    outgoing.set(edge.source, edge.target);
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) return edge;
    const id = edgeId(source.id, target.id);
    const kind = edgeKindBetween(source, target);
    if (edge.id === id && edge.kind === kind) return edge;
    edgesChanged = true;
    return { ...edge, id, kind };
  });
  let nodesChanged = false;
  const nodes = doc.nodes.map((node): FlowNode => {
    if (node.type !== 'function') return node;
    const target = outgoing.get(node.id);
    const { post_action_type, post_action_function_id } = node.data;
    if (target !== undefined) {
      if (post_action_type === 'function' && post_action_function_id === target) return node;
      nodesChanged = true;
      return { ...node, data: { ...node.data, post_action_type: 'function', post_action_function_id: target } };
    }
    if (post_action_type !== 'function') return node;
    nodesChanged = true;
    return { ...node, data: { ...node.data, post_action_type: 'none', post_action_function_id: '' } };
  });
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- TypeScript does not see the assignment inside the callback above
  if (!edgesChanged && !nodesChanged) return doc;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- TypeScript does not see the assignment inside the callback above
  return { ...doc, nodes: nodesChanged ? nodes : doc.nodes, edges: edgesChanged ? edges : doc.edges };
}
