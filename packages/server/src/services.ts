import type { IncomingMessage } from 'node:http';
import type { AgentKeys } from './keys/agentKeys.js';
import type { SecretVault } from './secrets/secretVault.js';
import type { AgentService } from './serving/agentService.js';
import type { Storage } from './store/storage.js';

/** What the route groups share: the storage (whichever store it is), the clock and this server's address. */
export interface Services extends Storage {
  /** The time of a write, as an ISO string. */
  now(): string;
  /** The origin hosted links are built from: `--public-url`, else the server's own address; never the request's Host. */
  origin(req: IncomingMessage): string;
  /** The secret store (sealed values in `secrets`, opened with the server's key). */
  vault: SecretVault;
  /** Agent keys: the served routes (/v1, /mcp) let a request in with `agentKeys.check`. */
  agentKeys: AgentKeys;
  /** Turns of the published agents, recorded in `conversations` (for /v1, /mcp and the embedded chat). */
  agents: AgentService;
}
