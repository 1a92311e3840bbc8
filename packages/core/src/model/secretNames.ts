import type { JsonObject, JsonValue } from './types.js';

/**
 * The secret policy's words: which names and values are secrets. The slots of a flow file
 * (secretSlots), the plain-secret rule and the compiled prompt's redaction all read them here.
 */

/** Headers whose value is a credential: kept as `{ env }` references, refused in plain text. */
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|x-auth-token)$/i;
/** Any name that reads as a secret (wider than the credential headers): its value is never shown. */
const SECRET_NAME = /api[_-]?key|token|secret|passw(or)?d|bearer|authori[sz]ation|credential|cookie/i;
/** A value that is a credential by itself: an authorization scheme and something after it. */
const SCHEME_VALUE = /^\s*(bearer|basic)\s+\S/i;
const SCHEME_PREFIX = /^(bearer|basic|token)\s*/i;
// `{token}` or `{{token}}`: a template filled at run time, not a secret.
const PLACEHOLDER = /^\{\{?[^{}]+\}?\}$/;

/** Whether a header carries a credential (Authorization, X-Api-Key…). */
export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADER.test(name.trim());
}

/** Whether a field or header name holds a secret, whose value must never be shown. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Whether a value reads as a secret by itself (`Bearer …`, `Basic …`). */
export function isSecretValue(value: string): boolean {
  return SCHEME_VALUE.test(value);
}

/** A credential written out, not empty and not a `{template}`; a `Bearer `/`Basic ` scheme alone is none. */
export function isPlainCredential(value: string): boolean {
  const credential = value.trim().replace(SCHEME_PREFIX, '');
  return credential !== '' && !PLACEHOLDER.test(credential);
}

/** The text that stands for a hidden secret in a compiled prompt. */
export const HIDDEN = '(hidden)';

/** A copy of a JSON value with the values of secret-named fields (and credential values) hidden. */
export function redactSecrets(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value === 'string') return isSecretValue(value) ? HIDDEN : value;
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretName(k) ? HIDDEN : redactSecrets(v);
  return out;
}
