import { walkOrder } from '../format/walk.js';
import type { FlowDocument, FlowNode } from '../format/types.js';
import { SECRET_FIELDS } from '../functions/registry.js';
import { secretSlots, type SecretSlot } from '../functions/secretSlots.js';

/**
 * A copy of `doc` in which `change` was applied to every secret slot of every function node, in
 * walk order. `doc` itself is never changed.
 */
export function mapSecretSlots(doc: FlowDocument, change: (slot: SecretSlot, node: FlowNode) => void): FlowDocument {
  const order = new Map(walkOrder(doc).map((node, i) => [node.id, i]));
  const indexed = doc.nodes.map((node, index) => ({ node, index }));
  indexed.sort((a, b) => (order.get(a.node.id) ?? a.index) - (order.get(b.node.id) ?? b.index));
  const nodes = [...doc.nodes];
  for (const { node, index } of indexed) {
    if (node.type !== 'function') continue;
    const metadata = structuredClone(node.data.metadata);
    const slots = secretSlots(metadata, `$.nodes[${index}].data.metadata`, SECRET_FIELDS);
    if (slots.length === 0) continue;
    for (const slot of slots) change(slot, node);
    nodes[index] = { ...node, data: { ...node.data, metadata } };
  }
  return { ...doc, nodes };
}
