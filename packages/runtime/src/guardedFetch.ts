import { isCredentialHeader, isSecretName, urlWithoutCredentials } from '@flow/core';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, Headers, type Dispatcher } from 'undici';
import {
  BlockedAddressError,
  checkUrl,
  isPrivateAddress,
  pinnedLookup,
  systemResolve,
  type AddressRule,
  type Resolve,
} from './netGuard.js';

/** Redirects followed at most, each hop checked as the first request was. */
export const MAX_REDIRECTS = 5;

/** One request made on a flow's behalf. */
export interface GuardedRequestInit {
  method: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
  /** Names of headers that hold a flow's secrets: dropped with the credential headers when a redirect leaves the origin. */
  secretHeaders?: readonly string[];
}

/** Where host names resolve and which addresses count as private: the system's and `isPrivateAddress` unless a test gives its own. */
export interface NetworkSeams {
  resolve?: Resolve;
  isPrivate?: AddressRule;
}

/** What a request may reach, and how long and how much it may take. */
export interface GuardPolicy extends NetworkSeams {
  /** Loopback, private and link-local addresses too (local development, the provider's own model URL). */
  allowPrivateNetwork: boolean;
  /** For the whole exchange: every redirect and the body included. */
  timeoutMs: number;
  /** Bytes of the answer's body read at most. */
  maxResponseBytes: number;
}

/** An answer, read only within the policy's size cap. */
export interface GuardedResponse {
  status: number;
  statusText: string;
  ok: boolean;
  headers: Headers;
  /** The URL that answered, after any redirects. */
  url: URL;
  /** The body as it arrives; an error once it passes the cap. */
  chunks(): AsyncIterable<Uint8Array>;
  /** The body as text up to the cap; `cut` when there was more. */
  text(): Promise<{ text: string; cut: boolean }>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Methods fetch never sends (and so neither does the guard). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** Headers that describe a body: gone with the body when a redirect turns the request into a GET. */
const BODY_HEADER = /^content-/i;

// One connection pool per rule and resolver: a connection is reused only under the rule that checked its address.
const pools = new WeakMap<Resolve, Map<AddressRule | null, Dispatcher>>();

function poolFor(refuses: AddressRule | null, resolve: Resolve): Dispatcher {
  let byRule = pools.get(resolve);
  if (byRule === undefined) pools.set(resolve, (byRule = new Map<AddressRule | null, Dispatcher>()));
  let pool = byRule.get(refuses);
  if (pool === undefined) byRule.set(refuses, (pool = new Agent({ connect: { lookup: pinnedLookup(refuses, resolve) } })));
  return pool;
}

/** What fetch adds to a request that does not say otherwise: the same request leaves as before. */
function withFetchDefaults(headers: Record<string, string>, url: URL, body: string | undefined): Record<string, string> {
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const defaults: [string, string][] = [
    ['accept', '*/*'],
    ['accept-language', '*'],
    ['sec-fetch-mode', 'cors'],
    ['user-agent', 'undici'],
    ['accept-encoding', url.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate'],
  ];
  if (body !== undefined) defaults.push(['content-type', 'text/plain;charset=UTF-8']);
  const added = defaults.filter(([name]) => !given.has(name));
  return added.length === 0 ? headers : { ...headers, ...Object.fromEntries(added) };
}

/** The answer's headers as fetch gives them. */
function headersOf(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

// Lenient as fetch is: an answer cut at the end still gives what it had.
const LENIENT = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const DECODERS = new Map<string, () => Transform>([
  ['gzip', () => createGunzip(LENIENT)],
  ['x-gzip', () => createGunzip(LENIENT)],
  ['deflate', () => createInflate(LENIENT)],
  ['br', () => createBrotliDecompress({ flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH })],
]);

/** The body decoded as fetch decodes it (the codings it asks for, last applied first); as it came for a coding it does not know. */
function decoded(body: Dispatcher.ResponseData['body'], encoding: string | string[] | undefined): AsyncIterable<Uint8Array> {
  const codings = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? ''))
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  const decoders = codings.flatMap((coding) => {
    const decoder = DECODERS.get(coding);
    return decoder === undefined ? [] : [decoder];
  });
  if (decoders.length === 0 || decoders.length !== codings.length || decoders.length > 5) return body;
  // Errors reach the last stream, which the reader iterates.
  let stream: Readable = body;
  for (const decoder of decoders) stream = pipeline(stream, decoder(), () => undefined);
  return bytesOf(stream);
}

async function* bytesOf(stream: Readable): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) {
    const bytes: unknown = chunk;
    if (bytes instanceof Uint8Array) yield bytes;
  }
}

const isAbort = (error: unknown): boolean => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** A failure as fetch says it (`message` with the reason as its cause), so every caller's words stay the same; time-outs as they are. */
const asFetchError = (error: unknown, message: string): unknown => (isAbort(error) ? error : new TypeError(message, { cause: error }));

/** The headers without credentials: the well-known ones, any secret-named one and the flow's secret headers. */
function withoutCredentials(headers: Record<string, string>, secretHeaders: readonly string[]): Record<string, string> {
  const secret = new Set(secretHeaders.map((h) => h.toLowerCase()));
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !isCredentialHeader(name) && !isSecretName(name) && !secret.has(name.toLowerCase())),
  );
}

/** The method after a redirect, as browsers do: 303 (and 301/302 after a POST) turn into a GET without a body. */
function turnsIntoGet(status: number, method: string): boolean {
  return (status === 303 && method !== 'GET' && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
}

function capped(response: Dispatcher.ResponseData, url: URL, cap: number): GuardedResponse {
  const raw = response.body;
  const body = decoded(raw, response.headers['content-encoding']);
  // The body's own errors said as fetch says them ('terminated').
  async function* read(): AsyncGenerator<Uint8Array> {
    try {
      // A reader that stops before the end (a stream's [DONE] read before its last bytes) leaves the rest read and
      // dropped, not the body destroyed: the connection stays for the next request and no abort is raised.
      yield* body === raw ? raw.iterator({ destroyOnReturn: false }) : body;
    } catch (error) {
      throw asFetchError(error, 'terminated');
    } finally {
      if (body === raw && !raw.readableEnded && !raw.destroyed) void raw.dump().catch(() => undefined);
    }
  }
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let size = 0;
    for await (const chunk of read()) {
      size += chunk.length;
      if (size > cap) throw new Error(`The answer of ${urlWithoutCredentials(url)} is larger than ${cap} bytes`);
      yield chunk;
    }
  }
  const status = response.statusCode;
  return {
    status,
    statusText: response.statusText,
    ok: status >= 200 && status <= 299,
    headers: headersOf(response.headers),
    url,
    chunks,
    async text() {
      const parts: Buffer[] = [];
      let size = 0;
      for await (const chunk of read()) {
        const room = cap - size;
        if (chunk.length > room) {
          parts.push(Buffer.from(chunk.subarray(0, room)));
          return { text: Buffer.concat(parts).toString('utf8'), cut: true };
        }
        parts.push(Buffer.from(chunk));
        size += chunk.length;
      }
      return { text: Buffer.concat(parts).toString('utf8'), cut: false };
    },
  };
}

/**
 * The one way a request leaves on a flow's behalf (HTTP tools, webhooks, the model): checks the URL,
 * connects only to addresses it checked (pinned in the connection's own lookup), follows redirects
 * itself (at most 5, each hop checked again), drops credentials when a redirect changes origin,
 * turns 303 into a GET, and caps the time and the size of the answer.
 */
export async function guardedFetch(url: URL | string, init: GuardedRequestInit, policy: GuardPolicy): Promise<GuardedResponse> {
  const refuses = policy.allowPrivateNetwork ? null : (policy.isPrivate ?? isPrivateAddress);
  const dispatcher = poolFor(refuses, policy.resolve ?? systemResolve);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let target = new URL(url);
  let method = init.method.toUpperCase();
  if (FORBIDDEN_METHODS.has(method)) throw new TypeError(`'${method}' HTTP method is unsupported.`);
  let body = init.body;
  let headers = { ...init.headers };
  for (let hop = 0; ; hop++) {
    checkUrl(target, refuses);
    let response: Dispatcher.ResponseData;
    try {
      // undici's request, not its fetch: the same exchange at about half the CPU (no web streams, no cloned body).
      response = await dispatcher.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method,
        headers: withFetchDefaults(headers, target, body),
        signal,
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      // The connection's lookup refused the name: say so plainly rather than 'fetch failed'.
      if (error instanceof BlockedAddressError) throw error;
      if (error instanceof Error && error.cause instanceof BlockedAddressError) throw error.cause;
      throw asFetchError(error, 'fetch failed');
    }
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode) || typeof location !== 'string') return capped(response, target, policy.maxResponseBytes);
    // Read and dropped (a destroyed body would report an abort nobody waits for).
    await response.body.dump();
    if (hop === MAX_REDIRECTS) throw new Error(`Too many redirects (more than ${MAX_REDIRECTS}) from ${urlWithoutCredentials(url)}`);
    const next = new URL(location, target);
    if (next.origin !== target.origin) headers = withoutCredentials(headers, init.secretHeaders ?? []);
    if (turnsIntoGet(response.statusCode, method)) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADER.test(name)));
    }
    target = next;
  }
}
