import { AGENT_KEY_PREFIX, keyMessages } from '@flow/core';
import { HttpError } from '../http/HttpError.js';

/** The served routes: `/v1/…` and `/mcp`, opened by agent keys alone. */
export function isAgentPath(segments: readonly string[]): boolean {
  return segments[0] === 'v1' || (segments[0] === 'mcp' && segments.length === 1);
}

/** True for a bearer that is (or pretends to be) an agent key: refused on every other route. */
export const looksLikeAgentKey = (bearer: string | null): boolean => bearer?.startsWith(AGENT_KEY_PREFIX) === true;

/** The 401 of an agent key sent to an editor or provider route, whatever the mode. */
export function agentKeyNotHere(): HttpError {
  return new HttpError(401, 'AGENT_KEY_NOT_HERE', keyMessages.agentKeyElsewhere, { headers: { 'WWW-Authenticate': 'Bearer' } });
}
