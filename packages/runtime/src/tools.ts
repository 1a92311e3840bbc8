import {
  metadataForReading,
  walkOrder,
  type FlowDocument,
  type FunctionNodeData,
  type JsonObject,
  type JsonValue,
  isRecord,
} from '@flow/core';
import type { ToolSpec } from './chat.js';

/** A function node offered to the model as one tool. */
export interface FlowTool {
  spec: ToolSpec;
  nodeId: string;
  data: FunctionNodeData;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** A tool name from a node's name: `Look up order` → `look_up_order` (letters, digits, `_`; 64 at most). */
export function toolName(name: string): string {
  const word = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return word === '' ? 'step' : word;
}

const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/** The `{{variables}}` a text uses, in order, once each. */
export function templateNames(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => [...t.matchAll(TEMPLATE)].map((m) => m[1] ?? '')))].filter(Boolean);
}

/**
 * Fills `{{variables}}` from the values' own keys (never `toString` or `constructor` of every
 * object); `encode` escapes each value for where it goes (a path segment, a form, a JSON string).
 */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string, name: string) => string = (v) => v,
): string {
  return template.replace(TEMPLATE, (whole, name: string) => (Object.hasOwn(values, name) ? encode(values[name] ?? '', name) : whole));
}

/** The texts of an http_calls function that may hold `{{variables}}`: URLs, parameter and header values, bodies. */
export function httpTemplateTexts(metadata: JsonObject): string[] {
  return records(metadata.apicalls).flatMap(httpCallTexts);
}

/** The texts of one call of an http_calls function that may hold `{{variables}}`. */
export function httpCallTexts(call: Record<string, unknown>): string[] {
  return [
    text(call.url),
    ...records(call.params).map((p) => text(p.value)),
    ...records(call.headers).map((h) => text(h.value)),
    text(isRecord(call.body) && isRecord(call.body.raw) ? call.body.raw.data : ''),
  ];
}

function parameters(data: FunctionNodeData): JsonObject {
  const properties: Record<string, JsonValue> = {};
  const metadata = data.metadata;
  if (data.type === 'http_calls') {
    for (const name of templateNames(...httpTemplateTexts(metadata)))
      properties[name] = { type: 'string', description: `The value of {{${name}}} in the request` };
  } else if (data.type === 'capture_variables') {
    for (const variable of records(metadata.variables)) {
      const name = text(variable.name);
      if (name !== '') properties[name] = { type: 'string', description: text(variable.description) || name };
    }
  } else if (data.type === 'custom_gpt') {
    properties.input = { type: 'string', description: 'What this step works on, from the conversation' };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/**
 * Each function node of the flow, in walk order, as one tool: named after the node (`look_up_order`,
 * a second one `look_up_order_2`), described by its description (else its trigger, else its name),
 * with the parameters its type takes.
 */
export function flowTools(doc: FlowDocument): FlowTool[] {
  const taken = new Set<string>();
  const tools: FlowTool[] = [];
  for (const node of walkOrder(doc)) {
    if (node.type !== 'function') continue;
    const base = toolName(node.data.name || node.data.title || node.id);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    const description = (node.data.description ?? '').trim() || (node.data.trigger ?? '').trim() || node.data.name;
    // The type's defaults, as the compiler reads them: what compiles is what runs (a Custom GPT with no temperature runs at 0.7).
    const data = { ...node.data, metadata: metadataForReading(node.data.type, node.data.metadata) };
    tools.push({ nodeId: node.id, data, spec: { type: 'function', function: { name, description, parameters: parameters(data) } } });
  }
  return tools;
}
