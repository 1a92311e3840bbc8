// Agent keys: what opens the served routes (/v1, /mcp) and nothing else. The routes call
// `check` with the request and the agent asked for; a refusal is an AgentKeyError (OpenAI's shape).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AGENT_KEY_PREFIX, checkKeySettings, keyAllowsAgent, keyMessages, keyNameProblem, type AgentKeySummary } from '@flow/core';
import { bearerToken } from '../access/auth.js';
import { HttpError, badRequest } from '../http/HttpError.js';
import { AgentKeyError } from './agentKeyError.js';
import type { AgentKeyRecord, KeyRecords } from './keyRecords.js';

export { AgentKeyError } from './agentKeyError.js';
export { agentKeyNotHere, isAgentPath, looksLikeAgentKey } from './agentPaths.js';

/** The text of a key: the prefix and 32 random bytes in base64url (43 characters). */
const KEY_PATTERN = new RegExp(`^${AGENT_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/**
 * A key's SHA-256. A fast hash is right here, unlike for passwords: a key is 256 random bits, so
 * no dictionary or brute force can find one from its hash, and a slow hash would only slow every request.
 */
export const hashOfKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** What a key lets a request do, once `check` let it in. */
export interface AgentKeyGrant {
  /** The key's name (for the conversation log). */
  name: string;
  /** The agents it may use (`planId` or `planId/versionName`); empty: every published agent. */
  agents: readonly string[];
  origins: readonly string[];
  /** CORS headers for the answer: set them on the response (empty unless the request's Origin is one the key lists). */
  headers: Record<string, string>;
}

/** The agent a request asks for; null for a call that names none (listing the agents). */
export type AskedAgent = { planId: string; versionName: string } | null;

export interface AgentKeys {
  list(): Promise<AgentKeySummary[]>;
  /** A new key (400 for bad settings, 409 for a taken name): the answer alone holds its text. */
  create(input: {
    name: string;
    agents?: readonly string[];
    origins?: readonly string[];
    rate?: number;
  }): Promise<AgentKeySummary & { key: string }>;
  /** True when there was one (400 for a name no key can have). */
  revoke(name: string): Promise<boolean>;
  /**
   * Lets a request of a served route in, or throws an AgentKeyError: 401 `invalid_api_key` for
   * no key or an unknown or revoked one; 403 `origin_not_allowed` for an Origin header the key
   * does not list (a key without origins refuses every browser); 403 `model_not_allowed` for an
   * agent the key is not bound to; 429 `rate_limit_exceeded` past its rate this minute, with
   * Retry-After. Counted in the store (one count for every server of a database), read from it
   * at each call (a revoked key is refused by every server at once).
   */
  check(req: IncomingMessage, agent: AskedAgent): Promise<AgentKeyGrant>;
  /**
   * Answers a CORS preflight (OPTIONS) of a served route: 204 with the CORS headers when some key
   * lists the request's Origin, else 403 without them.
   */
  preflight(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** The CORS headers of an answer to `origin`, which a key lists. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': 'Flow-Conversation, Mcp-Session-Id, Retry-After',
    Vary: 'Origin',
  };
}

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Flow-Conversation, Mcp-Session-Id',
  'Access-Control-Max-Age': '600',
};

/**
 * Throws 403 `model_not_allowed` unless the key may use `agent`: what `check` does for the agent
 * it is given, for a route that learns the agent after letting the request in (an MCP tool call).
 */
export function requireAgentAllowed(key: Pick<AgentKeyGrant, 'name' | 'agents' | 'headers'>, agent: NonNullable<AskedAgent>): void {
  if (keyAllowsAgent(key.agents, agent.planId, agent.versionName)) return;
  const asked = `${agent.planId}/${agent.versionName}`;
  throw new AgentKeyError(403, 'model_not_allowed', 'permission_error', keyMessages.agentNotAllowed(asked, key.name), key.headers);
}

const summaryOf = ({ hash: _hash, ...summary }: AgentKeyRecord): AgentKeySummary => ({ ...summary });

const unknownKey = (message: string): AgentKeyError =>
  new AgentKeyError(401, 'invalid_api_key', 'invalid_request_error', message, { 'WWW-Authenticate': 'Bearer' });

/** The agent keys over a store's records; `clock` gives the time in ms (a test seam). */
export function createAgentKeys(records: KeyRecords, clock: () => number = Date.now): AgentKeys {
  const iso = (ms: number): string => new Date(ms).toISOString();
  return {
    async list() {
      return (await records.list()).map(summaryOf).sort((a, b) => a.name.localeCompare(b.name));
    },
    async create(input) {
      const checked = checkKeySettings(input);
      if (!checked.ok) throw badRequest(checked.problem, 'INVALID_KEY');
      const key = `${AGENT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const record: AgentKeyRecord = {
        ...checked.settings,
        hash: hashOfKey(key),
        prefix: key.slice(0, AGENT_KEY_PREFIX.length + 6),
        created: iso(clock()),
        lastUsed: null,
      };
      if (!(await records.add(record))) throw new HttpError(409, 'KEY_NAME_TAKEN', keyMessages.keyNameTaken(record.name));
      return { ...summaryOf(record), key };
    },
    async revoke(name) {
      const problem = keyNameProblem(name);
      if (problem !== null) throw badRequest(problem, 'INVALID_KEY');
      return records.delete(name);
    },
    async check(req, agent) {
      const given = bearerToken(req);
      if (given === null) throw unknownKey(keyMessages.missingKey);
      // Found by the hash of what was sent: no stored secret is compared, so timing tells nothing.
      const record = KEY_PATTERN.test(given) ? await records.byHash(hashOfKey(given)) : null;
      if (record === null) throw unknownKey(keyMessages.unknownKey);
      const origin = req.headers.origin;
      if (origin !== undefined && !record.origins.includes(origin))
        throw new AgentKeyError(
          403,
          'origin_not_allowed',
          'permission_error',
          keyMessages.originNotAllowed(origin.slice(0, 200), record.name),
        );
      const headers = origin === undefined ? {} : corsHeaders(origin);
      if (agent !== null) requireAgentAllowed({ name: record.name, agents: record.agents, headers }, agent);
      const now = clock();
      const minute = Math.floor(now / 60_000);
      const count = await records.use(record.name, minute, iso(now));
      if (count === null) throw unknownKey(keyMessages.unknownKey);
      if (count > record.rate) {
        const seconds = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
        throw new AgentKeyError(
          429,
          'rate_limit_exceeded',
          'rate_limit_error',
          keyMessages.rateLimited(record.name, record.rate, seconds),
          {
            ...headers,
            'Retry-After': String(seconds),
          },
        );
      }
      return { name: record.name, agents: record.agents, origins: record.origins, headers };
    },
    async preflight(req, res) {
      const origin = req.headers.origin;
      if (origin === undefined || !(await records.anyAllowsOrigin(origin)))
        throw new AgentKeyError(
          403,
          'origin_not_allowed',
          'permission_error',
          keyMessages.originNotServed(origin?.slice(0, 200) ?? 'a page without an origin'),
        );
      res.writeHead(204, { ...corsHeaders(origin), ...PREFLIGHT_HEADERS, 'Content-Length': 0 });
      res.end();
    },
  };
}
