import type { FlowDocument, FlowNode, XYPosition } from '../format/types.js';
import { placeNode, type NewNode } from './addNode.js';
import { chainEnds, maxChain, withStartNode } from './chains.js';
import { makeEdge, nodeIndex, reconcile } from './edges.js';
import { PLACEMENT } from './placement.js';
import { randomId } from './result.js';

/** A node that starts a new chain: as `NewNode`, with the id it gets (a random one when absent). */
export type NewChainNode = NewNode & { id?: string };

export interface AddChainsResult {
  doc: FlowDocument;
  /** The ids of the new nodes, in the order of the inputs. */
  nodeIds: string[];
}

/**
 * Adds each node as the first node of a new chain, in order: the document that calling
 * `addNode(doc, node, { newChain: true, id })` once per node gives, computed in one pass (a chain
 * each, 400 px right of the previous one, linked from the previous chain's last node by a chain
 * edge; the old follow-up of that node moves to the last new node). Ids must be new and distinct
 * (else it throws), and no edge may name them yet: on a flow whose edges join its own nodes.
 * @example addChains(doc, functions.map((fn) => ({ type: 'function', data: fn, id: fn.uuid })))
 */
export function addChains(doc: FlowDocument, inputs: readonly NewChainNode[]): AddChainsResult {
  if (inputs.length === 0) return { doc, nodeIds: [] };
  const byId = nodeIndex(doc.nodes);
  const placed = inputs.map((input) => ({ input, id: input.id ?? randomId() }));
  const fresh = new Set<string>();
  for (const { id } of placed) {
    if (byId.has(id) || fresh.has(id)) throw new Error(`addChains: node id "${id}" is already taken`);
    fresh.add(id);
  }

  const highest = maxChain(doc.nodes);
  const previous = highest > 0 ? chainEnds(doc, String(highest)) : null;
  // addNode links each new chain after the last one and hands the old follow-up on, so only the
  // previous chain's last node loses its outgoing edge, and the last new node gets it.
  const old = previous ? doc.edges.find((edge) => edge.source === previous.last.id) : undefined;
  const next = old ? byId.get(old.target) : undefined;
  const edges = old ? doc.edges.filter((edge) => edge !== old) : [...doc.edges];
  const nodes = [...doc.nodes];
  let tail: FlowNode | undefined = previous?.last;
  let position: XYPosition = previous
    ? { x: previous.first.position.x + PLACEMENT.newChainRight, y: previous.first.position.y }
    : { ...PLACEMENT.defaultPosition };
  let chain = highest;
  for (const { input, id } of placed) {
    chain += 1;
    const node = placeNode(input, id, String(chain), position);
    if (tail) edges.push(makeEdge(tail, node));
    nodes.push(node);
    tail = node;
    position = { x: position.x + PLACEMENT.newChainRight, y: position.y };
  }
  if (next && tail) edges.push(makeEdge(tail, next));
  const result = reconcile({ ...doc, nodes, edges });
  const start = knownStart(doc, byId, highest, placed[0]?.id);
  const started =
    start === undefined
      ? withStartNode({ ...result, startNodeId: '' })
      : start === result.startNodeId
        ? result
        : { ...result, startNodeId: start };
  return { doc: started, nodeIds: placed.map(({ id }) => id) };
}

/**
 * The start node addNode's first call settles on, when it can be known without a walk: the start
 * it keeps (a node of the flow, or the first new node's id), or the first new node when it makes
 * chain "1". Otherwise undefined: the first node of chain "1", which no new node joins.
 */
function knownStart(
  doc: FlowDocument,
  byId: ReadonlyMap<string, FlowNode>,
  highest: number,
  firstId: string | undefined,
): string | undefined {
  const start = doc.startNodeId;
  if (start && (byId.has(start) || start === firstId)) return start;
  return highest === 0 ? firstId : undefined;
}
