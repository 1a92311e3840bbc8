import { emptyFlow } from '../graph/fromProvider.js';
import type { NewNode } from '../graph/addNode.js';
import type { FlowDocument, FunctionNodeData } from '../model/types.js';

/** A complete function node data for tests: an instruct function named `name`. */
export function testFunction(name: string, type = 'instruct'): NewNode {
  const data: FunctionNodeData = {
    uuid: '',
    plan_id: 'test-plan',
    type,
    title: name,
    name,
    description: '',
    trigger: '',
    metadata: { prompt: `Do ${name}` },
    created_at: '',
    updated_at: '',
    execute_once: false,
    config_id: null,
    config_env: null,
    deleted_at: null,
    trigger_text: '⚡',
    button_text: '',
    post_action_type: 'none',
    post_action_function_id: '',
    skip_tracking: false,
    execute_first: false,
    track: false,
    trigger_type: '',
    thinking_text: '',
    source_function_id: null,
    active: true,
    sequence: 3,
  };
  return { type: 'function', data };
}

/** A prompt (Instruct) node for tests. */
export function testPrompt(prompt: string): NewNode {
  return { type: 'prompt', data: { prompt, name: 'Instruct', nodeType: 'default', trigger_text: '⚡' } };
}

/** A workflow node for tests. */
export function testWorkflow(name: string): NewNode {
  return {
    type: 'workflow',
    data: { name, description: '', trigger_text: '⚡', metadata: { workflow_id: `wf-${name}` }, steps: [] },
  };
}

/** An empty flow for tests. */
export function testFlow(): FlowDocument {
  return emptyFlow('test-plan', 'production');
}
