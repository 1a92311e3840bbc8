import { ToolRefusal, functionDefinition, type McpHost, type ToolHost, type ToolResult } from '@flow/core';
import { guardedFetch, type NetworkSeams } from './guardedFetch.js';
import type { ModelClient } from './modelClient.js';
import { McpServerError } from './mcpClient.js';
import { BlockedAddressError } from './netGuard.js';
import type { FlowTool } from './tools.js';

/** What a tool needs besides its arguments. */
export interface ToolContext {
  /** The conversation's variables: captured, mapped from responses; tools read and write them. */
  variables: Record<string, string>;
  model: ModelClient;
  allowPrivateNetwork: boolean;
  network?: NetworkSeams;
  limits: RuntimeLimits;
  /** MCP servers, through the same guard (listings kept or replayed by the agent's tape). */
  mcp: McpHost;
}

export interface RuntimeLimits {
  /** Per HTTP call or model call of a tool. */
  timeoutMs: number;
  /** Tool calls in one turn, follow-ups included. */
  maxToolCalls: number;
  /** Bytes of an HTTP response read; more is cut. */
  maxResponseBytes: number;
  /** Characters of a tool's output given back to the model. */
  maxOutputChars: number;
}

export const DEFAULT_LIMITS: RuntimeLimits = { timeoutMs: 15_000, maxToolCalls: 8, maxResponseBytes: 1_048_576, maxOutputChars: 8_000 };

export type { ToolResult };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The host a function type's tool runs against: the network through the one guard, the model, the variables. */
export function hostOf(ctx: ToolContext): ToolHost {
  return {
    variables: ctx.variables,
    mcp: ctx.mcp,
    maxResponseBytes: ctx.limits.maxResponseBytes,
    async request({ url, ...init }) {
      const response = await guardedFetch(url, init, {
        allowPrivateNetwork: ctx.allowPrivateNetwork,
        timeoutMs: ctx.limits.timeoutMs,
        maxResponseBytes: ctx.limits.maxResponseBytes,
        ...ctx.network,
      });
      const read = await response.text();
      return { status: response.status, ok: response.ok, host: response.url.host, text: read.text, cut: read.cut };
    },
    async chat(messages, options) {
      return (await ctx.model.chat(messages, [], options)).content;
    },
  };
}

/**
 * Runs one tool with the model's arguments: its type's tool (the definition says how it runs), on
 * this runtime's host; a type with none says it is not available, never pretends.
 */
export async function executeTool(tool: FlowTool, args: Record<string, string>, ctx: ToolContext): Promise<ToolResult> {
  const metadata = tool.data.metadata;
  const run = functionDefinition(tool.data.type)?.tool;
  if (run === undefined) return { ok: false, error: `${tool.data.type} is not available in this runtime` };
  try {
    return await run.run(metadata, args, hostOf(ctx));
  } catch (error) {
    if (error instanceof BlockedAddressError || error instanceof ToolRefusal || error instanceof McpServerError)
      return { ok: false, error: error.message };
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    if (cause instanceof BlockedAddressError) return { ok: false, error: cause.message };
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut
      ? `no answer within ${ctx.limits.timeoutMs} ms`
      : error instanceof Error
        ? `${error.message}${cause ? `: ${cause.message}` : ''}`
        : String(error);
    return { ok: false, error: `${text(metadata.error) || `${tool.spec.function.name} failed`}: ${reason}` };
  }
}
