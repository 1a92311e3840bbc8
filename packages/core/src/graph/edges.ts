import type { EdgeKind } from '../model/types.js';
import type { FlowDocument, FlowEdge, FlowNode, FunctionNode } from '../format/types.js';

/** The id of the edge from source to target: `edge-{source}-to-{target}`. */
export function edgeId(source: string, target: string): string {
  return `edge-${source}-to-${target}`;
}

/** Whether `id` is the id of the edge from source to target (what `edgeId` makes), without making it. */
function isEdgeId(id: string, source: string, target: string): boolean {
  return (
    id.length === source.length + target.length + 9 &&
    id.startsWith('edge-') &&
    id.startsWith(source, 5) &&
    id.startsWith('-to-', 5 + source.length) &&
    id.endsWith(target)
  );
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

/** Map of node id -> node (the last of a repeated id). */
export function nodeIndex(nodes: readonly FlowNode[]): ReadonlyMap<string, FlowNode> {
  const index = new Map<string, FlowNode>();
  for (const node of nodes) index.set(node.id, node);
  return index;
}

/** A function node whose post action names `target`, its follow-up (none without one); itself when it does. */
function withPostAction(node: FunctionNode, target: string | undefined): FunctionNode {
  const { post_action_type, post_action_function_id } = node.data;
  if (target !== undefined) {
    if (post_action_type === 'function' && post_action_function_id === target) return node;
    return { ...node, data: { ...node.data, post_action_type: 'function', post_action_function_id: target } };
  }
  if (post_action_type !== 'function') return node;
  return { ...node, data: { ...node.data, post_action_type: 'none', post_action_function_id: '' } };
}

/**
 * Makes edges and post actions agree with the graph: edge ids and kinds from their ends, and each
 * function node's post_action fields from its outgoing edge. Unchanged objects are kept as they are.
 */
export function reconcile(doc: FlowDocument): FlowDocument {
  const byId = nodeIndex(doc.nodes);
  return agree(doc, null, (id) => byId.get(id));
}

/**
 * Whether the edges and post actions of `doc` already agree (`reconcile` would change nothing). A
 * flow that does is remembered as such: the first change that links its nodes (a flow just read
 * from a file or the provider) is then reconciled around them instead of whole.
 */
export function agreesWithItself(doc: FlowDocument): boolean {
  return reconcile(doc) === doc;
}

/** Node arrays known to agree with an edge array (what `reconcile` returned): nodes -> edges. */
const agreeing = new WeakMap<readonly FlowNode[], readonly FlowEdge[]>();

/**
 * `reconcile` for a change that touched only the nodes `ids` (added, linked or unlinked) of a flow
 * `before` that already agreed: only the edges at those nodes and their post actions are looked
 * at, instead of every edge and node (a node added to a flow of thousands). A flow not known to
 * agree is reconciled whole.
 */
export function reconcileAround(before: FlowDocument, doc: FlowDocument, ids: readonly string[]): FlowDocument {
  if (agreeing.get(before.nodes) !== before.edges) return reconcile(doc);
  const near = new Set(ids);
  // The ends of the edges looked at, each found in one walk over the nodes (the first of an id, as `find`).
  const ends = new Set<string>();
  for (const edge of doc.edges) if (near.has(edge.source) || near.has(edge.target)) ends.add(edge.source).add(edge.target);
  const byId = new Map<string, FlowNode>();
  for (const node of doc.nodes) if (ends.has(node.id) && !byId.has(node.id)) byId.set(node.id, node);
  return agree(doc, near, (id) => byId.get(id));
}

/**
 * `doc` with `nodes` in place of its own, where they differ only in what does not link nodes
 * (positions, texts, settings). A flow known to agree still does, so the next change that links
 * nodes is reconciled around them only: a node dragged or a field typed no longer makes the next
 * connection look at the whole flow (~7 ms at 5,000 nodes in Chromium). Checked, not trusted: a
 * node whose id, chain, type or post action differs leaves the flow to be reconciled whole.
 */
export function withNodes(doc: FlowDocument, nodes: FlowNode[]): FlowDocument {
  if (agreeing.get(doc.nodes) === doc.edges && sameLinks(doc.nodes, nodes)) agreeing.set(nodes, doc.edges);
  return { ...doc, nodes };
}

/** Whether two node arrays hold the same nodes, in order, as far as edges and post actions go. */
function sameLinks(before: readonly FlowNode[], after: readonly FlowNode[]): boolean {
  if (before.length !== after.length) return false;
  return before.every((a, k) => {
    const b = after[k];
    if (a === b) return true;
    if (!b || a.id !== b.id || a.chain !== b.chain) return false;
    if (a.type !== 'function' || b.type !== 'function') return a.type === b.type;
    return a.data.post_action_type === b.data.post_action_type && a.data.post_action_function_id === b.data.post_action_function_id;
  });
}

/** `reconcile` of the edges at the nodes `near` and of their post actions (of all of them when null). */
function agree(doc: FlowDocument, near: ReadonlySet<string> | null, nodeOf: (id: string) => FlowNode | undefined): FlowDocument {
  const outgoing = new Map<string, string>();
  const edges = mapKept(doc.edges, (edge) => {
    if (near && !near.has(edge.source) && !near.has(edge.target)) return edge;
    outgoing.set(edge.source, edge.target);
    const source = nodeOf(edge.source);
    const target = nodeOf(edge.target);
    if (!source || !target) return edge;
    const kind = edgeKindBetween(source, target);
    if (edge.kind === kind && isEdgeId(edge.id, source.id, target.id)) return edge;
    return { ...edge, id: edgeId(source.id, target.id), kind };
  });
  const nodes = mapKept(doc.nodes, (node): FlowNode => {
    if (node.type !== 'function' || (near && !near.has(node.id))) return node;
    return withPostAction(node, outgoing.get(node.id));
  });
  const result = edges === doc.edges && nodes === doc.nodes ? doc : { ...doc, nodes, edges };
  agreeing.set(result.nodes, result.edges);
  return result;
}

/**
 * `items.map(change)`, or `items` itself when no item changed (what a change compares by
 * reference): one pass, copying from the first changed item on.
 */
function mapKept<T>(items: T[], change: (item: T) => T): T[] {
  let out: T[] | null = null;
  let k = 0;
  for (const item of items) {
    const next = change(item);
    if (next !== item) out ??= items.slice(0, k);
    out?.push(next);
    k++;
  }
  return out ?? items;
}
