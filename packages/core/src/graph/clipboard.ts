import type { FlowDocument, FlowNode } from '../model/types.js';
import { addNode, type NewNode } from './addNode.js';
import { randomId } from './result.js';
import { walkOrder } from './walk.js';

/** What Copy puts on the clipboard: the nodes, in walk order, with their ids cleared. */
export interface Clipboard {
  nodes: NewNode[];
}

/** The node's type and data without any id: a function's uuid and follow-up are cleared. */
export function clearIds(node: FlowNode): NewNode {
  switch (node.type) {
    case 'function':
      return {
        type: 'function',
        data: { ...node.data, id: undefined, uuid: '', post_action_type: 'none', post_action_function_id: '' },
      };
    case 'prompt':
      return { type: 'prompt', data: node.data };
    case 'workflow':
      return { type: 'workflow', data: node.data };
  }
}

/** Copies the given nodes (ids cleared) in walk order. */
export function copy(doc: FlowDocument, ids: Iterable<string>): Clipboard {
  const wanted = new Set(ids);
  return { nodes: walkOrder(doc).filter((n) => wanted.has(n.id)).map(clearIds) };
}

export interface PasteOptions {
  currentChain: string;
  selectedId?: string | null;
  newId?: () => string;
}

export interface PasteResult {
  doc: FlowDocument;
  nodeIds: string[];
  currentChain: string;
}

/**
 * Pastes clipboard nodes with new ids, one after another: the first after the selected node (or at
 * the end of the current chain), each next one after the previous, so the flow stays linked.
 */
export function paste(doc: FlowDocument, clipboard: Clipboard, options: PasteOptions): PasteResult {
  const newId = options.newId ?? randomId;
  let result: PasteResult = { doc, nodeIds: [], currentChain: options.currentChain };
  let after = options.selectedId ?? null;
  for (const node of clipboard.nodes) {
    const added = addNode(result.doc, node, { currentChain: result.currentChain, selectedId: after, id: newId() });
    result = { doc: added.doc, nodeIds: [...result.nodeIds, added.nodeId], currentChain: added.currentChain };
    after = added.nodeId;
  }
  return result;
}

/** Duplicates one node: a copy with a new id, placed and linked right after the original. */
export function duplicate(
  doc: FlowDocument,
  nodeId: string,
  options: { currentChain: string; newId?: () => string },
): PasteResult {
  const original = doc.nodes.find((n) => n.id === nodeId);
  if (!original) return { doc, nodeIds: [], currentChain: options.currentChain };
  return paste(doc, { nodes: [clearIds(original)] }, { ...options, selectedId: nodeId });
}
