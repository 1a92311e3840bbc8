import type { FetchLike, FetchResponse } from '@flow/core';
import { Agent, EnvHttpProxyAgent, fetch } from 'undici';

/**
 * fetch through undici: HTTP_PROXY, HTTPS_PROXY and NO_PROXY are honoured for remote providers
 * (Node's own fetch ignores them); a loopback provider is always reached directly. Imported
 * statically here and this module lazily, so the bundle keeps undici's named exports.
 */
export function undiciFetch(loopback: boolean, env: Readonly<Record<string, string | undefined>>): FetchLike {
  // Given explicitly, or undici would read process.env; '' is no proxy, as an unset variable is.
  const dispatcher = loopback
    ? new Agent()
    : new EnvHttpProxyAgent({
        httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
        httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
        noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
      });
  return async (url, init): Promise<FetchResponse> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? init.body : null,
      signal: init.signal ?? null,
      dispatcher,
    });
    return response;
  };
}
