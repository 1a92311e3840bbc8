import { isRecord } from '../model/paths.js';
import type { JsonObject, JsonValue } from '../model/types.js';
import type { FieldSpec } from '../model/fields.js';
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

/** A field that holds a secret: a `secret` field, or a list whose credential items' values are (HTTP headers). */
export const isSecretField = (field: FieldSpec): boolean => field.kind === 'secret' || field.secretValues === true;

/** The slots of one secret field at `holder[key]`: the field itself, or each credential item of its list. */
function fieldSlots(field: FieldSpec, holder: JsonObject, key: string, at: string): SecretSlot[] {
  if (field.kind === 'secret') return holder[key] === undefined ? [] : [keySlot(holder, key, `${at}.${key}`, envWord(key))];
  const items = holder[key];
  if (!Array.isArray(items)) return [];
  return items.flatMap((item, j): SecretSlot[] => {
    if (!isRecord(item) || typeof item.name !== 'string' || !isCredentialHeader(item.name)) return [];
    const value = item.value;
    return [
      {
        path: `${at}.${key}[${j}].value`,
        label: envWord(item.name),
        value,
        plain: typeof value === 'string' && isPlainCredential(value) ? value : undefined,
        shape: 'text',
        set: (next) => {
          item.value = next;
        },
      },
    ];
  });
}

/**
 * The secret slots of one function's metadata, as its type's fields say (`api_key`, each call's
 * `bearer_token`, the value of each credential header: Authorization, X-Api-Key…). A field of a
 * list (`apicalls.0.bearer_token`) is taken in every item, item by item, so slots come in document
 * order. `set` changes `metadata` in place.
 */
export function secretSlots(metadata: JsonObject, at: string, fields: readonly FieldSpec[]): SecretSlot[] {
  const slots: SecretSlot[] = [];
  const lists = new Map<string, { field: FieldSpec; key: string }[]>();
  for (const field of fields.filter(isSecretField)) {
    const [list, index, ...rest] = field.key.split('.');
    if (index === '0' && list !== undefined && rest.length === 1 && rest[0] !== undefined) {
      lists.set(list, [...(lists.get(list) ?? []), { field, key: rest[0] }]);
    } else if (index === undefined && list !== undefined) {
      slots.push(...fieldSlots(field, metadata, list, at));
    }
  }
  for (const [list, listFields] of lists) {
    const items = metadata[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item, i) => {
      if (!isRecord(item)) return;
      for (const { field, key } of listFields) slots.push(...fieldSlots(field, item, key, `${at}.${list}[${i}]`));
    });
  }
  return slots;
}
