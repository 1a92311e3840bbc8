// The runtime's MCP client: the official SDK over streamable HTTP, every request through the one guarded fetch.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJsonObject,
  isRecord,
  parseJsonValue,
  urlWithoutCredentials,
  type JsonObject,
  type JsonValue,
  type McpCallOutcome,
  type McpServerRef,
  type McpToolInfo,
} from '@flow/core';
import { guardedFetch, type NetworkSeams } from './guardedFetch.js';
import { BlockedAddressError } from './netGuard.js';

/** What an MCP exchange may reach and read: the guard's policy, without its time (each server has its own). */
export interface McpPolicy extends NetworkSeams {
  allowPrivateNetwork: boolean;
  maxResponseBytes: number;
}

/** The words of each failure to talk to an MCP server, defined once (the provider's 'Load tools' shows them too). */
export const mcpClientMessages = {
  unreachable: (url: string, reason: string) => `Cannot reach the MCP server at ${url}: ${reason}`,
  notMcp: (url: string, reason: string) => `${url} did not answer as an MCP server (streamable HTTP): ${reason}`,
  authRefused: (url: string, status: number) => `The MCP server at ${url} refused the credentials (HTTP ${status}): check its headers`,
  timedOut: (url: string, ms: number) => `The MCP server at ${url} did not answer within ${ms} ms`,
} as const;

/** A failure to talk to an MCP server, in words. */
export class McpServerError extends Error {
  override name = 'McpServerError';
}

// Statuses whose answer has no body: a Response cannot be built with one.
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** The SDK's fetch is guardedFetch (addresses, redirects, credentials, size, time), answering a web Response. */
function guardedMcpFetch(server: McpServerRef, policy: McpPolicy): FetchLike {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const response = await guardedFetch(
      url,
      { method: init?.method ?? 'GET', headers, secretHeaders: server.secretHeaders, ...(body === undefined ? {} : { body }) },
      { ...policy, timeoutMs: server.timeoutMs },
    );
    const answerHeaders = new Headers();
    response.headers.forEach((value, name) => answerHeaders.append(name, value));
    const chunks = response.chunks();
    const stream = NULL_BODY.has(response.status)
      ? null
      : new ReadableStream<Uint8Array>({
          async start(controller) {
            try {
              for await (const chunk of chunks) controller.enqueue(chunk);
              controller.close();
            } catch (error) {
              controller.error(error);
            }
          },
        });
    return new Response(stream, { status: response.status, statusText: response.statusText, headers: answerHeaders });
  };
}

function causeOf(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof BlockedAddressError || current instanceof StreamableHTTPError) return current;
    if (current.name === 'TimeoutError' || current.name === 'AbortError') return current;
    if (current.cause === undefined) break;
    current = current.cause;
  }
  return error;
}

/** Any failure of an exchange with `server`, said in words: refused address, unreachable, credentials refused, not MCP, too slow. */
function inWords(error: unknown, server: McpServerRef): Error {
  const url = urlWithoutCredentials(server.url);
  const cause = causeOf(error);
  if (cause instanceof BlockedAddressError || error instanceof McpServerError)
    return cause instanceof Error ? cause : new Error(String(cause));
  if (cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError'))
    return new McpServerError(mcpClientMessages.timedOut(url, server.timeoutMs));
  if (cause instanceof StreamableHTTPError) {
    if (cause.code === 401 || cause.code === 403) return new McpServerError(mcpClientMessages.authRefused(url, cause.code));
    return new McpServerError(mcpClientMessages.notMcp(url, cause.message));
  }
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError && message === 'fetch failed') {
    const reason = error.cause instanceof Error ? error.cause.message : message;
    return new McpServerError(mcpClientMessages.unreachable(url, reason));
  }
  return new McpServerError(mcpClientMessages.notMcp(url, message));
}

/** Connects, does one thing, and closes: a stateless exchange per listing or call. */
async function withClient<T>(server: McpServerRef, policy: McpPolicy, work: (client: Client) => Promise<T>): Promise<T> {
  let target: URL;
  try {
    target = new URL(server.url);
  } catch {
    throw new McpServerError(mcpClientMessages.notMcp(server.url, 'not a URL'));
  }
  const transport = new StreamableHTTPClientTransport(target, {
    fetch: guardedMcpFetch(server, policy),
    requestInit: { headers: { ...server.headers } },
    // guardedFetch follows redirects itself, checking each hop.
    redirectPolicy: 'follow',
  });
  const client = new Client({ name: 'flow-runtime', version: '0.1.0' });
  try {
    await client.connect(transport);
    return await work(client);
  } catch (error) {
    throw inWords(error, server);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** A value from the SDK as JSON (what a cassette and a tool spec can hold). */
function asJson(value: unknown): JsonValue | undefined {
  return value === undefined ? undefined : parseJsonValue(JSON.stringify(value));
}

/** The tools an MCP server offers: name, description and input schema, every page of the listing. */
export async function listMcpTools(server: McpServerRef, policy: McpPolicy): Promise<McpToolInfo[]> {
  return withClient(server, policy, async (client) => {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      for (const tool of page.tools) {
        const schema = asJson(tool.inputSchema);
        tools.push({
          name: tool.name,
          description: tool.description ?? '',
          inputSchema: isJsonObject(schema) ? schema : { type: 'object' },
        });
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  });
}

/** The text of a call's content: its text items, and a word for what is not text. */
function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((item) => {
      if (item.type === 'text' && typeof item.text === 'string') return item.text;
      if (item.type === 'resource' && isRecord(item.resource) && typeof item.resource.text === 'string') return item.resource.text;
      return `[${typeof item.type === 'string' ? item.type : 'content'}]`;
    })
    .join('\n');
}

/** Calls one tool of an MCP server with `args`: its text, structured content, and whether it is the tool's error. */
export async function callMcpTool(server: McpServerRef, name: string, args: JsonObject, policy: McpPolicy): Promise<McpCallOutcome> {
  return withClient(server, policy, async (client) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: server.timeoutMs });
    const structured = asJson(result.structuredContent);
    return { isError: result.isError === true, text: contentText(result.content), ...(structured === undefined ? {} : { structured }) };
  });
}
