import { afterEach, describe, expect, it } from 'vitest';
import { flowMessages, messages } from '../messages.js';
import { createClient } from './client.js';
import { ApiError } from './errors.js';
import { fakeProviders, rejectionOf, replyJson, sampleFunction } from './fakeProvider.test-helper.js';
import type { Handler } from './fakeProvider.test-helper.js';
import type { ClientOptions } from './transport.js';

const providers = fakeProviders();
afterEach(() => providers.closeAll());

const TOKEN = 'secret-token-123';
const fn = sampleFunction();

async function clientFor(handler: Handler, options: Partial<ClientOptions> = {}) {
  const provider = await providers.start(handler);
  const client = createClient({ baseUrl: provider.baseUrl, token: TOKEN, retryDelayMs: 20, ...options });
  return { client, requests: provider.requests };
}

/** Answers with each status in turn, then 200 `{ result: [] }`. */
function failingThenOk(statuses: number[]): Handler {
  let calls = 0;
  return (_request, response) => {
    const status = statuses[calls++];
    if (status === undefined) replyJson(response, 200, { result: [] });
    else replyJson(response, status, { error: { code: 'unavailable', message: 'try later' } });
  };
}

async function apiErrorOf(work: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(work);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('createClient transport', () => {
  it('uses the global fetch when none is given', async () => {
    const { client } = await clientFor((_request, response) => replyJson(response, 200, { result: [] }));
    await expect(client.getFunctions('p', 'v')).resolves.toEqual([]);
  });

  it("turns a 500 into the call's spec message, carrying status and provider message", async () => {
    const { client } = await clientFor(
      (_request, response) => replyJson(response, 500, { error: { code: 'boom', message: 'disk on fire' } }),
      { retries: 0 },
    );
    const error = await apiErrorOf(client.getFunctions('p', 'v'));
    expect(error.message).toBe(messages.failedToFetchFunctions);
    expect(error).toMatchObject({ kind: 'http', status: 500, providerMessage: 'disk on fire', code: 'boom' });
  });

  it('fills {reason} with a text body, or with the status text when the body is empty', async () => {
    let answer = 0;
    const { client } = await clientFor(
      (_request, response) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end(answer++ === 0 ? 'database unreachable' : '');
      },
      { retries: 0 },
    );
    const first = await apiErrorOf(client.getWorkflows('p'));
    expect(first.message).toBe(messages.failedToFetchWorkflows('database unreachable'));
    expect(first.providerMessage).toBe('database unreachable');
    const second = await apiErrorOf(client.getWorkflows('p'));
    expect(second.message).toBe(messages.failedToFetchWorkflows('Internal Server Error'));
    expect(second.providerMessage).toBeUndefined();
  });

  it('reports a 200 without result as invalid data structure', async () => {
    const { client } = await clientFor((_request, response) => replyJson(response, 200, { functions: [] }));
    const error = await apiErrorOf(client.getFunctions('p', 'v'));
    expect(error.message).toBe(messages.invalidDataStructure);
    expect(error.kind).toBe('invalid');
  });

  it('reports a 200 whose body is not JSON as invalid data structure', async () => {
    const { client } = await clientFor((_request, response) => response.end('<html>hello</html>'));
    const error = await apiErrorOf(client.getSystemPrompt('p', 'v'));
    expect(error).toMatchObject({ kind: 'invalid', message: messages.invalidDataStructure });
  });

  it("reports a dropped connection as kind network with the call's message and the cause", async () => {
    const { client, requests } = await clientFor((_request, response) => response.socket?.destroy(), {
      retries: 0,
    });
    const error = await apiErrorOf(client.getFunctions('p', 'v'));
    expect(error).toMatchObject({ kind: 'network', message: messages.failedToFetchFunctions });
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(Error);
    expect(requests).toHaveLength(1);
  });

  it('reports a refused connection as kind network, with the reason where the message has one', async () => {
    const { client } = await clientFor(() => undefined);
    await providers.closeAll();
    const error = await apiErrorOf(client.saveWorkflow({ name: 'W' }));
    expect(error.kind).toBe('network');
    expect(error.message.startsWith(messages.failedToSaveWorkflow(''))).toBe(true);
    expect(error.message.length).toBeGreaterThan(messages.failedToSaveWorkflow('').length);
  });

  it('gives up on a provider that never answers after timeoutMs, as kind timeout', async () => {
    const { client, requests } = await clientFor(() => undefined, { timeoutMs: 300 });
    const started = Date.now();
    const error = await apiErrorOf(client.getFunctions('p', 'v'));
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ kind: 'timeout', message: messages.failedToFetchFunctions });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(300 + 700);
    expect(requests).toHaveLength(1);
  });

  it('times out a body that starts but never ends', async () => {
    const { client } = await clientFor(
      (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.write('{"result": [');
      },
      { timeoutMs: 300 },
    );
    const started = Date.now();
    const error = await apiErrorOf(client.getWorkflows('p'));
    const message = messages.failedToFetchWorkflows(flowMessages.timedOut(300));
    expect(error).toMatchObject({ kind: 'timeout', message });
    expect(Date.now() - started).toBeLessThan(300 + 700);
  });

  it('times out a fetch that ignores its abort signal', async () => {
    const never = () => new Promise<never>(() => undefined);
    const client = createClient({ baseUrl: 'http://provider.invalid', fetch: never, timeoutMs: 100 });
    const error = await apiErrorOf(client.getSystemPrompt('p', 'v'));
    expect(error).toMatchObject({ kind: 'timeout', message: messages.failedToFetchSystemPrompt });
  });

  it('retries a GET twice with growing delays, then succeeds', async () => {
    const { client, requests } = await clientFor(failingThenOk([503, 502]), { retryDelayMs: 60 });
    const started = Date.now();
    await expect(client.getFunctions('p', 'v')).resolves.toEqual([]);
    expect(requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60 + 120 - 10);
  });

  it('retries a dropped GET', async () => {
    let calls = 0;
    const { client, requests } = await clientFor((_request, response) => {
      if (calls++ === 0) response.socket?.destroy();
      else replyJson(response, 200, { result: [] });
    });
    await expect(client.getFunctions('p', 'v')).resolves.toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it('fails a GET after the initial attempt and two retries', async () => {
    const { client, requests } = await clientFor(failingThenOk([500, 500, 500, 500]));
    const error = await apiErrorOf(client.getFunctions('p', 'v'));
    expect(error).toMatchObject({ kind: 'http', status: 500, providerMessage: 'try later' });
    expect(requests).toHaveLength(3);
  });

  it('follows the configured number of retries', async () => {
    const { client, requests } = await clientFor(failingThenOk([500, 500, 500]), { retries: 3 });
    await expect(client.getFunctions('p', 'v')).resolves.toEqual([]);
    expect(requests).toHaveLength(4);
  });

  it('does not retry a GET answered with a 4xx', async () => {
    const { client, requests } = await clientFor(failingThenOk([404]));
    const error = await apiErrorOf(client.getFunctions('p', 'v'));
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(requests).toHaveLength(1);
  });

  it('never retries a write, whether answered 503 or dropped', async () => {
    const { client, requests } = await clientFor(failingThenOk([503]));
    const error = await apiErrorOf(client.setupFunction('p', 'v', fn));
    expect(error).toMatchObject({ kind: 'http', status: 503, message: flowMessages.failedToSaveFunction });
    expect(requests).toHaveLength(1);

    const dropped = await clientFor((_request, response) => response.socket?.destroy());
    const dropError = await apiErrorOf(dropped.client.updateFunctions('p', 'v', [fn]));
    expect(dropError.kind).toBe('network');
    expect(dropped.requests).toHaveLength(1);
  });

  it('never shows the token in an error, even when the provider echoes it', async () => {
    const { client } = await clientFor((request, response) =>
      replyJson(response, 500, { error: { message: `bad header ${request.headers.authorization ?? ''}` } }),
    );
    const error = await apiErrorOf(client.saveWorkflow({ name: 'W' }));
    const planError = await apiErrorOf(client.updateFunctions('p', 'v', []));
    for (const e of [error, planError]) {
      expect(`${e.message} ${e.providerMessage ?? ''}`).not.toContain(TOKEN);
    }
    expect(planError.providerMessage).toBe('bad header Bearer ***');
  });
});
