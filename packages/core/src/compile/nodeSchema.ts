import { chainsInWalkOrder } from '../format/walk.js';
import type { FlowDocument, FlowNodeData, NodeSchema } from '../format/types.js';

/**
 * The spec's map of chains to maps of node id -> node data, derived from the document in walk
 * order. (Object keys that look like integers are listed by JavaScript in numeric order, so the
 * key order of a chain follows walk order only for non-numeric node ids.)
 */
export function nodeSchema(doc: Pick<FlowDocument, 'nodes' | 'edges'>): NodeSchema {
  const schema: NodeSchema = {};
  for (const [chain, nodes] of chainsInWalkOrder(doc)) {
    const entries: Record<string, FlowNodeData> = {};
    for (const node of nodes) entries[node.id] = node.data;
    schema[chain] = entries;
  }
  return schema;
}
