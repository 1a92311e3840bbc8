import { createServer, type IncomingMessage } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** The stock tool's inputs: two, both required; `drifted` adds a third the recording never saw. */
const stockInputs = { sku: z.string().describe('The item'), warehouse: z.string().describe('Where to look') };
const driftedInputs = { ...stockInputs, quantity: z.number().describe('How many are needed') };

export interface McpTestServer {
  /** The server's endpoint: `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** The calls of `check_stock`, with their arguments, in order. */
  calls: { name: string; arguments: Record<string, unknown> }[];
  /** The headers of every request, lower-case names. */
  headers: Record<string, string | string[] | undefined>[];
  /** From now on `check_stock` also requires `quantity` (a number): its schema drifted. */
  drift(): void;
  close(): Promise<void>;
}

/**
 * An MCP server built with the official SDK (McpServer over stateless streamable HTTP) on
 * 127.0.0.1, port 0, for tests: one tool, `check_stock(sku, warehouse)`, answering
 * `7 of {sku} in {warehouse}` with `{ sku, warehouse, count: 7 }` as structured content, and an
 * error result for the sku `none`. With `token`, a request without `Authorization: Bearer {token}` is a 401.
 */
export async function startMcpTestServer(options: { token?: string } = {}): Promise<McpTestServer> {
  const calls: McpTestServer['calls'] = [];
  const headers: McpTestServer['headers'] = [];
  let drifted = false;
  const serverFor = (): McpServer => {
    const server = new McpServer({ name: 'stock', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.registerTool(
      'check_stock',
      {
        description: 'How many of an item a warehouse holds',
        inputSchema: drifted ? driftedInputs : stockInputs,
        outputSchema: { sku: z.string(), warehouse: z.string(), count: z.number() },
      },
      (args: Record<string, unknown>): CallToolResult => {
        calls.push({ name: 'check_stock', arguments: args });
        const sku = String(args.sku);
        const warehouse = String(args.warehouse);
        if (sku === 'none') return { content: [{ type: 'text', text: `No item ${sku}` }], isError: true };
        return { content: [{ type: 'text', text: `7 of ${sku} in ${warehouse}` }], structuredContent: { sku, warehouse, count: 7 } };
      },
    );
    return server;
  };
  const readBody = async (req: IncomingMessage): Promise<unknown> => {
    const parts: Buffer[] = [];
    for await (const chunk of req) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return JSON.parse(Buffer.concat(parts).toString('utf8') || 'null');
  };
  const http = createServer((req, res) => {
    headers.push({ ...req.headers });
    if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    void (async () => {
      // Stateless: a server and transport for each request, as a database-backed server would.
      const server = serverFor();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, await readBody(req));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    headers,
    drift() {
      drifted = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
