import type { JsonObject, JsonValue } from '../../model/types.js';

/** What a tool did: its output for the model, or the error it met (also given to the model). */
export type ToolResult = { ok: true; output: string } | { ok: false; error: string };

/** One HTTP request a tool makes, its `{{variables}}` already filled and encoded. */
export interface ToolRequest {
  url: URL;
  method: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
  /** Headers that hold a flow's secrets: dropped, like credentials, when a redirect leaves the origin. */
  secretHeaders?: readonly string[];
}

/** An answer, read up to the host's size cap. */
export interface ToolResponse {
  status: number;
  ok: boolean;
  /** The host that answered, after any redirects. */
  host: string;
  text: string;
  /** More was sent than the cap. */
  cut: boolean;
}

/** An MCP server a tool reaches: its URL and headers (secrets resolved), and how long a call may take. */
export interface McpServerRef {
  url: string;
  headers: Readonly<Record<string, string>>;
  /** Headers that hold a flow's secrets: dropped when a redirect leaves the origin. */
  secretHeaders: readonly string[];
  timeoutMs: number;
}

/** One tool of an MCP server's listing. */
export interface McpToolInfo {
  name: string;
  description: string;
  /** The JSON Schema of its arguments, as the server gives it. */
  inputSchema: JsonObject;
}

/** What an MCP tool call answered: its text, its structured content, and whether it is the tool's error. */
export interface McpCallOutcome {
  isError: boolean;
  text: string;
  structured?: JsonValue;
}

/** The runtime's MCP client, through the one guard; listings and calls are outside calls (recorded by cassettes). */
export interface McpHost {
  listTools(server: McpServerRef): Promise<McpToolInfo[]>;
  callTool(server: McpServerRef, name: string, args: JsonObject): Promise<McpCallOutcome>;
}

/** What a tool may ask of the runtime that runs it: it alone reaches the network and the model. */
export interface ToolHost {
  /** The conversation's variables: captured, mapped from answers; tools read and write them. */
  variables: Record<string, string>;
  /** One request through the runtime's one guard (addresses, redirects, credentials, size, time). */
  request(request: ToolRequest): Promise<ToolResponse>;
  /** One model call: its answer's text. */
  chat(
    messages: readonly { role: 'system' | 'user'; content: string }[],
    options: { temperature?: number; maxTokens?: number; json?: boolean },
  ): Promise<string>;
  /** The size cap of an answer, in bytes (said when an answer is cut). */
  maxResponseBytes: number;
  /** MCP servers, reached through the same guard. */
  mcp: McpHost;
}

/** How a function type runs when the model calls it: the arguments it takes, and what it does. */
export interface FunctionTool {
  /** The JSON Schema of the model's arguments (an object of strings). */
  parameters(metadata: JsonObject): JsonObject;
  run(metadata: JsonObject, args: Readonly<Record<string, string>>, host: ToolHost): Promise<ToolResult>;
  /** Arguments known only from outside (an MCP tool's input schema): asked once before the model sees the tool. */
  prepare?(metadata: JsonObject, host: ToolHost): Promise<JsonObject>;
  /** It reaches a service outside the flow (HTTP, MCP): conversation tests record and replay its results. */
  outside?: true;
}

/** A refusal a tool makes before it runs (an argument that would change a request's shape, a value nobody gave): told to the model. */
export class ToolRefusal extends Error {
  override name = 'ToolRefusal';
}
