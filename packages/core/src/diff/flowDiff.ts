import { chainsInWalkOrder } from '../format/walk.js';
import type { FlowDocument, FlowEdge, FlowNode, Workflow } from '../format/types.js';
import { lineDiff, sameValue, valueChanges, type FieldChange, type LineChange } from './valueDiff.js';

/** A node as a diff names it. */
export interface NodeRef {
  id: string;
  name: string;
  type: FlowNode['type'];
  chain: string;
}

export interface NodeChange extends NodeRef {
  /** Changed fields of the node (`chain`, `type`, `data.…`); positions are never compared. */
  fields: FieldChange[];
}

export interface EdgeRef {
  source: string;
  target: string;
  kind: FlowEdge['kind'];
}

export interface EdgeChange extends EdgeRef {
  fields: FieldChange[];
}

export interface PromptChange {
  field: 'agentContext' | 'agentNotes' | 'systemPrompt';
  lines: LineChange[];
}

export interface ChainChange {
  chain: string;
  /** Node names in walk order; empty when the chain did not exist. */
  before: string[];
  after: string[];
}

export interface WorkflowRef {
  id: string;
  name: string;
}

export interface FlowDiff {
  same: boolean;
  /** planId, versionName, startNodeId. */
  metadata: FieldChange[];
  prompts: PromptChange[];
  nodes: { added: NodeRef[]; removed: NodeRef[]; changed: NodeChange[] };
  edges: { added: EdgeRef[]; removed: EdgeRef[]; changed: EdgeChange[] };
  chains: ChainChange[];
  workflows: { added: WorkflowRef[]; removed: WorkflowRef[]; changed: (WorkflowRef & { fields: FieldChange[] })[] };
}

const nodeRef = (node: FlowNode): NodeRef => ({ id: node.id, name: node.data.name || node.id, type: node.type, chain: node.chain });
const edgeRef = (edge: FlowEdge): EdgeRef => ({ source: edge.source, target: edge.target, kind: edge.kind });
const edgeKey = (edge: FlowEdge): string => `${edge.source}\u0000${edge.target}`;

const compareText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

function sortedEdges(edges: readonly FlowEdge[]): FlowEdge[] {
  return [...edges].sort((x, y) => compareText(edgeKey(x), edgeKey(y)) || compareText(x.id, y.id) || compareText(x.kind, y.kind));
}

/** Items of two lists matched by key: added, removed, and pairs present in both. */
function match<T>(before: readonly T[], after: readonly T[], key: (item: T) => string) {
  const old = new Map(before.map((item) => [key(item), item]));
  const next = new Map(after.map((item) => [key(item), item]));
  return {
    added: after.filter((item) => !old.has(key(item))),
    removed: before.filter((item) => !next.has(key(item))),
    // One pair per key (the last item of each list with it), as a map keeps them.
    both: [...next].flatMap(([k, item]) => {
      const previous = old.get(k);
      return previous === undefined ? [] : [[previous, item] as const];
    }),
  };
}

function chainChanges(a: FlowDocument, b: FlowDocument): ChainChange[] {
  const names = (doc: FlowDocument): Map<string, string[]> =>
    new Map([...chainsInWalkOrder(doc)].map(([chain, nodes]) => [chain, nodes.map((n) => n.data.name || n.id)]));
  const before = names(a);
  const after = names(b);
  const ids = (doc: FlowDocument): Map<string, string[]> =>
    new Map([...chainsInWalkOrder(doc)].map(([chain, nodes]) => [chain, nodes.map((n) => n.id)]));
  const beforeIds = ids(a);
  const afterIds = ids(b);
  const chains = [...new Set([...before.keys(), ...after.keys()])].sort((x, y) => Number(x) - Number(y));
  return chains
    .filter((chain) => !sameValue(beforeIds.get(chain) ?? [], afterIds.get(chain) ?? []))
    .map((chain) => ({ chain, before: before.get(chain) ?? [], after: after.get(chain) ?? [] }));
}

function workflowChanges(a: readonly Workflow[], b: readonly Workflow[]): FlowDiff['workflows'] {
  const ref = (w: Workflow): WorkflowRef => ({ id: w.id, name: w.name });
  const { added, removed, both } = match(a, b, (w) => w.id);
  return {
    added: added.map(ref),
    removed: removed.map(ref),
    changed: both.flatMap(([x, y]) => {
      const fields = valueChanges(x, y);
      return fields.length === 0 ? [] : [{ ...ref(y), fields }];
    }),
  };
}

/**
 * The semantic differences of two flows: nodes and edges matched by id and ends, chains in walk
 * order, prompts line by line, metadata and workflows. Positions, the viewport, `$schema`, key
 * order and the order of nodes and edges in the file are ignored.
 */
export function diffFlows(a: FlowDocument, b: FlowDocument): FlowDiff {
  const metadata = (['planId', 'versionName', 'startNodeId'] as const).flatMap((field) =>
    a[field] === b[field] ? [] : [{ field, before: a[field], after: b[field] }],
  );
  const prompts = (['agentContext', 'agentNotes', 'systemPrompt'] as const).flatMap((field): PromptChange[] =>
    a[field] === b[field] ? [] : [{ field, lines: lineDiff(a[field], b[field]) }],
  );
  const nodeMatch = match(a.nodes, b.nodes, (n) => n.id);
  const nodeChanged = nodeMatch.both.flatMap(([x, y]): NodeChange[] => {
    const fields = valueChanges({ type: x.type, chain: x.chain, data: x.data }, { type: y.type, chain: y.chain, data: y.data });
    return fields.length === 0 ? [] : [{ ...nodeRef(y), fields }];
  });
  // Edges in an order of their own: of two with the same ends, the same one is compared whatever the file's order.
  const edgeMatch = match(sortedEdges(a.edges), sortedEdges(b.edges), edgeKey);
  const edgeChanged = edgeMatch.both.flatMap(([x, y]): EdgeChange[] => {
    const fields = valueChanges({ id: x.id, kind: x.kind }, { id: y.id, kind: y.kind });
    return fields.length === 0 ? [] : [{ ...edgeRef(y), fields }];
  });
  const diff: FlowDiff = {
    same: false,
    metadata,
    prompts,
    nodes: { added: nodeMatch.added.map(nodeRef), removed: nodeMatch.removed.map(nodeRef), changed: nodeChanged },
    edges: { added: edgeMatch.added.map(edgeRef), removed: edgeMatch.removed.map(edgeRef), changed: edgeChanged },
    chains: chainChanges(a, b),
    workflows: workflowChanges(a.workflows ?? [], b.workflows ?? []),
  };
  diff.same =
    metadata.length === 0 &&
    prompts.length === 0 &&
    [diff.nodes, diff.edges, diff.workflows].every((part) => part.added.length + part.removed.length + part.changed.length === 0) &&
    diff.chains.length === 0;
  return diff;
}
