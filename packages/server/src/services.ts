import type { IncomingMessage } from 'node:http';
import type { DataPaths } from './store/dataPaths.js';
import type { FlowStore } from './store/flowStore.js';
import type { PublishStore } from './store/publishStore.js';
import type { WorkflowStore } from './store/workflowStore.js';

/** What the route groups share: the stores, the clock and this server's address. */
export interface Services {
  paths: DataPaths;
  flows: FlowStore;
  publishes: PublishStore;
  workflows: WorkflowStore;
  /** The time of a write, as an ISO string. */
  now(): string;
  /** The origin a browser used to reach this server (`http://host:port`). */
  origin(req: IncomingMessage): string;
}

const HOST_HEADER = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin of a request from its Host header when well formed, else the server's own URL. */
export function requestOrigin(serverUrl: string): (req: IncomingMessage) => string {
  return (req) => {
    const host = req.headers.host;
    return host !== undefined && HOST_HEADER.test(host) ? `http://${host}` : serverUrl;
  };
}
