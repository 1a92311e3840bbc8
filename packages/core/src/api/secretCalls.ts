import { parseJsonValue } from '../model/paths.js';
import { secretMessages } from '../messages.js';
import { isRecord } from './guards.js';
import { expectShape, invalidInput } from './transport.js';
import type { Call, Transport } from './transport.js';

/** A secret as the provider lists it: its name and when it was set, never its value. */
export interface SecretSummary {
  name: string;
  updatedAt: string;
}

/** The local provider's secret store (an extension of spec section 7). */
export interface SecretCalls {
  /** GET /api/secrets: the names and when each was set. */
  listSecrets(): Promise<SecretSummary[]>;
  /** PUT /api/secrets/{name}: sets one; resolves to whether it was new. */
  setSecret(name: string, value: string): Promise<{ created: boolean; secret: SecretSummary }>;
  /** DELETE /api/secrets/{name}: resolves to false when there was none. */
  deleteSecret(name: string): Promise<boolean>;
}

const isSummary = (value: unknown): value is SecretSummary =>
  isRecord(value) && typeof value.name === 'string' && typeof value.updatedAt === 'string';
const isSecretList = (value: unknown): value is { secrets: SecretSummary[] } =>
  isRecord(value) && Array.isArray(value.secrets) && value.secrets.every(isSummary);

const secretPath = (name: string): string => `/api/secrets/${encodeURIComponent(name)}`;

/** The secret calls over one transport (the bearer token, as every plan call). */
export function createSecretCalls(transport: Transport): SecretCalls {
  return {
    async listSecrets() {
      const call: Call = { method: 'GET', path: '/api/secrets', audience: 'plan', failure: secretMessages.failedToListSecrets };
      return transport.send(call, (json) => expectShape(json, isSecretList).secrets);
    },
    async setSecret(name, value) {
      if (name === '' || value === '') throw invalidInput(secretMessages.failedToSetSecret('a secret needs a name and a value'));
      const call: Call = {
        method: 'PUT',
        path: secretPath(name),
        audience: 'plan',
        body: { value },
        failure: secretMessages.failedToSetSecret,
      };
      const reply = await transport.exchange(call);
      if (!reply.ok) throw transport.httpError(call, reply);
      const json = parseJsonValue(reply.text);
      return { created: reply.status === 201, secret: expectShape(json, isSummary) };
    },
    async deleteSecret(name) {
      const call: Call = { method: 'DELETE', path: secretPath(name), audience: 'plan', failure: secretMessages.failedToDeleteSecret };
      const reply = await transport.exchange(call);
      if (reply.status === 404) return false;
      if (!reply.ok) throw transport.httpError(call, reply);
      return true;
    },
  };
}
