import { redactTokens } from '../secrets/secretPolicy.js';

/**
 * `http`: the provider answered with a non-OK status. `network`: no answer (refused, dropped).
 * `timeout`: no full answer within the client's timeout. `invalid`: data that cannot be used,
 * either a response body of the wrong shape or arguments refused before any request.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid';

export interface ApiErrorDetails {
  kind: ApiErrorKind;
  status?: number;
  /** What the provider said: `error.message` of a JSON body, or its text. */
  providerMessage?: string;
  /** `error.code` of a JSON error body. */
  code?: string;
  cause?: unknown;
}

/** A failed call: `message` is the spec's message for the call (section 8). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly providerMessage?: string;
  readonly code?: string;

  constructor(message: string, details: ApiErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.providerMessage !== undefined) this.providerMessage = details.providerMessage;
    if (details.code !== undefined) this.code = details.code;
  }
}

/** A flow write refused with 412: the document changed on the provider since it was read. */
export class FlowConflictError extends ApiError {
  override name = 'FlowConflictError';
  /** The provider's current ETag, when it sent one. */
  readonly currentEtag: string | null;

  constructor(message: string, details: Omit<ApiErrorDetails, 'kind'>, currentEtag: string | null) {
    super(message, { ...details, kind: 'http' });
    this.currentEtag = currentEtag;
  }
}

/** The provider's code for a plan version that was never written. */
export const FLOW_NOT_FOUND = 'FLOW_NOT_FOUND';

/** A plan version the provider does not have (404 `FLOW_NOT_FOUND`). */
export class PlanNotFoundError extends ApiError {
  override name = 'PlanNotFoundError';
  readonly planId: string;
  readonly versionName: string;

  constructor(message: string, planId: string, versionName: string, details: Omit<ApiErrorDetails, 'kind' | 'status'> = {}) {
    super(message, { ...details, kind: 'http', status: 404, code: FLOW_NOT_FOUND });
    this.planId = planId;
    this.versionName = versionName;
  }
}

/** True when `error` is an ApiError (a FlowConflictError included). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ProviderError {
  message?: string;
  code?: string;
}

const MAX_PROVIDER_MESSAGE = 300;

/** Reads `{ error: { code, message } }`, `{ error: "…" }`, `{ message: "…" }` or plain text. */
export function readProviderError(text: string): ProviderError {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('<')) return {};
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return { message: clip(trimmed) };
  }
  if (typeof json === 'string' && json !== '') return { message: clip(json) };
  if (typeof json !== 'object' || json === null) return {};
  const error: unknown = 'error' in json ? json.error : json;
  if (typeof error === 'string' && error !== '') return { message: clip(error) };
  if (typeof error !== 'object' || error === null) return {};
  const result: ProviderError = {};
  if ('message' in error && typeof error.message === 'string' && error.message !== '') {
    result.message = clip(error.message);
  }
  if ('code' in error && typeof error.code === 'string') result.code = error.code;
  return result;
}

/** The provider's message (token redacted) and code, as ApiError details. */
export function providerDetails(text: string, token: string | undefined): Pick<ApiErrorDetails, 'providerMessage' | 'code'> {
  const { message, code } = readProviderError(text);
  return {
    ...(message === undefined ? {} : { providerMessage: redact(message, token) }),
    ...(code === undefined ? {} : { code }),
  };
}

/** Replaces the token wherever it stands as itself (the secret policy's redactTokens), so no message shows it. */
export function redact(text: string, token: string | undefined): string {
  return token ? redactTokens(text, [token]) : text;
}

function clip(text: string): string {
  return text.length > MAX_PROVIDER_MESSAGE ? `${text.slice(0, MAX_PROVIDER_MESSAGE)}…` : text;
}
