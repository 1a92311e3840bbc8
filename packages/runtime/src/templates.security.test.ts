import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '@flow/core';
import { createAgent } from './agent.js';
import { httpRequestOf, refusals } from '@flow/core';
import { createModelClient } from './modelClient.js';
import { httpToolFlow, startScriptedModel, type ScriptedModelServer } from './testing/index.js';
import { fillTemplate } from '@flow/core';

const call = (fields: JsonObject): JsonObject => ({ method: 'GET', params: [], headers: [], body: { raw: { data: '' } }, ...fields });

describe('fillTemplate', () => {
  it("fills the values' own keys only: {{toString}}, {{constructor}} and {{__proto__}} stay as written", () => {
    expect(fillTemplate('{{toString}} {{constructor}} {{__proto__}} {{hasOwnProperty}}', {})).toBe(
      '{{toString}} {{constructor}} {{__proto__}} {{hasOwnProperty}}',
    );
    expect(fillTemplate('{{toString}}/{{id}}', { toString: 'own', id: '7' })).toBe('own/7');
  });
});

describe('httpRequestOf: each argument encoded for where it goes', () => {
  it('a path variable is one encoded segment; "." and ".." (in any spelling) are refused', () => {
    const orders = call({ url: 'https://api.example.com/v1/orders/{{id}}/status' });
    expect(httpRequestOf(orders, { id: 'a/b?c#d e' }).url.href).toBe('https://api.example.com/v1/orders/a%2Fb%3Fc%23d%20e/status');
    for (const id of ['..', '.', '%2e%2e', '.%2E', '%2E'])
      expect(() => httpRequestOf(orders, { id }), id).toThrow(refusals.dotSegment('id', id));
    expect(refusals.dotSegment('id', '..')).toBe(
      'Refused to call: {{id}} is "..", which would move up or stay in the URL\'s path ("." and ".." cannot be a path segment)',
    );
    // A dot inside a segment is a value like any other.
    expect(httpRequestOf(orders, { id: 'v1..2' }).url.pathname).toBe('/v1/orders/v1..2/status');
  });

  it('a query variable is a query value: & and = cannot add a parameter', () => {
    const search = call({ url: 'https://api.example.com/search?q={{q}}&limit=5', params: [{ name: 'tag', value: '{{tag}}' }] });
    const { url } = httpRequestOf(search, { q: 'lamp&limit=500', tag: 'x=1&y' });
    expect([...url.searchParams]).toEqual([
      ['q', 'lamp&limit=500'],
      ['limit', '5'],
      ['tag', 'x=1&y'],
    ]);
    // In the query, "." and ".." are just values.
    expect(httpRequestOf(search, { q: '..', tag: '' }).url.searchParams.get('q')).toBe('..');
  });

  it('a form body: each value form-encoded, with or without a form content type', () => {
    const values = { user: 'bob&role=admin', note: 'a+b c' };
    const inferred = httpRequestOf(
      call({ method: 'POST', url: 'https://api.example.com/u', body: { raw: { data: 'user={{user}}&note={{note}}' } } }),
      values,
    );
    expect([...new URLSearchParams(inferred.body)]).toEqual([
      ['user', 'bob&role=admin'],
      ['note', 'a+b c'],
    ]);
    expect(inferred.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    const declared = httpRequestOf(
      call({
        method: 'POST',
        url: 'https://api.example.com/u',
        headers: [{ name: 'content-type', value: 'application/x-www-form-urlencoded; charset=utf-8' }],
        body: { raw: { data: 'user={{user}}' } },
      }),
      values,
    );
    expect(declared.body).toBe('user=bob%26role%3Dadmin');
    expect(declared.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
  });

  it('a JSON body: each value a JSON string', () => {
    const init = httpRequestOf(
      call({ method: 'POST', url: 'https://api.example.com/t', body: { raw: { data: '{"subject": "{{subject}}", "priority": "low"}' } } }),
      { subject: 'x", "priority": "urgent' },
    );
    expect(JSON.parse(init.body ?? '')).toEqual({ subject: 'x", "priority": "urgent', priority: 'low' });
    expect(init.headers['Content-Type']).toBe('application/json');
  });

  it('a header: a value with a line break or NUL is refused', () => {
    const withHeader = call({ url: 'https://api.example.com/', headers: [{ name: 'X-Customer', value: 'id {{customer}}' }] });
    expect(httpRequestOf(withHeader, { customer: 'ann' }).headers).toEqual({ 'X-Customer': 'id ann' });
    for (const customer of ['ann\r\nX-Admin: yes', 'ann\nx', 'ann\0'])
      expect(() => httpRequestOf(withHeader, { customer }), JSON.stringify(customer)).toThrow(
        refusals.headerBreak('customer', 'X-Customer'),
      );
  });
});

describe('an HTTP tool with arguments that would change the request', () => {
  let model: ScriptedModelServer;
  let origin = '';
  const seen: { method: string; path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"shipped"}');
    });
  });
  beforeEach(async () => {
    seen.length = 0;
    model = await startScriptedModel();
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const address = api.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  });
  afterEach(async () => {
    await model.close();
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  const turn = async (fields: JsonObject, args: Record<string, string>) => {
    const agent = createAgent({
      doc: httpToolFlow(fields),
      model: createModelClient({ baseUrl: model.baseUrl, model: 'm' }),
      env: {},
      allowPrivateNetwork: true,
    });
    model.push({ toolCalls: [{ name: 'call_shop', arguments: args }] }, { content: 'Done.' });
    return agent.turn('Go');
  };

  it('refuses ".." in /v1/orders/{{id}}/status: no request, the model is told why', async () => {
    const trace = await turn({ url: `${origin}/v1/orders/{{id}}/status` }, { id: '..' });
    expect(trace.toolCalls[0]?.error).toBe(refusals.dotSegment('id', '..'));
    expect(seen).toEqual([]);
    expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain('cannot be a path segment');
    await turn({ url: `${origin}/v1/orders/{{id}}/status` }, { id: 'A/1' });
    expect(seen.map((s) => s.path)).toEqual(['/v1/orders/A%2F1/status']);
  });

  it('keeps bob&role=admin one field of the form', async () => {
    await turn({ method: 'POST', url: `${origin}/users`, body: { raw: { data: 'user={{user}}' } } }, { user: 'bob&role=admin' });
    expect([...new URLSearchParams(seen[0]?.body)]).toEqual([['user', 'bob&role=admin']]);
    expect(seen[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('never fills {{toString}} from the prototype: with no such argument the call is not made, and the model is told', async () => {
    const trace = await turn({ url: `${origin}/items?q={{toString}}` }, {});
    expect(seen).toEqual([]);
    expect(trace.toolCalls[0]?.error).toBe(refusals.unfilled(['toString']));
  });
});
