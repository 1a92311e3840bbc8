import { makeEdge, reconcile } from '../graph/edges.js';
import { FLOW_FORMAT } from '../model/types.js';
import type { FlowDocument, FlowNode, FunctionNode, FunctionNodeData, PromptNode, WorkflowNode } from '../format/types.js';

// Small flows for tests of the format and the rules.

/** A function node of a chain, with the data a provider would send. */
export function functionNode(id: string, chain = '1', data: Partial<FunctionNodeData> = {}): FunctionNode {
  return {
    id,
    type: 'function',
    chain,
    position: { x: 50, y: 200 },
    data: {
      uuid: id,
      plan_id: 'plan-1',
      type: 'custom_gpt',
      title: `Title ${id}`,
      name: `Function ${id}`,
      description: '',
      trigger: '',
      metadata: { prompt: 'Answer briefly', temperature: 0.7, max_tokens: 1000, output: { type: 'raw', raw: 'answer' } },
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-02T00:00:00Z',
      execute_once: false,
      config_id: null,
      config_env: null,
      deleted_at: null,
      trigger_text: '🤖',
      button_text: '',
      post_action_type: 'none',
      post_action_function_id: '',
      skip_tracking: false,
      execute_first: false,
      track: true,
      trigger_type: 'auto',
      thinking_text: '',
      source_function_id: null,
      active: true,
      sequence: 3,
      ...data,
    },
  };
}

/** An Instruct prompt node. */
export function promptNode(id: string, chain = '1', prompt = 'Greet the user'): PromptNode {
  return {
    id,
    type: 'prompt',
    chain,
    position: { x: 50, y: 0 },
    data: { prompt, name: 'Instruct', nodeType: 'default', trigger_text: '⚡' },
  };
}

/** A node for a saved workflow. */
export function workflowNode(id: string, chain = '1'): WorkflowNode {
  return {
    id,
    type: 'workflow',
    chain,
    position: { x: 50, y: 400 },
    data: {
      name: `Workflow ${id}`,
      description: 'Sends a summary',
      trigger_text: '📋',
      metadata: { workflow_id: `wf-${id}` },
      steps: [{ skill: 'email', name: 'Send', config: { to: 'team@example.com' } }],
    },
  };
}

/**
 * A valid flow of the given chains: each chain's nodes linked in order by node edges, each chain's
 * last node linked to the next chain's first by a chain edge, post actions set to match.
 */
export function buildFlow(chains: ReadonlyArray<readonly FlowNode[]>, extra: Partial<FlowDocument> = {}): FlowDocument {
  const nodes = chains.flatMap((chain, c) => chain.map((node) => ({ ...node, chain: String(c + 1) })));
  const edges = nodes.slice(1).flatMap((target, i) => {
    const source = nodes[i];
    return source ? [makeEdge(source, target)] : [];
  });
  return reconcile({
    format: FLOW_FORMAT,
    planId: 'plan-1',
    versionName: 'v1',
    agentContext: 'You are a helpful agent.',
    agentNotes: 'Be brief.',
    systemPrompt: '',
    startNodeId: nodes[0]?.id ?? '',
    nodes,
    edges,
    ...extra,
  });
}

/** A flow with every node type over two chains. */
export function sampleFlow(): FlowDocument {
  return buildFlow(
    [
      [promptNode('p1'), functionNode('f1'), functionNode('f2')],
      [workflowNode('w1'), functionNode('f3')],
    ],
    {
      viewport: { x: 0, y: 0, zoom: 1 },
    },
  );
}
