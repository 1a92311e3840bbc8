import { followUps, nodeIndex, nodeName, nodePlaces, type FlowDocument } from '@flow/core';
import { editorText } from '../messages';
import { nodeTypeLabel } from '../modals/nodeChoices';

/** What a screen reader hears for each node and edge of the canvas, by id. */
export interface FlowLabels {
  nodes: ReadonlyMap<string, string>;
  edges: ReadonlyMap<string, string>;
}

/**
 * Each node named by type, name, chain and step and what follows it; each edge by the names of
 * its nodes and its kind (never by ids).
 * @example flowLabels(doc).nodes.get('greet') // 'Prompt: Instruct, chain 1, step 1, followed by Capture order details'
 */
export function flowLabels(doc: FlowDocument): FlowLabels {
  const places = nodePlaces(doc);
  const next = followUps(doc);
  const byId = nodeIndex(doc.nodes);
  const name = (id: string) => {
    const node = byId.get(id);
    return node ? nodeName(node) : id;
  };
  const nodes = new Map<string, string>();
  for (const node of doc.nodes) {
    const place = places.get(node.id) ?? { chain: node.chain, step: 0 };
    const after = next.get(node.id);
    nodes.set(
      node.id,
      editorText.nodeAria(nodeTypeLabel(node), nodeName(node), place.chain, place.step, after ? name(after.target) : null),
    );
  }
  const edges = new Map<string, string>();
  for (const edge of doc.edges) edges.set(edge.id, editorText.edgeAria(name(edge.source), name(edge.target), edge.kind === 'chain'));
  return { nodes, edges };
}
