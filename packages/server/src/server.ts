import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isLoopback } from './auth.js';
import { createHandler } from './handler.js';
import { hostedRoutes } from './hosted/hostedRoutes.js';
import { editorFiles } from './routes/editorFiles.js';
import { emojiRoutes } from './routes/emoji.js';
import { flowRoutes } from './routes/flows.js';
import { gptRoutes } from './routes/gpt.js';
import { mateRoutes } from './routes/mate.js';
import { workflowRoutes } from './routes/workflows.js';
import { requestOrigin, type Services } from './services.js';
import { dataPaths } from './store/dataPaths.js';
import { createFlowStore } from './store/flowStore.js';
import { createPublishStore } from './store/publishStore.js';
import { defaultSeedDir, seedDataFolder } from './store/seed.js';
import { createWorkflowStore } from './store/workflowStore.js';

export interface ServerOptions {
  /** Default 4321; 0 picks a free port. */
  port?: number;
  /** The data folder. Default `./flows`. */
  dir?: string;
  /** Default 127.0.0.1. Any non-loopback address requires a token. */
  host?: string;
  /** When set, every plan-scoped call needs `Authorization: Bearer <token>`. */
  token?: string;
  /** The built editor, served for any other GET when the folder exists. */
  editorDir?: string;
  /** Seeds an empty data folder. Default the repository's `examples/`; null for none. */
  seedDir?: string | null;
  /** Where unexpected errors are reported. Default stderr. */
  log?: (line: string) => void;
}

export interface RunningServer {
  /** `http://host:port` */
  url: string;
  close(): Promise<void>;
}

/** Refusal to start: bad options, such as a public address without a token. */
export class ServerConfigError extends Error {
  override name = 'ServerConfigError';
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the local provider over a data folder (seeded from examples when empty) and resolves
 * once it listens.
 * @example const { url, close } = await startServer({ port: 0, dir: tmp });
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token === '' ? undefined : options.token;
  if (!isLoopback(host) && token === undefined) {
    throw new ServerConfigError(`A token is required to listen on ${host}: pass --token or set FLOW_TOKEN`);
  }
  const dir = resolve(options.dir ?? './flows');
  await seedDataFolder(dir, options.seedDir === undefined ? defaultSeedDir() : options.seedDir);
  const paths = dataPaths(dir);
  let url = '';
  const services: Services = {
    paths,
    flows: createFlowStore(paths),
    publishes: createPublishStore(paths),
    workflows: createWorkflowStore(paths),
    now: () => new Date().toISOString(),
    origin: (req) => requestOrigin(url)(req),
  };
  const routes = [
    ...gptRoutes(services),
    ...mateRoutes(services),
    ...flowRoutes(services),
    ...workflowRoutes(services),
    ...emojiRoutes(),
    ...hostedRoutes(services),
  ];
  const editor = options.editorDir && existsSync(options.editorDir) ? await editorFiles(options.editorDir) : undefined;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const server = createServer(createHandler({ routes, token, bindHost: host, log, ...(editor ? { editor } : {}) }));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 4321, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : (options.port ?? 4321);
  url = `http://${urlHost(host)}:${port}`;
  return {
    url,
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
}
