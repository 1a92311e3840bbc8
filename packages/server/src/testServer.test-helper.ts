import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addNode, createFunctionData, createPromptData, emptyFlow, type FlowDocument } from '@flow/core';
import { startServer, type ServerOptions } from './server.js';

/** The repository's examples folder, seeded into every test server's data folder. */
export const EXAMPLES = fileURLToPath(new URL('../../../examples/', import.meta.url));

export interface TestServer {
  url: string;
  routes: readonly { method: string; pattern: string }[];
  dir: string;
  /** A request to this server; JSON bodies are sent with their content type. */
  call(method: string, path: string, options?: { json?: unknown; body?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

/** A temp data folder (removed on close) and a server on 127.0.0.1 with a free port. */
export async function startTestServer(options: Omit<ServerOptions, 'dir' | 'port'> & { dir?: string } = {}): Promise<TestServer> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'flow-server-')));
  const logs: string[] = [];
  const server = await startServer({ seedDir: EXAMPLES, log: (line) => logs.push(line), ...options, dir, port: 0 });
  return {
    url: server.url,
    routes: server.routes,
    dir,
    async call(method, path, { json, body, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
      if (json !== undefined) {
        init.body = JSON.stringify(json);
        init.headers = { 'Content-Type': 'application/json', ...headers };
      } else if (body !== undefined) {
        init.body = body;
      }
      return fetch(`${server.url}${path}`, init);
    },
    async close() {
      await server.close();
      if (options.dir === undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder (relative path -> content): compared before and after a refusal. */
export async function snapshotFolder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), await readFile(path, 'utf8'));
  }
  return files;
}

/** A valid flow of `count` instruct functions in one chain after an Instruct node. */
export function sampleFlow(planId: string, versionName: string, count: number, label = 'Step'): FlowDocument {
  let doc = { ...emptyFlow(planId, versionName), agentContext: `Context of ${label}`, agentNotes: 'Be brief.' };
  let currentChain = '0';
  ({ doc, currentChain } = addNode(doc, { type: 'prompt', data: createPromptData(`Greet (${label})`) }, { currentChain, id: 'intro' }));
  for (let i = 1; i <= count; i++) {
    const data = createFunctionData('instruct', {
      uuid: `fn-${i}`,
      planId,
      name: `${label} ${i}`,
      metadata: { prompt: `Do ${label} ${i}` },
    });
    ({ doc, currentChain } = addNode(doc, { type: 'function', data }, { currentChain, id: `fn-${i}` }));
  }
  return doc;
}

/** The JSON body of a response. */
export async function jsonOf(response: Response): Promise<unknown> {
  return JSON.parse(await response.text());
}

/** A raw HTTP exchange whose path is sent as written: fetch would resolve `..` and `%2e%2e` first. */
export function rawRequest(
  url: string,
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string; bytes: Buffer }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: bytes.toString('utf8'), bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
