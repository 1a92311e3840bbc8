import { HttpError, type ErrorCode } from '../http/HttpError.js';

/** OpenAI's error types of the refusals below. */
export type AgentKeyErrorType = 'invalid_request_error' | 'permission_error' | 'rate_limit_error';

/**
 * A served route's refusal of an agent key: its HTTP status, OpenAI's `type` and `code`, and the
 * headers to send (WWW-Authenticate, Retry-After, CORS when the key lists the caller's origin).
 * Thrown as it is, the provider's handler sends `{ error: { code, message, type } }`: OpenAI's shape.
 */
export class AgentKeyError extends HttpError {
  override name = 'AgentKeyError';
  readonly type: AgentKeyErrorType;

  constructor(status: 401 | 403 | 429, code: ErrorCode, type: AgentKeyErrorType, message: string, headers: Record<string, string> = {}) {
    super(status, code, message, { extra: { type }, headers });
    this.type = type;
  }
}
