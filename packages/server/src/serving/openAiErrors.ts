// The OpenAI-compatible API's refusals (/v1): each an HttpError the handler sends as
// `{ error: { code, message, type, param? } }`, OpenAI's shape, so its clients read them as OpenAI's.
import { HttpError, type ErrorCode } from '../http/HttpError.js';
import { AgentError, type AgentErrorCode } from './agentService.js';

/** OpenAI's error types of the API's own refusals (agent keys add permission_error and rate_limit_error). */
export type OpenAiErrorType = 'invalid_request_error' | 'server_error';

/** A refusal in OpenAI's shape: its status, code, type and the request field it is about. */
export function openAiError(
  status: number,
  code: ErrorCode,
  message: string,
  options: { type?: OpenAiErrorType; param?: string; headers?: Record<string, string> } = {},
): HttpError {
  const type = options.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
  return new HttpError(status, code, message, {
    extra: { type, ...(options.param === undefined ? {} : { param: options.param }) },
    headers: options.headers ?? {},
  });
}

/** 400 invalid_value about one field of the request. */
export const invalidValue = (message: string, param?: string): HttpError =>
  openAiError(400, 'invalid_value', message, param === undefined ? {} : { param });

const AGENT_ERRORS: Record<AgentErrorCode, { status: number; code: ErrorCode; param?: string }> = {
  AGENT_NOT_FOUND: { status: 404, code: 'model_not_found', param: 'model' },
  CONVERSATION_NOT_FOUND: { status: 404, code: 'conversation_not_found', param: 'conversation_id' },
  CONVERSATION_BUSY: { status: 409, code: 'conversation_busy', param: 'conversation_id' },
  BAD_INPUT: { status: 400, code: 'invalid_value' },
  MODEL_UNAVAILABLE: { status: 502, code: 'model_unavailable' },
  MODEL_NOT_CONFIGURED: { status: 503, code: 'model_not_configured' },
};

/**
 * Any failure of a served request in OpenAI's shape: an AgentError by its code, a provider refusal
 * (a body too large, malformed JSON…) with its status and code and OpenAI's type; anything else as it is (a 500).
 */
export function asOpenAiError(error: unknown): unknown {
  if (error instanceof AgentError) {
    const { status, code, param } = AGENT_ERRORS[error.code];
    return openAiError(status, code, error.message, param === undefined ? {} : { param });
  }
  if (error instanceof HttpError && !Object.hasOwn(error.extra, 'type'))
    return openAiError(error.status, error.code, error.message, { headers: error.headers });
  return error;
}
