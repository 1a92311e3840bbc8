// Test support only (imports node:http): never imported by the client's source.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { functionData } from '../compile/flowFixtures.js';
import type { FunctionNodeData } from '../format/types.js';
import type { FetchLike } from './transport.js';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers one request; it may also never answer, or destroy the socket. */
export type Handler = (request: RecordedRequest, response: ServerResponse) => void;

export interface FakeProvider {
  baseUrl: string;
  requests: RecordedRequest[];
}

/** Real HTTP providers on 127.0.0.1, port 0; `closeAll` in afterEach. */
export function fakeProviders(): {
  start(handler: Handler): Promise<FakeProvider>;
  closeAll(): Promise<void>;
} {
  const servers: Server[] = [];
  return {
    async start(handler) {
      const requests: RecordedRequest[] = [];
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const request = {
            method: req.method ?? '',
            url: req.url ?? '',
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          };
          requests.push(request);
          handler(request, res);
        });
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      return { baseUrl: `http://127.0.0.1:${address.port}`, requests };
    },
    async closeAll() {
      const closing = servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      );
      await Promise.all(closing);
    },
  };
}

/** Sends `body` as JSON with `status` and extra headers. */
export function replyJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export interface FetchCall {
  url: string;
  init: RequestInit;
}

/** The global fetch, recording every call's URL and init (credentials, headers). */
export function spyFetch(): { fetch: FetchLike; calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  return {
    calls,
    fetch: (url, init) => {
      calls.push({ url, init });
      return globalThis.fetch(url, init);
    },
  };
}

/** A header of a recorded fetch call, case-insensitive. */
export function headerOf(call: FetchCall | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

/** Runs `work` and returns its rejection (fails when it resolves). */
export async function rejectionOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A complete function of type instruct, as a provider stores it. */
export function sampleFunction(uuid = 'f1', name = 'Greet'): FunctionNodeData {
  return functionData(
    uuid,
    'instruct',
    { prompt: 'Say hello' },
    {
      plan_id: 'plan-1',
      title: name,
      name,
      description: 'Greets the user',
      trigger_text: '👋',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    },
  );
}
