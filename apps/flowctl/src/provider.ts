import { ApiError, FlowConflictError, PlanNotFoundError, createClient, messages, type FlowClient } from '@flow/core';
import { CliError, EXIT } from './errors.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** True when the provider URL points at this machine. */
export function isLoopback(apiUrl: string): boolean {
  try {
    return LOOPBACK.has(new URL(apiUrl).hostname);
  } catch {
    return false;
  }
}

/** The provider URL, checked: http or https only (a usage error otherwise). */
export function providerUrl(apiUrl: string): URL {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new CliError('USAGE', `Invalid --api-url "${apiUrl}": expected an address such as http://127.0.0.1:4321`, EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError('USAGE', `Invalid --api-url "${apiUrl}": only http and https are supported`, EXIT.usage);
  }
  return url;
}

/** A client of the provider at `apiUrl`, reached through undici. */
export async function createProviderClient(
  apiUrl: string,
  token: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<FlowClient> {
  const url = providerUrl(apiUrl);
  // undici is large: it loads only for commands that call a provider.
  const { undiciFetch } = await import('./undiciFetch.js');
  const fetch = undiciFetch(LOOPBACK.has(url.hostname), env);
  return createClient({ baseUrl: url.href.replace(/\/+$/, ''), fetch, ...(token ? { token } : {}) });
}

/** The exit code and stable code of an API failure: the provider's fault or ours. */
export function fromApiError(error: ApiError, apiUrl: string): CliError {
  // Arguments refused before any request are usage errors; everything else comes from the provider.
  const refusedLocally = error.kind === 'invalid' && error.message !== messages.invalidDataStructure && error.status === undefined;
  if (refusedLocally) return new CliError('USAGE', error.message, EXIT.usage);
  if (error instanceof PlanNotFoundError) return new CliError('PLAN_NOT_FOUND', `${error.message} on ${apiUrl}`, EXIT.notFound);
  const code =
    error instanceof FlowConflictError
      ? 'CONFLICT'
      : { http: 'PROVIDER_HTTP', network: 'NETWORK', timeout: 'TIMEOUT', invalid: 'PROVIDER_INVALID' }[error.kind];
  let detail = '';
  if (error.kind === 'http' && error.status !== undefined && !error.message.includes(String(error.status))) {
    const hint = error.status === 401 || error.status === 403 ? ': check --token or FLOW_TOKEN' : '';
    detail = ` (HTTP ${error.status}${hint})`;
  } else if (error.kind === 'network' || error.kind === 'timeout') {
    const code = causeCode(error);
    detail = `${code !== '' && !error.message.includes(code) ? ` (${code})` : ''}, provider ${apiUrl}`;
  }
  const said = error.providerMessage;
  const reason = said !== undefined && said !== '' && !error.message.includes(said) ? `: ${said}` : '';
  return new CliError(code, `${error.message}${reason}${detail}`, EXIT.provider);
}

function causeCode(error: Error): string {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    if ('code' in cause && typeof cause.code === 'string') return cause.code;
    cause = cause.cause;
  }
  return '';
}
