import type { FlowDocument, FlowNode, XYPosition } from '../format/types.js';
import { addNode, type NewNode } from './addNode.js';
import { randomId } from './result.js';
import { walkOrder } from '../format/walk.js';

/** What Copy puts on the clipboard: the nodes, in walk order, with their ids cleared. */
export interface Clipboard {
  nodes: NewNode[];
  /** Where each node was relative to the first one, so a paste at a point keeps their layout. */
  offsets?: XYPosition[];
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
  const copied = walkOrder(doc).filter((n) => wanted.has(n.id));
  const origin = copied[0]?.position ?? { x: 0, y: 0 };
  return {
    nodes: copied.map(clearIds),
    offsets: copied.map((n) => ({ x: n.position.x - origin.x, y: n.position.y - origin.y })),
  };
}

export interface PasteOptions {
  currentChain: string;
  selectedId?: string | null;
  newId?: () => string;
  /** Where the first node goes (the cursor); the others keep their places relative to it. */
  position?: XYPosition;
}

export interface PasteResult {
  doc: FlowDocument;
  nodeIds: string[];
  currentChain: string;
}

/**
 * Pastes clipboard nodes with new ids, one after another: the first after the selected node (or at
 * the end of the current chain), each next one after the previous, so the flow stays linked. With
 * a position they are placed there in their copied layout; otherwise by the spec's placement.
 */
export function paste(doc: FlowDocument, clipboard: Clipboard, options: PasteOptions): PasteResult {
  const newId = options.newId ?? randomId;
  let result: PasteResult = { doc, nodeIds: [], currentChain: options.currentChain };
  let after = options.selectedId ?? null;
  for (const [i, node] of clipboard.nodes.entries()) {
    const at = options.position;
    const offset = clipboard.offsets?.[i] ?? { x: 0, y: 0 };
    const placed = at ? { position: { x: at.x + offset.x, y: at.y + offset.y }, keepLayout: true } : {};
    const added = addNode(result.doc, node, { currentChain: result.currentChain, selectedId: after, id: newId(), ...placed });
    result = { doc: added.doc, nodeIds: [...result.nodeIds, added.nodeId], currentChain: added.currentChain };
    after = added.nodeId;
  }
  return result;
}

/** Duplicates one node: a copy with a new id, placed and linked right after the original. */
export function duplicate(doc: FlowDocument, nodeId: string, options: { currentChain: string; newId?: () => string }): PasteResult {
  const original = doc.nodes.find((n) => n.id === nodeId);
  if (!original) return { doc, nodeIds: [], currentChain: options.currentChain };
  return paste(doc, { nodes: [clearIds(original)] }, { ...options, selectedId: nodeId });
}

/**
 * Duplicates several nodes in one step: copies in walk order, linked one after another right after
 * the last of the originals, so the copies keep the originals' chain order.
 */
export function duplicateSelection(
  doc: FlowDocument,
  ids: Iterable<string>,
  options: { currentChain: string; newId?: () => string },
): PasteResult {
  const wanted = new Set(ids);
  const originals = walkOrder(doc).filter((n) => wanted.has(n.id));
  const last = originals.at(-1);
  if (!last) return { doc, nodeIds: [], currentChain: options.currentChain };
  return paste(doc, { nodes: originals.map(clearIds) }, { ...options, selectedId: last.id });
}
