import { renderHttpCalls } from './render/renderIntegrations.js';
import { LIGHTNING } from '../model/emoji.js';
import type { HttpHeader, NameValue, SecretValue } from '../model/metadataParts.js';
import { HTTP_AUTHORIZATION_OPTIONS, HTTP_METHODS, optionsOf, type HttpAuthorization, type HttpMethod } from '../model/options.js';
import { defineFunction } from './FunctionDefinition.js';
import { httpCallsTool } from './tools/typeTools.js';

export type HttpCall = {
  method: HttpMethod;
  url: string;
  params: NameValue[];
  authorization: HttpAuthorization;
  /** With authorization bearer: the token, best as `{ env }` so it stays out of flow files. */
  bearer_token?: SecretValue;
  headers: HttpHeader[];
  body: { raw: { data: string } };
  output: { json: NameValue[] };
};

export type HttpCallsMetadata = {
  apicalls: HttpCall[];
  error: string;
  result_message: string;
  result_prompt: string;
};

/** The first call of a new http_calls function. */
export const DEFAULT_HTTP_CALL: HttpCall = {
  method: 'GET',
  url: '',
  params: [],
  authorization: 'none',
  headers: [],
  body: { raw: { data: '' } },
  output: { json: [] },
};

const defaults: HttpCallsMetadata = { apicalls: [DEFAULT_HTTP_CALL], error: '', result_message: '', result_prompt: '' };

/** http_calls: call an external API; the editor edits the first call (spec section 3: apicalls[0]). */
export const httpCalls = defineFunction<'http_calls', HttpCallsMetadata>({
  type: 'http_calls',
  name: 'HTTP Calls',
  description: 'Call an external API and use its answer',
  emoji: LIGHTNING,
  promptKind: 'HTTP call',
  defaults,
  fields: [
    { key: 'apicalls.0.method', label: 'Method', kind: 'select', options: optionsOf(HTTP_METHODS) },
    { key: 'apicalls.0.url', label: 'URL', kind: 'text', placeholder: 'https://' },
    { key: 'apicalls.0.params', label: 'Query Parameters', kind: 'keyValueList', itemFields: ['name', 'value'] },
    { key: 'apicalls.0.authorization', label: 'Authorization', kind: 'select', options: HTTP_AUTHORIZATION_OPTIONS },
    {
      key: 'apicalls.0.bearer_token',
      label: 'Bearer Token',
      kind: 'secret',
      visibleWhen: { key: 'apicalls.0.authorization', equals: 'bearer' },
      placeholder: '${env:API_TOKEN}',
      help: 'Write ${env:NAME} to read it from the environment when publishing.',
    },
    { key: 'apicalls.0.headers', label: 'Headers', kind: 'keyValueList', itemFields: ['name', 'value'], secretValues: true },
    { key: 'apicalls.0.body.raw.data', label: 'Body', kind: 'textarea', placeholder: '{ "order": "{order_id}" }' },
    {
      key: 'apicalls.0.output.json',
      label: 'Output Mapping',
      kind: 'keyValueList',
      itemFields: ['name', 'value'],
      help: 'Each variable and the field of the answer it takes.',
    },
    { key: 'error', label: 'Error Message', kind: 'textarea' },
    { key: 'result_message', label: 'Result Message', kind: 'textarea' },
    { key: 'result_prompt', label: 'Result Prompt', kind: 'textarea' },
  ],
  quick: {},
  render: renderHttpCalls,
  tool: httpCallsTool,
});
