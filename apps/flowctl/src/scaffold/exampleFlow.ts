import {
  addNode,
  compileFlow,
  createFunctionData,
  createPromptData,
  emptyFlow,
  type FlowDocument,
  type FunctionDataInit,
  type FunctionType,
  type NewNode,
} from '@flow/core';

/** Adds nodes in order; `newChain` starts the next chain with that node. */
function build(doc: FlowDocument, steps: readonly { id: string; node: NewNode; newChain?: boolean }[]): FlowDocument {
  let current = doc;
  let currentChain = '0';
  for (const step of steps) {
    const added = addNode(current, step.node, { currentChain, newChain: step.newChain ?? false, id: step.id });
    current = added.doc;
    currentChain = added.currentChain;
  }
  return current;
}

/**
 * The flow `flowctl init` writes: a support agent in two chains (greet and classify, then capture
 * contact details and open a ticket), valid, in canonical form once serialized, its HTTP secret
 * kept in the environment.
 */
export function exampleFlow(planId: string): FlowDocument {
  const fn = (type: FunctionType, id: string, init: Omit<FunctionDataInit, 'uuid' | 'planId'>): NewNode => ({
    type: 'function',
    data: createFunctionData(type, { uuid: id, planId, ...init }),
  });
  const base: FlowDocument = {
    ...emptyFlow(planId, 'production'),
    agentContext: 'You are the support assistant of Example Shop.',
    agentNotes: 'Keep answers short, friendly and in the language of the customer.',
  };
  const doc = build(base, [
    {
      id: 'greet',
      node: { type: 'prompt', data: createPromptData('Greet the customer and find out what they need help with.') },
      newChain: true,
    },
    {
      id: 'classify-request',
      node: fn('custom_gpt', 'classify-request', {
        name: 'Classify request',
        description: 'Sorts the request into billing, shipping or other.',
        trigger_text: '🧭',
        metadata: { prompt: 'Classify the request as billing, shipping or other. Answer with one word.', model: 'gpt-4o-mini' },
      }),
    },
    {
      id: 'capture-contact',
      newChain: true,
      node: fn('capture_variables', 'capture-contact', {
        name: 'Capture contact',
        description: 'Asks for the e-mail address and the order number.',
        trigger_text: '📝',
        metadata: {
          variables: [
            { name: 'email', description: 'E-mail address of the customer' },
            { name: 'order_number', description: 'Number of the order, if there is one' },
          ],
        },
      }),
    },
    {
      id: 'create-ticket',
      node: fn('http_calls', 'create-ticket', {
        name: 'Create ticket',
        description: 'Opens a ticket in the help desk.',
        trigger_text: '🎫',
        metadata: {
          apicalls: [
            {
              method: 'POST',
              url: 'https://helpdesk.example.com/api/tickets',
              params: [],
              authorization: 'bearer',
              headers: [{ name: 'Authorization', value: { env: 'FLOW_CREATE_TICKET_AUTHORIZATION' } }],
              body: { raw: { data: '{"email": "{{email}}", "order": "{{order_number}}"}' } },
              output: { json: [{ name: 'ticket_id', value: 'id' }] },
            },
          ],
          result_message: 'Your ticket {{ticket_id}} is open: we answer within one working day.',
        },
      }),
    },
  ]);
  return { ...doc, systemPrompt: compileFlow(doc).system_message };
}
