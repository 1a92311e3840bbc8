import { keyMessages } from '@flow/core';
import { isRecord } from '../guards.js';
import { readJson } from '../http/body.js';
import { HttpError, badRequest } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import type { AgentKeys } from '../keys/agentKeys.js';

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A new key's settings from a body, or 400 saying the body's shape. */
function settingsOf(body: unknown): { name: string; agents?: string[]; origins?: string[]; rate?: number } {
  if (!isRecord(body) || typeof body.name !== 'string') throw badRequest(keyMessages.invalidKeyBody, 'INVALID_KEY');
  const { name, agents, origins, rate } = body;
  if ((agents !== undefined && !isStrings(agents)) || (origins !== undefined && !isStrings(origins)))
    throw badRequest(keyMessages.invalidKeyBody, 'INVALID_KEY');
  if (rate !== undefined && typeof rate !== 'number') throw badRequest(keyMessages.invalidKeyBody, 'INVALID_KEY');
  return { name, ...(agents ? { agents } : {}), ...(origins ? { origins } : {}), ...(rate === undefined ? {} : { rate }) };
}

/** 404 for a key the store does not hold. */
export function keyNotFound(name: string): HttpError {
  return new HttpError(404, 'KEY_NOT_FOUND', keyMessages.keyNotFound(name));
}

/**
 * Agent keys' API (the editor's token, as every route): POST /api/keys `{ name, agents?, origins?,
 * rate? }` (201 with the key, the only time it is shown; 409 for a taken name), GET /api/keys
 * (never a key or its hash) and DELETE /api/keys/{name} (204, or 404).
 */
export function keyRoutes(keys: AgentKeys): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/keys',
      async handler({ res }) {
        sendJson(res, 200, { keys: await keys.list() });
      },
    },
    {
      method: 'POST',
      pattern: '/api/keys',
      async handler({ req, res }) {
        sendJson(res, 201, await keys.create(settingsOf(await readJson(req))));
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/keys/:name',
      async handler({ res, params }) {
        const name = param(params, 'name');
        if (!(await keys.revoke(name))) throw keyNotFound(name);
        res.writeHead(204, { 'Cache-Control': 'no-store' });
        res.end();
      },
    },
  ];
}
