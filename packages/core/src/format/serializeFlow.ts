import { walkOrder } from './walk.js';
import type { FlowDocument, FlowEdge, FlowNode } from './types.js';
import { isRecord } from '../model/paths.js';

const DOCUMENT_KEYS = [
  '$schema',
  'format',
  'planId',
  'versionName',
  'agentContext',
  'agentNotes',
  'systemPrompt',
  'startNodeId',
  'viewport',
  'nodes',
  'edges',
  'workflows',
] as const;
const NODE_KEYS = ['id', 'type', 'chain', 'position', 'data'] as const;
const EDGE_KEYS = ['id', 'source', 'target', 'kind'] as const;
const POSITION_KEYS = ['x', 'y'] as const;
const VIEWPORT_KEYS = ['x', 'y', 'zoom'] as const;

/** Builds the canonical copy of one value; undefined means "leave the field out". */
type Copier = (value: unknown) => unknown;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareRank(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return a - b;
}

function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) return;
  // A plain assignment to "__proto__" would set the prototype instead of a field.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * Any JSON value with object keys inserted in sorted order; arrays keep theirs. A value already in
 * that order (a document read from a canonical file) is given back as it is rather than copied.
 */
const sortedCopy: Copier = (value) => {
  if (Array.isArray(value)) return copiedItems(value, sortedCopy);
  return isRecord(value) ? sortedRecord(value) : value;
};

function sortedRecord(value: Record<string, unknown>): Record<string, unknown> {
  // Keys and values in two arrays of the same order: no lookup by key per property of a large flow.
  const keys = Object.keys(value);
  const values = Object.values(value);
  if (!inPlainOrder(value, keys)) {
    const order = sortedOrder(keys);
    const copy: Record<string, unknown> = {};
    for (const from of order) put(copy, keys[from] ?? '', sortedCopy(values[from]));
    return copy;
  }
  return copyIfChanged(keys, values) ?? value;
}

/** A key list met before and the indexes of its keys in sorted order. */
interface KeyOrder {
  keys: readonly string[];
  order: readonly number[];
}

// Objects of one kind (the data of a node type, its metadata) share their key list: each list is sorted once.
const knownOrders = new Map<string, KeyOrder>();
const MAX_KNOWN_ORDERS = 256;

/** The indexes of `keys` in compareText order, from the last list that began with the same key when it is the same list. */
function sortedOrder(keys: readonly string[]): readonly number[] {
  const first = keys[0] ?? '';
  const known = knownOrders.get(first);
  if (known !== undefined && sameKeys(known.keys, keys)) return known.order;
  const order = keys.map((_, i) => i).sort((a, b) => compareText(keys[a] ?? '', keys[b] ?? ''));
  if (knownOrders.size >= MAX_KNOWN_ORDERS) knownOrders.clear();
  knownOrders.set(first, { keys, order });
  return order;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A plain object whose keys already come in sorted order. */
function inPlainOrder(value: Record<string, unknown>, keys: readonly string[]): boolean {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] ?? '') >= (keys[i] ?? '')) return false;
  return true;
}

/** The items of an array, each as `copyItem` gives it; the array itself when none changed. */
function copiedItems(items: readonly unknown[], copyItem: Copier): readonly unknown[] {
  let copy: unknown[] | undefined;
  // An index loop, not forEach: a hole must stay in its place (JSON writes it as null).
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const sorted = copyItem(item);
    if (copy === undefined && sorted !== item) copy = items.slice(0, i);
    copy?.push(sorted);
  }
  return copy ?? items;
}

/**
 * An object with a fixed key order; keys outside the layout are not part of the format. An object
 * already in that form (a node or edge read from a canonical file) is given back as it is.
 */
function fixedCopier(keys: readonly string[], copiers: Readonly<Record<string, Copier>> = {}): Copier {
  return (value) => {
    if (!isRecord(value)) return sortedCopy(value);
    if (Object.getPrototypeOf(value) === Object.prototype) {
      const own = Object.keys(value);
      if (inLayout(own, keys)) return copyIfChanged(own, Object.values(value), copiers) ?? value;
    }
    const copy: Record<string, unknown> = {};
    for (const key of keys) put(copy, key, (copiers[key] ?? sortedCopy)(value[key]));
    return copy;
  };
}

/**
 * For an object whose keys are already in order: undefined when each value's copier gives it back
 * (the object can be kept), else its copy, the values before the first that changed taken as they are.
 */
function copyIfChanged(
  keys: readonly string[],
  values: readonly unknown[],
  copiers: Readonly<Record<string, Copier>> = {},
): Record<string, unknown> | undefined {
  for (let i = 0; i < keys.length; i++) {
    const item = values[i];
    const copied = (copiers[keys[i] ?? ''] ?? sortedCopy)(item);
    if (copied === item) continue;
    const copy: Record<string, unknown> = {};
    for (let j = 0; j < i; j++) put(copy, keys[j] ?? '', values[j]);
    put(copy, keys[i] ?? '', copied);
    for (let j = i + 1; j < keys.length; j++) put(copy, keys[j] ?? '', (copiers[keys[j] ?? ''] ?? sortedCopy)(values[j]));
    return copy;
  }
  return undefined;
}

/** Whether `own` keys all belong to `layout` and come in its order (some of it may be absent). */
function inLayout(own: readonly string[], layout: readonly string[]): boolean {
  let at = 0;
  for (const key of own) {
    while (at < layout.length && layout[at] !== key) at++;
    if (at === layout.length) return false;
    at++;
  }
  return true;
}

/** A list whose items are each copied by `copy`; the list itself when none changed. */
const listOf =
  (copy: Copier): Copier =>
  (value) =>
    Array.isArray(value) ? copiedItems(value, copy) : sortedCopy(value);

const copyNode = fixedCopier(NODE_KEYS, { position: fixedCopier(POSITION_KEYS) });
const copyEdge = fixedCopier(EDGE_KEYS);
const copyDocument = fixedCopier(DOCUMENT_KEYS, {
  viewport: fixedCopier(VIEWPORT_KEYS),
  nodes: listOf(copyNode),
  edges: listOf(copyEdge),
});

/**
 * Nodes by chain then walk order, and edges by the place of their source node then of their
 * target. Depends only on the sets of nodes and edges, so ordering twice changes nothing.
 */
export function canonicalOrder(doc: Pick<FlowDocument, 'nodes' | 'edges'>): { nodes: FlowNode[]; edges: FlowEdge[] } {
  // Walk order never depends on the order of the edges (followUps), so ordering twice changes nothing.
  const walked = walkOrder(doc);
  const rank = new Map<string, number>();
  walked.forEach((node, index) => rank.set(node.id, index));
  // The walk holds each id once: when no id repeats, it is every node already in canonical order.
  const nodes =
    walked.length === doc.nodes.length
      ? walked
      : doc.nodes
          .map((node, index) => ({ node, index }))
          .sort((a, b) => compareRank(rank.get(a.node.id), rank.get(b.node.id)) || a.index - b.index)
          .map((entry) => entry.node);
  const edges = [...doc.edges].sort(
    (a, b) =>
      compareRank(rank.get(a.source), rank.get(b.source)) ||
      compareText(a.source, b.source) ||
      compareRank(rank.get(a.target), rank.get(b.target)) ||
      compareText(a.target, b.target) ||
      compareText(a.id, b.id) ||
      compareText(a.kind, b.kind),
  );
  return { nodes, edges };
}

/**
 * The canonical text of a flow: stable key order, nodes by chain then walk order, 2-space
 * indent, trailing newline. Keys outside the fixed layouts are sorted, and JSON.stringify then
 * writes integer-like keys ("2", "10") first, as JavaScript orders them. Serializing a parsed
 * canonical text gives back the same bytes.
 */
export function serializeFlow(doc: FlowDocument): string {
  return `${JSON.stringify(copyDocument({ ...doc, ...canonicalOrder(doc) }), null, 2)}\n`;
}
