import { keyMessages } from '../messages.js';
import type { AgentKeySettings } from '../model/agentKeys.js';
import { isRecord } from './guards.js';
import { expectShape } from './transport.js';
import type { Call, Transport } from './transport.js';

/** An agent key as the provider lists it: never the key, never its hash. */
export interface AgentKeySummary extends AgentKeySettings {
  /** `flow_sk_` and the key's first 6 characters after it, to tell keys apart. */
  prefix: string;
  /** When it was created (ISO). */
  created: string;
  /** When it last opened a request (ISO), or null. */
  lastUsed: string | null;
}

/** The local provider's agent keys (an extension of spec section 7). */
export interface KeyCalls {
  /** GET /api/keys. */
  listKeys(): Promise<AgentKeySummary[]>;
  /** POST /api/keys: the new key, whose text this answer alone holds. */
  createKey(settings: { name: string; agents?: string[]; origins?: string[]; rate?: number }): Promise<AgentKeySummary & { key: string }>;
  /** DELETE /api/keys/{name}: resolves to false when there was none. */
  revokeKey(name: string): Promise<boolean>;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isSummary = (value: unknown): value is AgentKeySummary =>
  isRecord(value) &&
  typeof value.name === 'string' &&
  typeof value.prefix === 'string' &&
  isStrings(value.agents) &&
  isStrings(value.origins) &&
  typeof value.rate === 'number' &&
  typeof value.created === 'string' &&
  (value.lastUsed === null || typeof value.lastUsed === 'string');
const isCreated = (value: unknown): value is AgentKeySummary & { key: string } =>
  isSummary(value) && 'key' in value && typeof value.key === 'string';
const isKeyList = (value: unknown): value is { keys: AgentKeySummary[] } =>
  isRecord(value) && Array.isArray(value.keys) && value.keys.every(isSummary);

/** The key calls over one transport (the bearer token, as every plan call). */
export function createKeyCalls(transport: Transport): KeyCalls {
  return {
    async listKeys() {
      const call: Call = { method: 'GET', path: '/api/keys', audience: 'plan', failure: keyMessages.failedToListKeys };
      return transport.send(call, (json) => expectShape(json, isKeyList).keys);
    },
    async createKey(settings) {
      const call: Call = { method: 'POST', path: '/api/keys', audience: 'plan', body: settings, failure: keyMessages.failedToCreateKey };
      return transport.send(call, (json) => expectShape(json, isCreated));
    },
    async revokeKey(name) {
      const path = `/api/keys/${encodeURIComponent(name)}`;
      const call: Call = { method: 'DELETE', path, audience: 'plan', failure: keyMessages.failedToRevokeKey };
      const reply = await transport.exchange(call);
      if (reply.status === 404) return false;
      if (!reply.ok) throw transport.httpError(call, reply);
      return true;
    },
  };
}
