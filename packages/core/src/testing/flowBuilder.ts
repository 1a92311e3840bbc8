import { emptyFlow } from '../graph/fromProvider.js';
import type { NewNode } from '../graph/addNode.js';
import { functionData } from '../compile/flowFixtures.js';
import type { FlowDocument } from '../model/types.js';

/** A complete function node data for tests: a function of `type` named `name`, no id yet. */
export function testFunction(name: string, type = 'instruct'): NewNode {
  return { type: 'function', data: functionData('', type, { prompt: `Do ${name}` }, { name, title: name }) };
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
