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
  /** The origin hosted links are built from: `--public-url`, else the server's own address; never the request's Host. */
  origin(req: IncomingMessage): string;
}
