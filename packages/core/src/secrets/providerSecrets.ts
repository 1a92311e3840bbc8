import { secretMessages } from '../messages.js';
import type { FlowDocument } from '../format/types.js';
import { ruleFinding, type Finding } from '../model/ruleCodes.js';
import { isEnvReference } from '../functions/secretSlots.js';
import { mapSecretSlots } from './mapSecretSlots.js';

/**
 * The provider's own settings: never a secret of its store, so no flow can name them (the model
 * key, the token, the database's address and password, the key of the store itself).
 */
export const PROVIDER_SETTINGS: readonly string[] = [
  'FLOW_TOKEN',
  'FLOW_MODEL',
  'FLOW_MODEL_BASE_URL',
  'FLOW_MODEL_API_KEY',
  'FLOW_RUNTIME_ALLOW_PRIVATE',
  'FLOW_SKILLS',
  'FLOW_DATABASE_URL',
  'FLOW_PUBLIC_URL',
  'FLOW_SECRETS_KEY',
  'FLOW_API_URL',
  'FLOW_EDITOR_DIR',
  'DATABASE_URL',
  'PGPASSWORD',
  'PGPASSFILE',
  'PGUSER',
  'PGHOST',
  'PGPORT',
  'PGDATABASE',
  'PGSERVICEFILE',
];

/** A secret's name in the provider's store: a variable name (letters, digits, `_`), 64 characters at most. */
export const SECRET_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Why a name cannot be a secret of the provider's store, or null when it can. */
export function secretNameProblem(name: string): string | null {
  if (!SECRET_NAME_PATTERN.test(name)) return secretMessages.invalidSecretName(name.slice(0, 80));
  if (PROVIDER_SETTINGS.includes(name.toUpperCase())) return secretMessages.reservedSecretName(name);
  return null;
}

/**
 * The name in a tool's error that says its secret is not in the provider's store, so a client can
 * point at the Secrets page; undefined for any other error.
 * @example unsetSecretOf('Secret ORDERS_TOKEN is not set on the provider') // 'ORDERS_TOKEN'
 */
export function unsetSecretOf(error: string): string | undefined {
  const [before, after] = secretMessages.notSetOnProvider('\n').split('\n');
  if (before === undefined || after === undefined || !error.startsWith(before) || !error.endsWith(after)) return undefined;
  const name = error.slice(before.length, error.length - after.length);
  return SECRET_NAME_PATTERN.test(name) ? name : undefined;
}

/** Every secret name the flow references (`{ "env": NAME }`), once each, in walk order. */
export function referencedSecretNames(doc: FlowDocument): string[] {
  const names = new Set<string>();
  mapSecretSlots(doc, (slot) => {
    if (isEnvReference(slot.value)) names.add(slot.value.env);
  });
  return [...names];
}

/**
 * A finding for each secret reference the provider cannot resolve: not in its store, or one of
 * its own settings. `isSet` says whether the store has a name.
 * @example unsetSecretFindings(doc, (name) => stored.has(name)) // [{ code: 'secret-not-set', message: 'Secret ORDERS_TOKEN is not set on the provider', … }]
 */
export function unsetSecretFindings(doc: FlowDocument, isSet: (name: string) => boolean): Finding[] {
  const findings: Finding[] = [];
  mapSecretSlots(doc, (slot) => {
    if (!isEnvReference(slot.value)) return;
    const name = slot.value.env;
    if (secretNameProblem(name) !== null || !isSet(name))
      findings.push(ruleFinding('secret-not-set', slot.path, secretMessages.notSetOnProvider(name)));
  });
  return findings;
}
