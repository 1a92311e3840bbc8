import { isRecord } from '../model/paths.js';
import type { JsonObject, JsonValue } from '../model/types.js';
import { isCredentialHeader, isPlainCredential } from '../model/secretNames.js';

/** `{ "env": "NAME" }`: a secret kept in the environment. */
export function isEnvReference(value: JsonValue | undefined): value is { env: string } {
  return isRecord(value) && typeof value.env === 'string' && Object.keys(value).length === 1;
}

/** A secret field of a function's metadata: where it is, its value, and how to replace it. */
export interface SecretSlot {
  /** JSON path, e.g. `$.nodes[2].data.metadata.api_key`. */
  path: string;
  /** What the slot holds, upper snake case (`API_KEY`, `BEARER_TOKEN`, `AUTHORIZATION`). */
  label: string;
  value: JsonValue | undefined;
  /** The plain credential, when the slot holds one. */
  plain: string | undefined;
  /** A field holds `{ key }` when plain; a header holds the credential itself. */
  shape: 'key' | 'text';
  set(value: JsonValue): void;
}

/** Upper snake case of a name, for environment variable names. */
export function envWord(text: string): string {
  const word = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return word === '' ? 'NODE' : word;
}

function keySlot(holder: JsonObject, key: string, path: string, label: string): SecretSlot {
  const value = holder[key];
  const text = typeof value === 'string' ? value : isRecord(value) && typeof value.key === 'string' ? value.key : undefined;
  return {
    path,
    label,
    value,
    plain: text !== undefined && isPlainCredential(text) ? text : undefined,
    shape: 'key',
    set: (next) => {
      holder[key] = next;
    },
  };
}

/**
 * The secret fields of one function's metadata: `api_key`, each call's `bearer_token`, and the
 * value of each credential header (Authorization, X-Api-Key…). `set` changes `metadata` in place.
 */
export function secretSlots(metadata: JsonObject, at: string): SecretSlot[] {
  const slots: SecretSlot[] = [];
  if (metadata.api_key !== undefined) slots.push(keySlot(metadata, 'api_key', `${at}.api_key`, 'API_KEY'));
  const calls = metadata.apicalls;
  if (!Array.isArray(calls)) return slots;
  calls.forEach((call, i) => {
    if (!isRecord(call)) return;
    if (call.bearer_token !== undefined) slots.push(keySlot(call, 'bearer_token', `${at}.apicalls[${i}].bearer_token`, 'BEARER_TOKEN'));
    if (!Array.isArray(call.headers)) return;
    call.headers.forEach((header, j) => {
      if (!isRecord(header) || typeof header.name !== 'string' || !isCredentialHeader(header.name)) return;
      const value = header.value;
      slots.push({
        path: `${at}.apicalls[${i}].headers[${j}].value`,
        label: envWord(header.name),
        value,
        plain: typeof value === 'string' && isPlainCredential(value) ? value : undefined,
        shape: 'text',
        set: (next) => {
          header.value = next;
        },
      });
    });
  });
  return slots;
}
