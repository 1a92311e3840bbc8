import { flowMessages } from '../messages.js';
import { getAtPath } from '../model/paths.js';
import type { Finding, JsonObject } from '../model/types.js';
import { ruleFinding } from '../rules/ruleCodes.js';
import { isPlainCredential } from '../secrets/secretSlots.js';

const plainSecret = (path: string): Finding => ruleFinding('plain-secret', path, flowMessages.plainSecret);

/** A secret field (`{ key }`, or a bare string of an old flow) written in plain text. */
export function plainSecretFindings(metadata: JsonObject, key: string, path: string): Finding[] {
  const value = getAtPath(metadata, key);
  const plain = typeof value === 'string' ? value : getAtPath(value, 'key');
  return typeof plain === 'string' && isPlainCredential(plain) ? [plainSecret(path)] : [];
}

/** Credentials in plain text in the Authorization headers and bearer tokens of the calls. */
export function httpSecretFindings(metadata: JsonObject, path: string): Finding[] {
  const calls = metadata['apicalls'];
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((call, i) => {
    const at = `${path}.apicalls[${i}]`;
    const findings = plainSecretFindings({ call }, 'call.bearer_token', `${at}.bearer_token`);
    const headers = getAtPath(call, 'headers');
    if (!Array.isArray(headers)) return findings;
    headers.forEach((header: unknown, j) => {
      const name = getAtPath(header, 'name');
      const value = getAtPath(header, 'value');
      if (typeof name !== 'string' || name.trim().toLowerCase() !== 'authorization') return;
      if (typeof value === 'string' && isPlainCredential(value)) findings.push(plainSecret(`${at}.headers[${j}].value`));
    });
    return findings;
  });
}

/** Every plain secret of metadata of any type (used for types Flow does not know). */
export function anySecretFindings(metadata: JsonObject, path: string): Finding[] {
  return [...plainSecretFindings(metadata, 'api_key', `${path}.api_key`), ...httpSecretFindings(metadata, path)];
}
