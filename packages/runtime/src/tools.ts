import { functionDefinition, metadataForReading, walkOrder, type FlowDocument, type FunctionNodeData, type JsonObject } from '@flow/core';
import type { ToolSpec } from './chat.js';

/** A function node offered to the model as one tool. */
export interface FlowTool {
  spec: ToolSpec;
  nodeId: string;
  data: FunctionNodeData;
}

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

/** The arguments of a type that runs no tool of its own (it says so when called). */
const NO_ARGUMENTS: JsonObject = { type: 'object', properties: {}, additionalProperties: false };

/** The arguments the model gives: the type's own (its definition's tool), else none. */
function parameters(data: FunctionNodeData): JsonObject {
  return functionDefinition(data.type)?.tool?.parameters(data.metadata) ?? NO_ARGUMENTS;
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
