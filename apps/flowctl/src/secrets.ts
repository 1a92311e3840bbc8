import { walkOrder, type FlowDocument, type FlowNode, type JsonObject, type JsonValue } from '@flow/core';

/** A secret moved out of a flow into an environment variable, or one read back from it. */
export interface SecretReference {
  /** JSON path of the value, e.g. `$.nodes[2].data.metadata.api_key`. */
  path: string;
  env: string;
}

const SECRET_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|x-auth-token)$/i;
// `{token}` or `{{token}}`: a template filled at run time, not a secret.
const PLACEHOLDER = /^\{\{?[^{}]+\}?\}$/;

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ "env": "NAME" }`: a secret kept in the environment. */
export function isEnvReference(value: JsonValue | undefined): value is { env: string } {
  return isObject(value) && typeof value.env === 'string' && Object.keys(value).length === 1;
}

function isPlainCredential(value: string): boolean {
  const credential = value.trim().replace(/^(bearer|basic|token)\s*/i, '');
  return credential !== '' && !PLACEHOLDER.test(credential);
}

/** Upper snake case of a name, for environment variable names. */
function envWord(text: string): string {
  const word = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return word === '' ? 'NODE' : word;
}

/** A secret slot of a function's metadata: where it is, its value, and how to replace it. */
interface SecretSlot {
  path: string;
  label: string;
  value: JsonValue | undefined;
  /** The plain credential, when the slot holds one. */
  plain: string | undefined;
  set(value: JsonValue): void;
}

/** The secret slots of one function's metadata (a copy the caller may change through `set`). */
function secretSlots(metadata: JsonObject, at: string): SecretSlot[] {
  const slots: SecretSlot[] = [];
  const apiKey = metadata.api_key;
  if (apiKey !== undefined) {
    const key = typeof apiKey === 'string' ? apiKey : isObject(apiKey) && typeof apiKey.key === 'string' ? apiKey.key : undefined;
    slots.push({
      path: `${at}.api_key`,
      label: 'API_KEY',
      value: apiKey,
      plain: key !== undefined && key !== '' && !PLACEHOLDER.test(key) ? key : undefined,
      set: (value) => {
        metadata.api_key = value;
      },
    });
  }
  const calls = metadata.apicalls;
  if (!Array.isArray(calls)) return slots;
  calls.forEach((call, i) => {
    if (!isObject(call)) return;
    const token = call.bearer_token;
    if (token !== undefined) {
      const key = isObject(token) && typeof token.key === 'string' ? token.key : typeof token === 'string' ? token : undefined;
      slots.push({
        path: `${at}.apicalls[${i}].bearer_token`,
        label: 'BEARER_TOKEN',
        value: token,
        plain: key !== undefined && isPlainCredential(key) ? key : undefined,
        set: (next) => {
          call.bearer_token = next;
        },
      });
    }
    if (!Array.isArray(call.headers)) return;
    call.headers.forEach((header, j) => {
      if (!isObject(header) || typeof header.name !== 'string' || !SECRET_HEADER.test(header.name.trim())) return;
      const value = header.value;
      slots.push({
        path: `${at}.apicalls[${i}].headers[${j}].value`,
        label: envWord(header.name),
        value,
        plain: typeof value === 'string' && isPlainCredential(value) ? value : undefined,
        set: (next) => {
          header.value = next;
        },
      });
    });
  });
  return slots;
}

/** A deep copy of a function node's metadata, so slots can be set without touching the input. */
function copyMetadata(metadata: JsonObject): JsonObject {
  return structuredClone(metadata);
}

/** Applies `change` to the metadata of every function node with secret slots, in walk order. */
function mapSecretSlots(doc: FlowDocument, change: (slot: SecretSlot, node: FlowNode) => void): FlowDocument {
  const order = new Map(walkOrder(doc).map((node, i) => [node.id, i]));
  const indexed = doc.nodes.map((node, index) => ({ node, index }));
  indexed.sort((a, b) => (order.get(a.node.id) ?? a.index) - (order.get(b.node.id) ?? b.index));
  const nodes = [...doc.nodes];
  for (const { node, index } of indexed) {
    if (node.type !== 'function') continue;
    const metadata = copyMetadata(node.data.metadata);
    const slots = secretSlots(metadata, `$.nodes[${index}].data.metadata`);
    if (slots.length === 0) continue;
    for (const slot of slots) change(slot, node);
    nodes[index] = { ...node, data: { ...node.data, metadata } };
  }
  return { ...doc, nodes };
}

/**
 * Moves every plain secret (an `api_key`, a credential in an Authorization or API-key header) into
 * an environment reference `{ "env": "FLOW_<NODE>_<WHAT>" }`. Names are unique and depend only on
 * the flow, so redacting twice writes the same bytes.
 */
export function redactFlowSecrets(doc: FlowDocument): { doc: FlowDocument; moved: SecretReference[] } {
  const moved: SecretReference[] = [];
  const taken = new Set<string>();
  mapSecretSlots(doc, (slot) => {
    if (isEnvReference(slot.value)) taken.add(slot.value.env);
  });
  const result = mapSecretSlots(doc, (slot, node) => {
    if (slot.plain === undefined) return;
    const base = `FLOW_${envWord(node.data.name || node.id)}_${slot.label}`;
    let env = base;
    for (let n = 2; taken.has(env); n++) env = `${base}_${n}`;
    taken.add(env);
    slot.set({ env });
    moved.push({ path: slot.path, env });
  });
  return { doc: moved.length === 0 ? doc : result, moved };
}

/**
 * Replaces every `{ "env": NAME }` secret with the variable's value (`api_key` and `bearer_token`
 * become `{ key }`, a header its plain value). Variables that are not set are listed in `missing`.
 */
export function resolveFlowSecrets(
  doc: FlowDocument,
  env: Readonly<Record<string, string | undefined>>,
): { doc: FlowDocument; resolved: SecretReference[]; missing: SecretReference[] } {
  const resolved: SecretReference[] = [];
  const missing: SecretReference[] = [];
  const result = mapSecretSlots(doc, (slot) => {
    if (!isEnvReference(slot.value)) return;
    const reference = { path: slot.path, env: slot.value.env };
    const value = env[slot.value.env];
    if (value === undefined || value === '') {
      missing.push(reference);
      return;
    }
    // A secret field (api_key, bearer_token) holds `{ key }`; a header holds its plain value.
    slot.set(slot.path.endsWith('.api_key') || slot.path.endsWith('.bearer_token') ? { key: value } : value);
    resolved.push(reference);
  });
  return { doc: resolved.length === 0 ? doc : result, resolved, missing };
}
