import type { SecretValue } from './metadataParts.js';
import { getAtPath } from './paths.js';

const ENV_TEXT = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/;

/**
 * A secret field's value as the person writes it: `${env:NAME}` for an environment reference,
 * the key itself otherwise, '' when there is none.
 * @example secretToText({ env: 'OPENAI_API_KEY' }) // '${env:OPENAI_API_KEY}'
 */
export function secretToText(value: unknown): string {
  if (typeof value === 'string') return value;
  const env = getAtPath(value, 'env');
  if (typeof env === 'string') return `\${env:${env}}`;
  const key = getAtPath(value, 'key');
  return typeof key === 'string' ? key : '';
}

/**
 * The value to store for what the person wrote in a secret field: `{ env }` for `${env:NAME}`,
 * `{ key }` for anything else (spec section 3: `{key}` when present), null when empty.
 * @example secretFromText('${env:API_TOKEN}') // { env: 'API_TOKEN' }
 */
export function secretFromText(text: string): SecretValue | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const env = ENV_TEXT.exec(trimmed)?.[1];
  return env === undefined ? { key: text } : { env };
}
