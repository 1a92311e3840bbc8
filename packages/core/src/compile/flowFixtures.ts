import { withDefaults } from '../functions/registry.js';
import { makeEdge, reconcile } from '../graph/edges.js';
import { FLOW_FORMAT } from '../model/types.js';
import type { JsonObject } from '../model/types.js';
import type { FlowDocument, FlowNode, FunctionNode, FunctionNodeData, PromptNode, WorkflowNode, WorkflowStep } from '../format/types.js';

// Factories for tests and benchmarks: nodes with complete data, and flows linked by the format's rules.

/** Complete function data of a type, metadata completed with the type's defaults. */
export function functionData(id: string, type: string, metadata: JsonObject = {}, over: Partial<FunctionNodeData> = {}): FunctionNodeData {
  // Keys in the format's (sorted) order, as the product's builders make them (graph/nodeData.ts).
  return {
    active: true,
    button_text: '',
    config_env: null,
    config_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
    deleted_at: null,
    description: '',
    execute_first: false,
    execute_once: false,
    metadata: withDefaults(type, metadata),
    name: id,
    plan_id: 'test-plan',
    post_action_function_id: '',
    post_action_type: 'none',
    sequence: 3,
    skip_tracking: false,
    source_function_id: null,
    thinking_text: '',
    title: '',
    track: false,
    trigger: '',
    trigger_text: '⚡',
    trigger_type: '',
    type,
    updated_at: '2025-01-01T00:00:00.000Z',
    uuid: id,
    ...over,
  };
}

/** A function node (chain and position are set by `buildFlow`). */
export function functionNode(id: string, type: string, metadata: JsonObject = {}, over: Partial<FunctionNodeData> = {}): FunctionNode {
  return { id, type: 'function', chain: '1', position: { x: 0, y: 0 }, data: functionData(id, type, metadata, over) };
}

/** An Instruct prompt node. */
export function promptNode(id: string, prompt: string): PromptNode {
  return {
    id,
    type: 'prompt',
    chain: '1',
    position: { x: 0, y: 0 },
    data: { name: 'Instruct', nodeType: 'default', prompt, trigger_text: '⚡' },
  };
}

/** A workflow node for a saved workflow. */
export function workflowNode(id: string, name: string, workflowId: string, steps: WorkflowStep[] = []): WorkflowNode {
  return {
    id,
    type: 'workflow',
    chain: '1',
    position: { x: 0, y: 0 },
    data: { description: '', metadata: { workflow_id: workflowId }, name, steps, trigger_text: '🧩' },
  };
}

/**
 * A flow of the given chains: chains numbered from "1", columns 400 px apart, nodes stacked by
 * the editor's offsets (350 after a prompt or workflow, 150 after a function), node edges within
 * a chain, a chain edge from each chain's last node to the next chain's first, and function post
 * actions that match. Unlike testing/testFlows.ts, function metadata is complete for its type.
 */
export function buildFlow(chains: readonly (readonly FlowNode[])[], over: Partial<FlowDocument> = {}): FlowDocument {
  const nodes: FlowNode[] = [];
  chains.forEach((chain, i) => {
    let y = 200;
    for (const node of chain) {
      nodes.push({ ...node, chain: String(i + 1), position: { x: 50 + 400 * i, y } });
      y += node.type === 'function' ? 150 : 350;
    }
  });
  const edges = nodes.slice(1).flatMap((target, i) => {
    const source = nodes[i];
    return source ? [makeEdge(source, target)] : [];
  });
  return reconcile({
    format: FLOW_FORMAT,
    planId: 'test-plan',
    versionName: 'production',
    agentContext: '',
    agentNotes: '',
    systemPrompt: '',
    startNodeId: nodes[0]?.id ?? '',
    nodes,
    edges,
    ...over,
  });
}
