import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../model/types.js';
import type { Workflow } from '../format/types.js';
import { compileFlow } from './compileFlow.js';
import { buildFlow, functionNode } from './flowFixtures.js';

const stepLines = (type: string, metadata: JsonObject, workflows: Workflow[] = []): string[] =>
  compileFlow(buildFlow([[functionNode('fn-1', type, metadata, { name: 'Step' })]], { workflows })).system_message.split('\n');

const orderLookup = {
  method: 'GET',
  url: 'https://shop.example.com/api/orders',
  params: [{ name: 'order_id', value: '{{order_id}}' }],
  authorization: 'bearer',
  headers: [
    { name: 'Accept', value: 'application/json' },
    { name: 'Authorization', value: 'Bearer SECRET-TOKEN' },
    { name: 'X-Shop', value: { env: 'SHOP_SECRET' } },
  ],
  body: { raw: { data: '' } },
  output: { json: [{ name: 'order_status', value: 'data.status' }] },
};

describe('http_calls rendering', () => {
  it('shows method, url, parameters, headers and the output mapping', () => {
    const lines = stepLines('http_calls', { apicalls: [orderLookup], result_message: 'Found it.' });
    expect(lines).toEqual(
      expect.arrayContaining([
        '1. HTTP call "Step"',
        '   Request: GET "https://shop.example.com/api/orders"',
        '   Parameters:',
        '   - "order_id" = "{{order_id}}"',
        '   Authorization: bearer token (not shown)',
        '   Headers:',
        '   - "Accept": "application/json"',
        '   Output mapping:',
        '   - "order_status" <- "data.status"',
        '   Result message: "Found it."',
      ]),
    );
  });

  it('never shows a bearer token or an env-referenced header value', () => {
    const text = stepLines('http_calls', { apicalls: [orderLookup] }).join('\n');
    expect(text).toContain('   - "Authorization": (hidden)');
    expect(text).toContain('   - "X-Shop": (hidden)');
    expect(text).not.toContain('SECRET');
  });

  it('shows a request body as quoted text, with secret fields of a JSON body hidden', () => {
    const call = { ...orderLookup, method: 'POST', body: { raw: { data: '{"email":"{{email}}","api_key":"SECRET"}' } } };
    const lines = stepLines('http_calls', { apicalls: [call] });
    expect(lines).toEqual(expect.arrayContaining(['   Body:', '   >   "email": "{{email}}",', '   >   "api_key": "(hidden)"']));
    expect(lines.join('\n')).not.toContain('SECRET');
  });
});

describe('see_website rendering', () => {
  it('shows the link, viewport and prompt', () => {
    const lines = stepLines('see_website', {
      link: 'https://docs.example.com/start',
      viewport: 'custom',
      width: 1024,
      height: 768,
      prompt: 'Find the setup steps.',
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        '1. See a website "Step"',
        '   Website: "https://docs.example.com/start"',
        '   Viewport: custom 1024x768',
        '   Prompt: "Find the setup steps."',
      ]),
    );
  });
});

describe('send_workflow rendering', () => {
  const workflow: Workflow = {
    id: 'wf-demo',
    name: 'Book a demo',
    description: '',
    updated_at: '2025-01-01T00:00:00.000Z',
    plan_id: 'test-plan',
    json: { steps: [] },
  };

  it('names the workflow when the plan has it, with its id, hosted link and message', () => {
    const metadata = { workflow_id: 'wf-demo', hosted_link: 'https://hosted.example.com/s/1', message: 'Pick a time.' };
    expect(stepLines('send_workflow', metadata, [workflow])).toEqual(
      expect.arrayContaining([
        '   Workflow: "Book a demo" (id "wf-demo")',
        '   Hosted link: "https://hosted.example.com/s/1"',
        '   Message: "Pick a time."',
      ]),
    );
  });

  it('shows the bare id of a workflow the plan does not list', () => {
    expect(stepLines('send_workflow', { workflow_id: 'wf-gone' })).toContain('   Workflow: (id "wf-gone")');
  });
});
