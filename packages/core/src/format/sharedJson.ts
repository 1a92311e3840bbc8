// JSON text of flows that share their unchanged parts with the flow before them (every flow the
// graph operations make): each node's, edge's and node data's text is made once per object and
// remembered by it, so the text of a flow one edit away from the last one costs the changed
// parts and the joining, not the whole flow. A 5,000-node flow's text took ~60 ms per autosave,
// three times over (the local draft, the schema record, the request).
//
// The rule this relies on: a flow, a node, an edge or a node's data is never changed in place once
// made. No graph operation does, and nothing in the core, the provider or flowctl assigns to a
// flow's members; a flow read from a file is new objects.
import type { FlowDocument, FlowNodeData, NodeSchema } from './types.js';

const texts = new WeakMap<object, string>();

/** `JSON.stringify(part)`, remembered by the object. */
function partText(part: object): string {
  let text = texts.get(part);
  if (text === undefined) {
    text = JSON.stringify(part);
    texts.set(part, text);
  }
  return text;
}

/** An object's JSON text with each member's value written by `text`; as `JSON.stringify`, undefined members are left out. */
function objectText<T>(object: Readonly<Record<string, T>>, text: (value: T, key: string) => string): string {
  const members: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (value !== undefined) members.push(`${JSON.stringify(key)}:${text(value, key)}`);
  }
  return `{${members.join(',')}}`;
}

/** The whole text of each flow written, so the draft and the request of one save write it once. */
const flowTexts = new WeakMap<FlowDocument, string>();

/** Exactly `JSON.stringify(doc)`, with the nodes and edges written from their remembered texts. */
export function flowJson(doc: FlowDocument): string {
  const known = flowTexts.get(doc);
  if (known !== undefined) return known;
  const text = wholeFlowJson(doc);
  flowTexts.set(doc, text);
  return text;
}

function wholeFlowJson(doc: FlowDocument): string {
  const parts = (list: readonly object[]): string => `[${list.map(partText).join(',')}]`;
  const members: Readonly<Record<string, unknown>> = { ...doc };
  return objectText(members, (value, key) =>
    key === 'nodes' ? parts(doc.nodes) : key === 'edges' ? parts(doc.edges) : JSON.stringify(value),
  );
}

/**
 * Exactly `JSON.stringify(schema)` of a `nodeSchema(doc)`, whose entries are the nodes' data
 * objects themselves, written from their remembered texts.
 */
export function nodeSchemaJson(schema: NodeSchema): string {
  return objectText<Record<string, FlowNodeData>>(schema, (chain) => objectText<FlowNodeData>(chain, partText));
}
