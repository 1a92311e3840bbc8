/** Error codes of the provider's JSON error bodies. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_ID'
  | 'INVALID_JSON'
  | 'INVALID_WORKFLOW'
  | 'INVALID_FLOW'
  | 'PLAN_MISMATCH'
  | 'NO_CHAINS'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN_HOST'
  | 'CROSS_SITE'
  | 'TOO_MANY_ATTEMPTS'
  | 'MODEL_NOT_CONFIGURED'
  | 'MODEL_ERROR'
  | 'GENERATE_FAILED'
  | 'INVALID_JSON_SCHEMA'
  | 'BAD_SETTINGS'
  | 'NOT_FOUND'
  | 'FLOW_NOT_FOUND'
  | 'PUBLISH_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PRECONDITION_FAILED'
  | 'PRECONDITION_REQUIRED'
  | 'WEAK_ETAG'
  | 'JSON_TOO_DEEP'
  | 'FORBIDDEN_KEY'
  | 'INVALID_TEXT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'STORED_FLOW_INVALID'
  | 'TESTS_NOT_FOUND'
  | 'STORED_TESTS_INVALID'
  | 'DATABASE_UNAVAILABLE'
  | 'INVALID_SECRET_NAME'
  | 'INVALID_SECRET_VALUE'
  | 'SECRET_NOT_FOUND'
  | 'CONVERSATION_NOT_FOUND'
  | 'SECRETS_KEY_MISSING'
  | 'INVALID_KEY'
  | 'KEY_NAME_TAKEN'
  | 'KEY_NOT_FOUND'
  | 'AGENT_KEY_NOT_HERE'
  | 'SECRET_NOT_SET'
  | 'MCP_SERVER_ERROR'
  // The served routes' (/v1, /mcp) refusals of an agent key, in OpenAI's words.
  | 'invalid_api_key'
  | 'model_not_allowed'
  | 'origin_not_allowed'
  | 'rate_limit_exceeded'
  // The OpenAI-compatible API's own refusals (/v1), in OpenAI's words.
  | 'model_not_found'
  | 'conversation_not_found'
  | 'conversation_busy'
  | 'invalid_value'
  | 'model_unavailable'
  | 'model_not_configured'
  | 'INTERNAL';

/** A refusal with its HTTP status, sent as `{ error: { code, message, ...extra } }`. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

/** 400 with a code, for input of the wrong shape. */
export function badRequest(message: string, code: ErrorCode = 'BAD_REQUEST', extra?: Record<string, unknown>): HttpError {
  return new HttpError(400, code, message, extra ? { extra } : {});
}

/** 404 with a message naming what is missing. */
export function notFound(message: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', message);
}

/** 404 FLOW_NOT_FOUND: the plan version was never written (a missing route stays NOT_FOUND). */
export function flowNotFound(planId: string, versionName: string): HttpError {
  return new HttpError(404, 'FLOW_NOT_FOUND', `Plan not found: ${planId}/${versionName}`);
}
