import { readJson } from '../http/body.js';
import { badRequest } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import { param, type Route } from '../http/router.js';
import { isRecord } from '../guards.js';
import { secretNotFound, type SecretVault } from '../secrets/secretVault.js';

/**
 * The secret store's API (the editor's token, as every route): GET /api/secrets (names and when
 * each was set, never a value), PUT /api/secrets/{name} `{ "value": "…" }` (201 new, 200
 * replaced) and DELETE /api/secrets/{name} (204, or 404).
 */
export function secretRoutes(vault: SecretVault): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/secrets',
      async handler({ res }) {
        sendJson(res, 200, { secrets: await vault.list() }, { 'Cache-Control': 'no-store' });
      },
    },
    {
      method: 'PUT',
      pattern: '/api/secrets/:name',
      async handler({ req, res, params }) {
        const body = await readJson(req);
        if (!isRecord(body) || typeof body.value !== 'string')
          throw badRequest('Body must be { "value": "<the secret>" }', 'INVALID_SECRET_VALUE');
        const { created, ...summary } = await vault.set(param(params, 'name'), body.value);
        sendJson(res, created ? 201 : 200, summary);
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/secrets/:name',
      async handler({ res, params }) {
        const name = param(params, 'name');
        if (!(await vault.delete(name))) throw secretNotFound(name);
        res.writeHead(204, { 'Cache-Control': 'no-store' });
        res.end();
      },
    },
  ];
}
