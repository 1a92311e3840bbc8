import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer } from '@flow/server';
import { removeTempDirs, tempDir } from './flows.js';

/** A provider of the spec's calls only: 404 for /api/flows and /api/secrets (no document endpoint, no secret store), the rest forwarded to `target`. */
export function startCallsProxy(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/api/flows/') || url === '/api/secrets' || url.startsWith('/api/secrets/')) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"code":"NOT_FOUND","message":"Not found"}}');
      return;
    }
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The address of a server listening on 127.0.0.1. */
export function serverUrl(server: Server): string {
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
}

/** A local provider in a temp folder and a calls-only proxy in front of it, for one test file. */
export interface TestProviders {
  /** The temp folder of the test file (the provider's data under `data/`). */
  work: string;
  /** The local provider, with the whole-document endpoint. */
  url: string;
  /** The same provider through the spec's calls only. */
  proxyUrl: string;
}

/** Starts them before the file's tests and stops them after. */
export function useTestProviders(prefix: string): TestProviders {
  const providers: TestProviders = { work: '', url: '', proxyUrl: '' };
  let provider: { url: string; close(): Promise<void> } | undefined;
  let proxy: Server | undefined;
  beforeAll(async () => {
    providers.work = tempDir(prefix);
    provider = await startServer({ port: 0, host: '127.0.0.1', dir: join(providers.work, 'data'), seedDir: null, log: () => undefined });
    proxy = await startCallsProxy(provider.url);
    providers.url = provider.url;
    providers.proxyUrl = serverUrl(proxy);
  }, 200_000);
  afterAll(async () => {
    await provider?.close();
    await new Promise((resolve) => proxy?.close(resolve));
    removeTempDirs();
  });
  return providers;
}
