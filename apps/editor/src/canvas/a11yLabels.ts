import { followUps, nodeIndex, nodeName, nodePlaceLookup, type FlowDocument, type FlowEdge } from '@flow/core';
import { editorText } from '../messages';
import { nodeTypeLabel } from '../modals/nodeChoices';

/** What a screen reader hears for a node (by id) and an edge of the canvas. */
export interface FlowLabels {
  node: (id: string) => string | undefined;
  edge: (edge: FlowEdge) => string;
}

/**
 * Each node named by type, name, chain and step and what follows it; each edge by the names of
 * its nodes and its kind (never by ids). Worked out when asked, for the nodes and edges on screen:
 * naming all 5,000 of a large flow after each edit took one long task.
 * @example flowLabels(doc).node('greet') // 'Prompt: Greet, chain 1, step 1, followed by Ask'
 */
export function flowLabels(doc: FlowDocument): FlowLabels {
  let byId: ReturnType<typeof nodeIndex> | undefined;
  let next: ReturnType<typeof followUps> | undefined;
  let placeOf: ReturnType<typeof nodePlaceLookup> | undefined;
  const named = new Map<string, string>();
  const name = (id: string) => {
    byId ??= nodeIndex(doc.nodes);
    const node = byId.get(id);
    return node ? nodeName(node) : id;
  };
  const node = (id: string): string | undefined => {
    const known = named.get(id);
    if (known !== undefined) return known;
    byId ??= nodeIndex(doc.nodes);
    const found = byId.get(id);
    if (!found) return undefined;
    next ??= followUps(doc);
    placeOf ??= nodePlaceLookup(doc);
    const place = placeOf(id) ?? { chain: found.chain, step: 0 };
    const after = next.get(id);
    const label = editorText.nodeAria(nodeTypeLabel(found), nodeName(found), place.chain, place.step, after ? name(after.target) : null);
    named.set(id, label);
    return label;
  };
  const edge = (e: FlowEdge) => editorText.edgeAria(name(e.source), name(e.target), e.kind === 'chain');
  return { node, edge };
}
