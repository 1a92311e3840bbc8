import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { keyAllowsAgent, mcpMessages, redactTokens } from '@flow/core';
import { bearerToken } from '../access/auth.js';
import { isRecord } from '../guards.js';
import { readJson } from '../http/body.js';
import { sendJson } from '../http/respond.js';
import type { Handler, Route } from '../http/router.js';
import { requireAgentAllowed } from '../keys/agentKeys.js';
import { agentTools, mcpServerOf } from '../mcp/mcpServer.js';
import type { Services } from '../services.js';

/** The tool names a JSON-RPC body (one message or a batch) calls with `tools/call`. */
function calledTools(body: unknown): string[] {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) =>
    isRecord(message) && message.method === 'tools/call' && isRecord(message.params) && typeof message.params.name === 'string'
      ? [message.params.name]
      : [],
  );
}

/**
 * /mcp: a Model Context Protocol server over the streamable HTTP transport, stateless. Each POST
 * is let in by an agent key first (401, 403 or 429 in OpenAI's shape, before any MCP handling),
 * then answered by a server and transport made for it alone: no session lives between requests,
 * so any server of a database answers any request, and nothing is pushed (GET and DELETE: 405).
 */
export function mcpRoutes(services: Services, log: (line: string) => void): Route[] {
  const postOnly: Handler = async ({ req, res }) => {
    const grant = await services.agentKeys.check(req, null);
    const refusal = { jsonrpc: '2.0', error: { code: -32000, message: mcpMessages.postOnly }, id: null };
    sendJson(res, 405, refusal, { ...grant.headers, Allow: 'POST' });
  };
  return [
    {
      method: 'POST',
      pattern: '/mcp',
      async handler({ req, res }) {
        const grant = await services.agentKeys.check(req, null);
        // CORS for an origin the key lists, on the answer and on any error after this.
        for (const [name, value] of Object.entries(grant.headers)) res.setHeader(name, value);
        const body = await readJson(req);
        const tools = await agentTools(services.publishes);
        // A call of an agent the key may not use is refused as /v1 refuses it (403), before MCP sees it.
        for (const name of calledTools(body)) {
          const tool = tools.find((t) => t.name === name);
          if (tool !== undefined) requireAgentAllowed(grant, tool);
        }
        const bearer = bearerToken(req);
        const server = mcpServerOf({
          tools: tools.filter((tool) => keyAllowsAgent(grant.agents, tool.planId, tool.versionName)),
          agents: services.agents,
          keyName: grant.name,
          log: (line) => log(redactTokens(line, bearer === null ? [] : [bearer])),
        });
        // JSON answers, not an event stream: a tool's result comes whole and nothing else is sent.
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        res.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        await transport.handleRequest(req, res, body);
      },
    },
    { method: 'GET', pattern: '/mcp', handler: postOnly },
    { method: 'DELETE', pattern: '/mcp', handler: postOnly },
  ];
}
