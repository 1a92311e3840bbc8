import { secretMessages } from '../messages.js';
import type { FlowDocument } from '../format/types.js';
import { envWord, isEnvReference } from '../functions/secretSlots.js';
import { mapSecretSlots } from './mapSecretSlots.js';

/** A secret moved out of a flow into an environment variable, or one read back from it. */
export interface SecretReference {
  /** JSON path of the value, e.g. `$.nodes[2].data.metadata.api_key`. */
  path: string;
  env: string;
}

/** A secret reference whose variable is not set, and the node that uses it. */
export interface MissingSecret extends SecretReference {
  nodeId: string;
}

/**
 * Moves every plain secret (an `api_key`, a bearer token, a credential header) into an environment
 * reference `{ "env": "FLOW_<NODE>_<WHAT>" }`. Names are unique and depend only on the flow, so
 * moving twice writes the same bytes.
 * @example moveSecretsToEnv(doc).moved // [{ path: '$.nodes[0].data.metadata.api_key', env: 'FLOW_ASK_MODEL_API_KEY' }]
 */
export function moveSecretsToEnv(doc: FlowDocument): { doc: FlowDocument; moved: SecretReference[] } {
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

/** The JSON paths of the secrets written in plain text, in walk order. */
export function plainSecretPaths(doc: FlowDocument): string[] {
  const paths: string[] = [];
  mapSecretSlots(doc, (slot) => {
    if (slot.plain !== undefined) paths.push(slot.path);
  });
  return paths;
}

/**
 * Replaces every `{ "env": NAME }` secret with the variable's value (`api_key` and `bearer_token`
 * become `{ key }`, a header its plain value). Variables that are not set are listed in `missing`.
 */
export function resolveSecrets(
  doc: FlowDocument,
  env: Readonly<Record<string, string | undefined>>,
): { doc: FlowDocument; resolved: SecretReference[]; missing: MissingSecret[] } {
  const resolved: SecretReference[] = [];
  const missing: MissingSecret[] = [];
  const result = mapSecretSlots(doc, (slot, node) => {
    if (!isEnvReference(slot.value)) return;
    const reference = { path: slot.path, env: slot.value.env };
    const value = Object.hasOwn(env, slot.value.env) ? env[slot.value.env] : undefined;
    if (value === undefined || value === '') {
      missing.push({ ...reference, nodeId: node.id });
      return;
    }
    slot.set(slot.shape === 'key' ? { key: value } : value);
    resolved.push(reference);
  });
  return { doc: resolved.length === 0 ? doc : result, resolved, missing };
}

/** The names of the missing variables, once each, as one message. */
export function missingSecretsMessage(missing: readonly SecretReference[]): string {
  return secretMessages.missingSecretVariables([...new Set(missing.map((m) => m.env))].join(', '));
}

/**
 * Both flows with every plain secret replaced by `(secret N)`, the same N for the same value, so
 * a diff of the two still shows that a key changed but never shows a key. References stay.
 * @example maskSecretPair(a, b) // api_key { key: 'sk-1' } -> { key: '(secret 1)' } in both
 */
export function maskSecretPair(a: FlowDocument, b: FlowDocument): [FlowDocument, FlowDocument] {
  const numbers = new Map<string, number>();
  const mask = (doc: FlowDocument): FlowDocument =>
    mapSecretSlots(doc, (slot) => {
      if (slot.plain === undefined) return;
      const raw = typeof slot.value === 'string' ? slot.value : slot.plain;
      const n = numbers.get(raw) ?? numbers.size + 1;
      numbers.set(raw, n);
      const shown = secretMessages.maskedSecret(n);
      slot.set(slot.shape === 'key' ? { key: shown } : shown);
    });
  return [mask(a), mask(b)];
}

const TOKEN_CHAR = 'A-Za-z0-9._~+-';
/** Shorter than this, a token is too likely to be a word: it is replaced only where it is used as one. */
const SHORT_TOKEN = 8;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of one token as `redactTokens` replaces it (exact, never inside a longer word; a short one only in use as a token). */
function tokenPattern(token: string): RegExp {
  const exact = `(?<![${TOKEN_CHAR}])${escapeRegExp(token)}(?![${TOKEN_CHAR}])`;
  const context = token.length < SHORT_TOKEN ? '(?<=(?:[Bb]earer |--token[ =]|[Tt]oken[=:] ?|FLOW_TOKEN=))' : '';
  return new RegExp(`${context}${exact}`, 'g');
}

/**
 * `text` with each of `tokens` replaced by `***`: the exact token only, never part of a longer
 * word; a short token (under 8 characters) only after `Bearer `, `--token`, `token=`/`token:` or
 * `FLOW_TOKEN=`.
 * @example redactTokens('a flow, Bearer a', ['a']) // 'a flow, Bearer ***'
 */
export function redactTokens(text: string, tokens: readonly string[]): string {
  let safe = text;
  for (const token of tokens) {
    if (token === '') continue;
    safe = safe.replace(tokenPattern(token), '***');
  }
  return safe;
}

/** How much already-sent text a stream keeps to judge what precedes a token (`Bearer `, `FLOW_TOKEN=`, a word). */
const LOOKBEHIND = 32;

/** A stream of text pieces (a model's streamed answer) with `redactTokens`' masking, sent as soon as it is safe. */
export interface StreamRedactor {
  /** The text that may be sent now: everything but a tail that could still become (or end) a token. */
  push(piece: string): string;
  /** The rest, masked, when the stream ends. */
  end(): string;
}

/**
 * Masks `tokens` in a stream as `redactTokens` masks the whole text: no piece of a token is ever
 * sent, and only the shortest tail that might still be one is held back (none without tokens).
 * Where tokens overlap one another, every character of any match is masked.
 */
export function createStreamRedactor(tokens: readonly string[]): StreamRedactor {
  const wanted = tokens.filter((token) => token !== '');
  const patterns = wanted.map(tokenPattern);
  let raw = '';
  let sent = 0;
  // The longest tail of the unsent text that is the start of a token (a whole token too: what follows decides).
  const heldFrom = (): number => {
    for (let start = sent; start < raw.length; start++) {
      const tail = raw.slice(start);
      if (wanted.some((token) => token.startsWith(tail))) return start;
    }
    return raw.length;
  };
  const release = (cutAt: number): string => {
    const from = Math.max(0, sent - LOOKBEHIND);
    const window = raw.slice(from);
    let cut = cutAt;
    const spans: [number, number][] = [];
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      for (const match of window.matchAll(pattern)) {
        const start = from + match.index;
        const stop = start + match[0].length;
        if (stop <= sent || start >= cutAt) continue;
        spans.push([start, stop]);
      }
    }
    // A match that runs past the cut is held back whole (which may bring the cut into another).
    for (let moved = true; moved;) {
      moved = false;
      for (const [start, stop] of spans) {
        if (start < cut && stop > cut) {
          cut = start;
          moved = true;
        }
      }
    }
    let out = '';
    let at = sent;
    for (const [start, stop] of spans.filter(([start]) => start < cut).sort((a, b) => a[0] - b[0])) {
      if (stop <= at) continue;
      out += raw.slice(at, Math.max(at, start)) + (start >= at ? '***' : '');
      at = stop;
    }
    out += raw.slice(at, Math.max(at, cut));
    sent = Math.max(at, cut);
    return out;
  };
  return {
    push(piece) {
      raw += piece;
      if (wanted.length === 0) {
        sent = raw.length;
        return piece;
      }
      return release(heldFrom());
    },
    end() {
      return wanted.length === 0 ? '' : release(raw.length);
    },
  };
}
