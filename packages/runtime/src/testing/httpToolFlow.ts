import { addNode, createFunctionData, createPromptData, emptyFlow, type FlowDocument, type JsonObject } from '@flow/core';

/**
 * A flow of one HTTP tool after an Instruct node, for tests: `call` is merged over an empty GET call
 * (no params, headers or body, no output mapping). The tool answers the model itself
 * (trigger_response), named after `name` (`Call shop` is the tool `call_shop`).
 * @example httpToolFlow({ url: 'https://api.example.com/orders/{{id}}' })
 */
export function httpToolFlow(call: JsonObject, name = 'Call shop'): FlowDocument {
  let doc: FlowDocument = { ...emptyFlow('shop', 'production'), agentContext: 'Shop assistant.' };
  let currentChain = '0';
  ({ doc, currentChain } = addNode(
    doc,
    { type: 'prompt', data: createPromptData('Help.') },
    { currentChain, newChain: true, id: 'intro' },
  ));
  const data = createFunctionData('http_calls', {
    uuid: 'call',
    planId: 'shop',
    name,
    metadata: {
      apicalls: [{ method: 'GET', params: [], headers: [], body: { raw: { data: '' } }, output: { json: [] }, ...call }],
      error: '',
    },
  });
  ({ doc } = addNode(
    doc,
    { type: 'function', data: { ...data, post_action_type: 'trigger_response', post_action_function_id: '' } },
    { currentChain, id: 'call' },
  ));
  return doc;
}
