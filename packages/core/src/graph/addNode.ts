import type { FlowDocument, FlowEdge, FlowNode, FunctionNode, PromptNode, WorkflowNode, XYPosition } from '../format/types.js';
import { chainEnds, maxChain, withStartNode } from './chains.js';
import { makeEdge, reconcileAround } from './edges.js';
import { PLACEMENT, offsetAfterLast, offsetBelowSelected } from './placement.js';
import { randomId } from './result.js';

/** A node to add: its type and data; the id, chain and position are decided by `addNode`. */
export type NewNode = Pick<FunctionNode, 'type' | 'data'> | Pick<PromptNode, 'type' | 'data'> | Pick<WorkflowNode, 'type' | 'data'>;

export interface AddNodeOptions {
  /** The editor's current chain; '0' when the flow has none yet. */
  currentChain: string;
  /** With a selected node the new one goes right below it and is spliced in after it. */
  selectedId?: string | null;
  /** Start a new chain (current + 1) with this node. */
  newChain?: boolean;
  /** Id of the new node (for a function node also its uuid). */
  id?: string;
  /** Where to put the node instead of the spec's placement (a card dropped on the canvas). */
  position?: XYPosition;
  /** Add the node to the current chain without linking it (a drop with nothing selected). */
  detached?: boolean;
  /** With `position`, leave the other nodes where they are (a paste at the cursor). */
  keepLayout?: boolean;
}

export interface AddNodeResult {
  doc: FlowDocument;
  nodeId: string;
  currentChain: string;
}

/** A node with its place in the flow; a new function node has no follow-up yet. */
export function placeNode(input: NewNode, id: string, chain: string, position: XYPosition): FlowNode {
  switch (input.type) {
    case 'function':
      return {
        id,
        type: 'function',
        chain,
        position,
        data: { ...input.data, uuid: id, post_action_type: 'none', post_action_function_id: '' },
      };
    case 'prompt':
      return { id, type: 'prompt', chain, position, data: input.data };
    case 'workflow':
      return { id, type: 'workflow', chain, position, data: input.data };
  }
}

/**
 * Adds a node by the rules of spec section 4: below the selected node (spliced into its outgoing
 * edge, lower nodes pushed down), else below the last node of the current chain, else as the first
 * node of a new chain 400 px right of the previous chain's first node, linked from its last node.
 */
export function addNode(doc: FlowDocument, input: NewNode, options: AddNodeOptions): AddNodeResult {
  const id = options.id ?? randomId();
  const nodeOf = (nodeId: string) => doc.nodes.find((n) => n.id === nodeId);
  const selected = options.selectedId ? nodeOf(options.selectedId) : undefined;
  const highest = maxChain(doc.nodes);
  const current = Math.min(Number(options.currentChain) || 0, highest);
  const currentEnds = current > 0 ? chainEnds(doc, String(current)) : null;

  if (options.detached) {
    const chain = current > 0 ? String(current) : String(highest + 1);
    const node = placeNode(input, id, chain, options.position ?? { ...PLACEMENT.defaultPosition });
    return { doc: finish(doc, [...doc.nodes, node], doc.edges, [id]), nodeId: id, currentChain: chain };
  }

  if (options.newChain || (!selected && !currentEnds)) {
    const chain = String(highest + 1);
    // The current chain is most often the highest: its ends are known already (each look walks the flow).
    const previous = highest === 0 ? null : current === highest ? currentEnds : chainEnds(doc, String(highest));
    const position =
      options.position ??
      (previous
        ? { x: previous.first.position.x + PLACEMENT.newChainRight, y: previous.first.position.y }
        : { ...PLACEMENT.defaultPosition });
    const node = placeNode(input, id, chain, position);
    if (!previous) return { doc: finish(doc, [...doc.nodes, node], doc.edges, [id]), nodeId: id, currentChain: chain };
    const { edges, touched } = spliceAfter(doc.edges, previous.last, node, nodeOf);
    return { doc: finish(doc, [...doc.nodes, node], edges, touched), nodeId: id, currentChain: chain };
  }

  const anchor = selected ?? currentEnds?.last;
  if (!anchor) throw new Error('unreachable: no anchor for a new node');
  const offset = selected ? offsetBelowSelected(selected) : offsetAfterLast(anchor);
  const node = placeNode(input, id, anchor.chain, options.position ?? { x: anchor.position.x, y: anchor.position.y + offset });
  const pushDown = selected && !(options.keepLayout && options.position);
  const nodes = pushDown
    ? doc.nodes.map((n) =>
        n.chain === anchor.chain && n.id !== anchor.id && n.position.y > anchor.position.y
          ? { ...n, position: { x: n.position.x, y: n.position.y + offset } }
          : n,
      )
    : [...doc.nodes];
  nodes.push(node);
  const { edges, touched } = spliceAfter(doc.edges, anchor, node, nodeOf);
  return { doc: finish(doc, nodes, edges, touched), nodeId: id, currentChain: String(Math.max(current, Number(anchor.chain))) };
}

/** Inserts `node` after `anchor`: anchor -> node -> (anchor's old follow-up); the nodes whose links changed. */
function spliceAfter(
  edges: readonly FlowEdge[],
  anchor: FlowNode,
  node: FlowNode,
  nodeOf: (id: string) => FlowNode | undefined,
): { edges: FlowEdge[]; touched: string[] } {
  const old = edges.find((edge) => edge.source === anchor.id);
  const next = old ? nodeOf(old.target) : undefined;
  const kept = edges.filter((edge) => edge !== old);
  kept.push(makeEdge(anchor, node));
  if (next) kept.push(makeEdge(node, next));
  return { edges: kept, touched: next ? [anchor.id, node.id, next.id] : [anchor.id, node.id] };
}

/**
 * The flow with the new node and edges, its edges and post actions agreeing: only around the
 * nodes whose links changed (`touched`) when `doc` already agreed (moving nodes down changes no
 * link), and its start node kept.
 */
function finish(doc: FlowDocument, nodes: FlowNode[], edges: FlowEdge[], touched: readonly string[]): FlowDocument {
  return withStartNode(reconcileAround(doc, { ...doc, nodes, edges }, touched));
}
