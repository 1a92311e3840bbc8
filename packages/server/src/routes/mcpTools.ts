// 'Load tools' of the MCP Tool's Properties: the provider lists an MCP server's tools for the editor,
// so header secrets stay in its store and the browser never talks to the server (nor needs its CORS).
import { functionDefinition, isEnvReference, isJsonObject, mcpServerOf, secretMessages, type JsonObject } from '@flow/core';
import { BlockedAddressError, DEFAULT_LIMITS, McpServerError, allowsPrivateNetwork, listMcpTools } from '@flow/runtime';
import { readJson } from '../http/body.js';
import { HttpError, badRequest } from '../http/HttpError.js';
import { sendJson } from '../http/respond.js';
import type { Route } from '../http/router.js';
import { isRecord } from '../guards.js';
import type { RuntimeOptions } from '../serving/flowAgent.js';

/** The most headers a listing request may carry. */
const MAX_HEADERS = 32;

/**
 * POST /api/runtime/mcp/tools `{ server_url, headers? }`: the server's tools (name, description,
 * input schema) through the runtime's MCP client and guard; `{ "env": NAME }` header values from the
 * provider's secret store only. A URL the MCP Tool's own rule refuses is a 400; a server that cannot
 * be reached, is not MCP, refuses the credentials or sits on a private address is a 502 in words.
 */
export function mcpToolRoutes(options: RuntimeOptions): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/api/runtime/mcp/tools',
      async handler({ req, res }) {
        const body = await readJson(req);
        if (!isRecord(body) || typeof body.server_url !== 'string')
          throw badRequest('Body must be an object with server_url and, optionally, headers');
        const headers = body.headers ?? [];
        if (!Array.isArray(headers) || headers.length > MAX_HEADERS || !headers.every(isHeader))
          throw badRequest(`headers must be at most ${MAX_HEADERS} items { name, value }, each value text or { "env": NAME }`);
        const metadata: JsonObject = { server_url: body.server_url.trim(), tool_name: '-', headers };
        // The URL rule is the MCP Tool's own (missing, not http(s)).
        const problem = functionDefinition('mcp_tool').validate?.(metadata, '$')[0];
        if (problem !== undefined) throw badRequest(problem.message);
        const names = headers.flatMap((h) => (isEnvReference(h.value) ? [h.value.env] : []));
        const { values, problems } = await options.secrets.values(names);
        const resolved = headers.map((h) => {
          if (!isEnvReference(h.value)) return h;
          const value = values[h.value.env];
          if (value === undefined)
            throw new HttpError(400, 'SECRET_NOT_SET', problems[h.value.env] ?? secretMessages.notSetOnProvider(h.value.env));
          return { name: h.name, value: { key: value } };
        });
        const server = mcpServerOf({ ...metadata, headers: resolved });
        try {
          const tools = await listMcpTools(server, {
            allowPrivateNetwork: allowsPrivateNetwork(options.env.FLOW_RUNTIME_ALLOW_PRIVATE),
            maxResponseBytes: DEFAULT_LIMITS.maxResponseBytes,
          });
          sendJson(res, 200, { tools });
        } catch (error) {
          if (error instanceof McpServerError || error instanceof BlockedAddressError)
            throw new HttpError(502, 'MCP_SERVER_ERROR', masked(error.message, Object.values(values)));
          throw error;
        }
      },
    },
  ];
}

function isHeader(value: unknown): value is { name: string; value: JsonObject[string] } {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    (typeof value.value === 'string' || (isJsonObject(value.value) && isEnvReference(value.value)))
  );
}

/** A message with the secrets it might echo masked. */
function masked(message: string, secrets: readonly string[]): string {
  return secrets.reduce((text, secret) => (secret === '' ? text : text.split(secret).join('***')), message);
}
