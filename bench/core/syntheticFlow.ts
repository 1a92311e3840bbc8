import { buildFlow } from '../../packages/core/src/compile/flowFixtures.js';
import type { FlowDocument, FlowNode } from '../../packages/core/src/format/types.js';
import type { JsonObject, JsonValue } from '../../packages/core/src/model/types.js';
import { defaultMetadata, isFunctionType } from '../../packages/core/src/functions/registry.js';
import { createFunctionData, createPromptData, createWorkflowData } from '../../packages/core/src/graph/nodeData.js';
import { setAtPath } from '../../packages/core/src/model/paths.js';

/** A small deterministic PRNG (mulberry32), so every run measures the same flows. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SENTENCES = [
  'Ask the customer for their order number and the email used at checkout.',
  'Summarise what you found in two sentences, in plain words.',
  'If the answer is unclear, ask one short follow-up question.',
  'Never promise a delivery date the lookup did not return.',
  'Offer to connect them with a colleague when you cannot help.',
  'Use the first name of the customer when you know it.',
];

// Function types weighted roughly as in real plans: instructions, model calls and HTTP calls dominate.
const TYPES = [
  'instruct',
  'instruct',
  'instruct',
  'custom_gpt',
  'custom_gpt',
  'http_calls',
  'http_calls',
  'capture_variables',
  'capture_variables',
  'send_workflow',
  'see_website',
  'setup_reminder',
  'generate_gui',
  'handle_image',
  'change_instructions',
  'generate_knowledge_base',
];

function text(next: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => SENTENCES[Math.floor(next() * SENTENCES.length)]).join('\n');
}

/** The fields a person sets on a new function of `type` in the Properties panel, by path. */
function editsFor(type: string, next: () => number, id: string): [string, JsonValue][] {
  const prompt = text(next, 2 + Math.floor(next() * 3));
  switch (type) {
    case 'custom_gpt':
      return [
        ['prompt', prompt],
        ['model', 'gpt-4o'],
        ['temperature', 0.3],
        ['max_tokens', 800],
        ['output.raw', `${id}_out`],
      ];
    case 'http_calls':
      return [
        ['apicalls.0.url', `https://api.example.com/v1/items/${id}`],
        ['apicalls.0.params', [{ name: 'id', value: '{{item_id}}' }]],
        ['apicalls.0.authorization', 'bearer'],
        ['apicalls.0.headers', [{ name: 'Authorization', value: { env: 'API_TOKEN' } }]],
        ['apicalls.0.output', { json: [{ name: 'status', value: 'data.status' }] }],
        ['result_prompt', prompt],
      ];
    case 'capture_variables':
      return [
        [
          'variables',
          [
            { description: 'Email address', name: 'email' },
            { description: 'Order number', name: 'order_id' },
          ],
        ],
      ];
    case 'send_workflow':
      return [
        ['workflow_id', 'wf-follow-up'],
        ['message', prompt],
      ];
    case 'see_website':
      return [
        ['link', 'https://help.example.com/start'],
        ['prompt', prompt],
      ];
    case 'change_instructions':
      return [['system_prompts', [prompt]]];
    default:
      // Only keys the type has: the format refuses others (its metadata schema).
      return Object.hasOwn(defaultMetadata(type), 'prompt') ? [['prompt', prompt]] : [];
  }
}

/** A function node as the editor makes it: the type's new data (createFunctionData), then each field set as the Properties panel sets it. */
function functionNode(id: string, type: string, next: () => number, name: string, description: string): FlowNode {
  if (!isFunctionType(type)) throw new Error(`unknown function type ${type}`);
  const data = createFunctionData(type, { uuid: id, planId: 'bench', name, description }, '2025-01-01T00:00:00.000Z');
  const metadata = editsFor(type, next, id).reduce<JsonObject>((held, [path, value]) => setAtPath(held, path, value), data.metadata);
  return { id, type: 'function', chain: '1', position: { x: 0, y: 0 }, data: { ...data, metadata } };
}

function promptNode(id: string, prompt: string): FlowNode {
  return { id, type: 'prompt', chain: '1', position: { x: 0, y: 0 }, data: createPromptData(prompt) };
}

function workflowNode(id: string): FlowNode {
  const steps = [{ config: { template: 'recap' }, name: 'Send recap', skill: 'email' }];
  const workflow = { id: 'wf-follow-up', name: 'Follow-up', description: '', updated_at: '', plan_id: 'bench', json: { steps } };
  return { id, type: 'workflow', chain: '1', position: { x: 0, y: 0 }, data: createWorkflowData(workflow) };
}

/**
 * A realistic flow of `size` nodes made by the product's builders: chains of 10, each led by an
 * Instruct node, a mix of function types, some workflows.
 */
export function syntheticFlow(size: number, seed = 42): FlowDocument {
  const next = random(seed);
  const chains: FlowNode[][] = [];
  for (let made = 0; made < size;) {
    const c = chains.length + 1;
    const chain: FlowNode[] = [promptNode(`c${c}-intro`, text(next, 3))];
    for (let j = 1; j < 10 && made + chain.length < size; j++) {
      const id = `c${c}-n${j}`;
      if (j === 9 && c % 3 === 0) {
        chain.push(workflowNode(id));
      } else {
        const type = TYPES[Math.floor(next() * TYPES.length)] ?? 'instruct';
        chain.push(functionNode(id, type, next, `Step ${c}.${j}`, text(next, 1)));
      }
    }
    made += chain.length;
    chains.push(chain);
  }
  return buildFlow(chains, { planId: 'bench', agentContext: 'You are a helpful agent.', agentNotes: 'Be brief.' });
}
