import { flowMessages, messages } from '../messages.js';
import { ApiError, FlowConflictError, providerDetails, redact } from './errors.js';
import { createFlowVersions, preconditionHeaders, type FlowVersions, type WritePrecondition } from './flowVersions.js';
import { joinUrl } from './paths.js';
import { limitFindings } from '../format/limits.js';

/** The part of a fetch Response the client reads: the browser's and Node's both fit. */
export interface FetchResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A fetch function: `globalThis.fetch` in browsers and Node (undici), or a test double. */
export type FetchLike = (url: string, init: RequestInit) => Promise<FetchResponse>;

export interface ClientOptions {
  /** Provider origin such as `http://127.0.0.1:4321`; '' for the page's own origin. */
  baseUrl: string;
  /** Bearer token of the provider, sent with every call (workflow and session calls go to the same provider). */
  token?: string;
  /**
   * Cookies of workflow and session calls: 'omit' (the spec: no cookies) by default; the editor,
   * signed in to its own provider by a session cookie, sends it with 'same-origin', which still
   * sends none to a provider of another origin.
   */
  hostedCredentials?: 'omit' | 'same-origin';
  /** Defaults to `globalThis.fetch`. */
  fetch?: FetchLike;
  /** Limit for one attempt, body read included. Default 15000. */
  timeoutMs?: number;
  /** Extra attempts of a GET after a network failure or a 5xx. Default 2; writes never retry. */
  retries?: number;
  /** Wait before the first retry; doubles for each next one. Default 200. */
  retryDelayMs?: number;
  /** The versions of the flows this client has seen; a new table by default. */
  versions?: FlowVersions;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_RETRY_DELAY_MS = 200;

/**
 * `plan`: gpt, mate and flows calls.
 * `hosted`: workflow and session calls: no cache, and no cookies unless `hostedCredentials` says so.
 */
export type Audience = 'plan' | 'hosted';

/** Characters from which a request body is sent as a Blob. */
const LARGE_BODY = 65_536;

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  audience: Audience;
  /** Sent as JSON when present. */
  body?: unknown;
  /** The body's JSON text, already written (a flow's, by `flowJson`); sent instead of `body`. */
  bodyJson?: string;
  headers?: Record<string, string>;
  /** The call's message on failure; `reason` fills its placeholder when it has one. */
  failure: (reason: string) => string;
  /** A write of this flow: sent with a precondition, and a 412 or 428 is a FlowConflictError. */
  writes?: { planId: string; versionName: string; precondition?: WritePrecondition };
}

/** A complete answer of the provider, body read as text. */
export interface Reply {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text: string;
}

export interface Transport {
  /** The flow versions this transport sends and updates. */
  versions: FlowVersions;
  /** One call with timeout and GET retries; any status is returned, no answer throws. */
  exchange(call: Call): Promise<Reply>;
  /** A call whose non-OK answer throws `http` and whose JSON body goes through `read`. */
  send<T>(call: Call, read: (json: unknown) => T): Promise<T>;
  /** The `http` error of a non-OK reply: spec message, status and provider message. */
  httpError(call: Call, reply: Reply): ApiError;
}

/** Makes the transport shared by every call of one client. */
export function createTransport(options: ClientOptions): Transport {
  const { baseUrl, token } = options;
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const versions = options.versions ?? createFlowVersions();

  const fail = (call: Call, kind: 'network' | 'timeout', reason: string, cause?: unknown): ApiError =>
    new ApiError(redact(call.failure(redact(reason, token)), token), { kind, cause });

  function requestInit(call: Call, signal: AbortSignal): RequestInit {
    const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
    const init: RequestInit = { method: call.method, headers, signal };
    const json = call.bodyJson ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      // A large body goes as a Blob: Chromium's fetch spent ~160 ms of the page's main thread
      // sending a 5,000-node flow's text as a string, against ~40 ms to make the Blob.
      init.body = json.length > LARGE_BODY ? new Blob([json], { type: 'application/json' }) : json;
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    if (call.audience === 'hosted') {
      headers['Cache-Control'] = 'no-cache';
      headers.Pragma = 'no-cache';
      init.credentials = options.hostedCredentials ?? 'omit';
    }
    return init;
  }

  async function once(call: Call): Promise<Reply> {
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The race also ends a fetch that ignores its signal, or a body that never finishes.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(fail(call, 'timeout', flowMessages.timedOut(timeoutMs)));
        controller.abort();
      }, timeoutMs);
    });
    const work = (async (): Promise<Reply> => {
      const response = await fetchFn(joinUrl(baseUrl, call.path), requestInit(call, controller.signal));
      const text = await response.text();
      const { ok, status, statusText, headers } = response;
      return { ok, status, statusText, headers, text };
    })();
    work.catch(() => undefined); // its late rejection after a timeout is expected
    try {
      return await Promise.race([work, deadline]);
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by the deadline timer
      if (timedOut) throw fail(call, 'timeout', flowMessages.timedOut(timeoutMs), cause);
      throw fail(call, 'network', describeFailure(cause), cause);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A write of a flow goes with its precondition; when the provider accepts a write that had
   * one, the flow's new ETag becomes the known version. A write without any precondition teaches
   * nothing: its answer may include a change made elsewhere that this client never saw.
   */
  async function exchange(call: Call): Promise<Reply> {
    const { writes } = call;
    if (writes === undefined) return withRetries(call);
    const { planId, versionName, precondition } = writes;
    const guard = preconditionHeaders(precondition, versions.get(planId, versionName));
    const reply = await withRetries({ ...call, headers: { ...call.headers, ...guard } });
    const etag = reply.headers.get('ETag');
    if (reply.ok && etag !== null && Object.keys(guard).length > 0) versions.set(planId, versionName, etag);
    return reply;
  }

  async function withRetries(call: Call): Promise<Reply> {
    const attempts = call.method === 'GET' ? retries + 1 : 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const reply = await once(call);
        if (reply.status < 500 || attempt >= attempts) return reply;
      } catch (error) {
        // A timeout is not retried: the call then ends within one timeout of its last attempt.
        if (!(error instanceof ApiError) || error.kind !== 'network' || attempt >= attempts) throw error;
      }
      await sleep(retryDelayMs * 2 ** (attempt - 1));
    }
  }

  function httpError(call: Call, reply: Reply): ApiError {
    const details = providerDetails(reply.text, token);
    if (call.writes !== undefined && (reply.status === 412 || reply.status === 428)) {
      return new FlowConflictError(flowMessages.flowChangedElsewhere, { status: reply.status, ...details }, reply.headers.get('ETag'));
    }
    const reason = details.providerMessage ?? (reply.statusText || `HTTP ${reply.status}`);
    return new ApiError(redact(call.failure(reason), token), { kind: 'http', status: reply.status, ...details });
  }

  async function send<T>(call: Call, read: (json: unknown) => T): Promise<T> {
    const reply = await exchange(call);
    if (!reply.ok) throw httpError(call, reply);
    return read(parseJson(reply.text));
  }

  return { versions, exchange, send, httpError };
}

/** The `invalid` error of a response body of the wrong shape. */
export function invalidResponse(): ApiError {
  return new ApiError(messages.invalidDataStructure, { kind: 'invalid' });
}

/** The `invalid` error of arguments refused before any request. */
export function invalidInput(message: string): ApiError {
  return new ApiError(message, { kind: 'invalid' });
}

/** Returns `json` when the guard accepts it, else throws the invalid-data-structure error. */
export function expectShape<T>(json: unknown, guard: (value: unknown) => value is T): T {
  if (!guard(json)) throw invalidResponse();
  return json;
}

/**
 * Parsed JSON, or undefined for an empty or non-JSON body, or one past core's limits (nested deeper
 * than 64 levels, a reserved key): guards then refuse it, and no walk of a client recurses into it.
 */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    const json: unknown = JSON.parse(text);
    return limitFindings(json).length === 0 ? json : undefined;
  } catch {
    return undefined;
  }
}

function describeFailure(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici says only 'fetch failed'; the reason sits in its cause.
  const inner = cause.cause instanceof Error ? cause.cause.message : '';
  return inner && inner !== cause.message ? `${cause.message} (${inner})` : cause.message;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
