import { isCredentialHeader, isSecretName, urlWithoutCredentials } from '@flow/core';
import { Agent, fetch, type Response } from 'undici';
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
  headers: Response['headers'];
  /** The URL that answered, after any redirects. */
  url: URL;
  /** The body as it arrives; an error once it passes the cap. */
  chunks(): AsyncIterable<Uint8Array>;
  /** The body as text up to the cap; `cut` when there was more. */
  text(): Promise<{ text: string; cut: boolean }>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that describe a body: gone with the body when a redirect turns the request into a GET. */
const BODY_HEADER = /^content-/i;

// One connection pool per rule and resolver: a connection is reused only under the rule that checked its address.
const pools = new WeakMap<Resolve, Map<AddressRule | null, Agent>>();

function poolFor(refuses: AddressRule | null, resolve: Resolve): Agent {
  let byRule = pools.get(resolve);
  if (byRule === undefined) pools.set(resolve, (byRule = new Map<AddressRule | null, Agent>()));
  let agent = byRule.get(refuses);
  if (agent === undefined) byRule.set(refuses, (agent = new Agent({ connect: { lookup: pinnedLookup(refuses, resolve) } })));
  return agent;
}

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

function capped(response: Response, url: URL, cap: number): GuardedResponse {
  const body: AsyncIterable<Uint8Array> | null = response.body;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (body === null) return;
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > cap) throw new Error(`The answer of ${urlWithoutCredentials(url)} is larger than ${cap} bytes`);
      yield chunk;
    }
  }
  return {
    status: response.status,
    statusText: response.statusText,
    ok: response.ok,
    headers: response.headers,
    url,
    chunks,
    async text() {
      const parts: Buffer[] = [];
      let size = 0;
      if (body !== null) {
        for await (const chunk of body) {
          const room = cap - size;
          if (chunk.length > room) {
            parts.push(Buffer.from(chunk.subarray(0, room)));
            return { text: Buffer.concat(parts).toString('utf8'), cut: true };
          }
          parts.push(Buffer.from(chunk));
          size += chunk.length;
        }
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
  let body = init.body;
  let headers = { ...init.headers };
  for (let hop = 0; ; hop++) {
    checkUrl(target, refuses);
    let response: Response;
    try {
      response = await fetch(target, { method, headers, redirect: 'manual', dispatcher, signal, ...(body === undefined ? {} : { body }) });
    } catch (error) {
      // The connection's lookup refused the name: say so plainly rather than 'fetch failed'.
      if (error instanceof Error && error.cause instanceof BlockedAddressError) throw error.cause;
      throw error;
    }
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return capped(response, target, policy.maxResponseBytes);
    await response.body?.cancel();
    if (hop === MAX_REDIRECTS) throw new Error(`Too many redirects (more than ${MAX_REDIRECTS}) from ${urlWithoutCredentials(url)}`);
    const next = new URL(location, target);
    if (next.origin !== target.origin) headers = withoutCredentials(headers, init.secretHeaders ?? []);
    if (turnsIntoGet(response.status, method)) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADER.test(name)));
    }
    target = next;
  }
}
