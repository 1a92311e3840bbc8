import { addNode, createFunctionData, createPromptData, emptyFlow, type FlowDocument, type JsonObject } from '@flow/core';

/**
 * The shop agent of the runtime tests: an instruction, then `Look up order`, an HTTP call to
 * `{url}/orders/{{order_id}}` that maps the answer's `status` into a variable.
 */
export function shopFlow(url: string, call: JsonObject = { authorization: 'none' }, error = ''): FlowDocument {
  let doc: FlowDocument = { ...emptyFlow('shop', 'production'), agentContext: 'You are the shop assistant.' };
  let currentChain = '0';
  ({ doc, currentChain } = addNode(
    doc,
    { type: 'prompt', data: createPromptData('Help with orders.') },
    { currentChain, newChain: true, id: 'intro' },
  ));
  const lookup = createFunctionData('http_calls', {
    uuid: 'lookup',
    planId: 'shop',
    name: 'Look up order',
    description: 'Find an order by its number',
    metadata: {
      apicalls: [
        {
          method: 'GET',
          url: `${url}/orders/{{order_id}}`,
          params: [],
          headers: [],
          body: { raw: { data: '' } },
          output: { json: [{ name: 'status', value: 'status' }] },
          ...call,
        },
      ],
      error,
      result_message: 'The order is {{status}}.',
      result_prompt: '',
    },
  });
  ({ doc } = addNode(doc, { type: 'function', data: lookup }, { currentChain, id: 'lookup' }));
  return doc;
}
