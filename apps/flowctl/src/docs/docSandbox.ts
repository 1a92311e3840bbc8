import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseFlow, type FlowDocument } from '@flow/core';
import type { SampleSandbox } from './runSamples.js';

const example = (planId: string): string =>
  readFileSync(fileURLToPath(new URL(`../../../../examples/${planId}/production.flow.json`, import.meta.url)), 'utf8');

/** The support-desk example with one change, indented by `indent` as a hand edit may leave it. */
function changed(change: (doc: FlowDocument) => FlowDocument, indent = 2): string {
  const parsed = parseFlow(example('support-desk'));
  if (!parsed.ok) throw new Error('examples/support-desk does not parse');
  return `${JSON.stringify(change(parsed.doc), null, indent)}\n`;
}

/** The workflow schema the model proposes in the `generate` sample. */
const GENERATED_WORKFLOW = {
  nodes: [
    {
      type: 'prompt',
      label: 'Greet the customer',
      description: 'Opens the conversation',
      prompt: 'Greet the customer and ask how you can help with their order.',
      emoji: '👋',
    },
    {
      type: 'function',
      label: 'Look up the order',
      description: 'HTTP call to the order service',
      prompt: 'Ask for the order number, look the order up and tell the customer its status.',
      emoji: '🔎',
    },
    {
      type: 'function',
      label: 'Hand over to a person',
      description: 'Sends the conversation to a support agent',
      prompt: 'When the customer asks for a person or the order cannot be found, say that a colleague will take over.',
      emoji: '🙋',
    },
  ],
  lastUpdated: '2025-06-01T09:00:00.000Z',
};

/**
 * The files the samples of docs/cli.md use besides the examples (copied as `flows/`): a flow
 * with a node linked to itself, and a copy of support-desk with other agent notes, indented by four.
 */
export function docSandbox(): SampleSandbox {
  return {
    files: {
      'bad.flow.json': changed((doc) => ({
        ...doc,
        edges: [
          ...doc.edges,
          { id: 'edge-support-wrap-up-to-support-wrap-up', source: 'support-wrap-up', target: 'support-wrap-up', kind: 'node' },
        ],
      })),
      'edited.flow.json': changed(
        (doc) => ({ ...doc, agentNotes: doc.agentNotes.replace('two or three sentences', 'one or two sentences') }),
        4,
      ),
      // A conversation test beside the flow, and the cassette `flowctl test --record` wrote for it.
      'flows/support-desk/production.flowtest.json': `${JSON.stringify(
        {
          flow: 'production.flow.json',
          tests: [{ name: 'greets and offers help', turns: [{ user: 'Hi', expect: { noToolCalls: true, reply: { contains: 'help' } } }] }],
        },
        null,
        2,
      )}\n`,
      'flows/support-desk/production.cassette.json': `${JSON.stringify(
        {
          format: 'flow-cassette/1',
          tests: {
            'greets and offers help': {
              model: [{ content: 'Hi! How can I help with your order or a return today?', toolCalls: [] }],
              tools: [],
            },
          },
        },
        null,
        2,
      )}\n`,
    },
    // The variables the examples' { "env": NAME } secrets name, as a pipeline would set them.
    env: { NORTHWIND_API_TOKEN: 'sample-northwind-token', OPENAI_API_KEY: 'sample-openai-key' },
    // What the model says to the `generate` sample, then to the `run` sample, in the order of the
    // docs (a scripted OpenAI-compatible endpoint, FLOW_MODEL llama3.1).
    model: [
      { content: JSON.stringify(GENERATED_WORKFLOW) },
      { content: 'Happy to help! What is your order number? It is on your confirmation email, e.g. NW-104233.' },
    ],
  };
}
