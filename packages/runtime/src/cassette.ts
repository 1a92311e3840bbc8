import type { McpToolInfo } from '@flow/core';
import type { ToolCallRequest } from './chat.js';
import type { ToolResult } from './executeTool.js';
import { ModelError, type ModelClient } from './modelClient.js';

/** A model answer as a cassette keeps it. */
export interface RecordedModelReply {
  content: string;
  toolCalls: ToolCallRequest[];
}

/** A call to an outside service (an HTTP tool) as a cassette keeps it: its result and the variables it set. */
export interface RecordedToolCall {
  name: string;
  arguments: Record<string, string>;
  result: ToolResult;
  variables: Record<string, string>;
}

/** An MCP server's listing as a cassette keeps it: what its tools offered (a replay offers the same; a live run compares). */
export interface RecordedMcpListing {
  server: string;
  tools: McpToolInfo[];
}

/** What one conversation needed from outside: the model's answers, the HTTP and MCP tools' results in order, the MCP listings. */
export interface Cassette {
  model: RecordedModelReply[];
  tools: RecordedToolCall[];
  mcp?: RecordedMcpListing[];
}

export const emptyCassette = (): Cassette => ({ model: [], tools: [] });

/** The model's answers pass through and are kept. */
export function recordingModel(inner: ModelClient, cassette: Cassette): ModelClient {
  return {
    // Traces still name the model the calls go to.
    ...(inner.model === undefined ? {} : { model: inner.model }),
    async chat(messages, tools, options) {
      const reply = await inner.chat(messages, tools, options);
      cassette.model.push({ content: reply.content, toolCalls: reply.toolCalls });
      return reply;
    },
  };
}

/** Answers from a cassette, in order, with no network; running out means the cassette is out of date (`what` ran out). */
export function replayModel(cassette: Cassette, what = 'model answers'): ModelClient {
  let next = 0;
  return {
    async chat(_messages, _tools, options) {
      const reply = cassette.model[next++];
      if (reply === undefined) throw new ModelError(`The cassette has no more ${what}: record it again (flowctl test --record)`);
      if (reply.content !== '') options?.onToken?.(reply.content);
      return {
        content: reply.content,
        toolCalls: reply.toolCalls,
        usage: { promptTokens: 0, completionTokens: 0 },
        firstTokenMs: null,
        ms: 0,
      };
    },
  };
}

/** How the agent's calls to outside services are kept or replayed. */
export interface ToolTape {
  /** A recorded result for this call, or undefined to make it for real. */
  replay(name: string, args: Record<string, string>): RecordedToolCall | undefined;
  record(call: RecordedToolCall): void;
  /** An MCP server's tools: `list` them for real (and keep the listing), or the recorded ones. */
  listing(server: string, list: () => Promise<McpToolInfo[]>): Promise<McpToolInfo[]>;
}

export function recordingTools(cassette: Cassette): ToolTape {
  return {
    replay: () => undefined,
    record: (call) => cassette.tools.push(call),
    async listing(server, list) {
      const tools = await list();
      (cassette.mcp ??= []).push({ server, tools });
      return tools;
    },
  };
}

/** Results from a cassette, in order; a call the cassette does not have next is an error result. */
export function replayTools(cassette: Cassette): ToolTape {
  let next = 0;
  return {
    replay(name, args) {
      const call = cassette.tools[next++];
      if (call !== undefined && call.name === name) return call;
      const error = `The cassette has no recorded result for ${name}(${JSON.stringify(args)}): record it again (flowctl test --record)`;
      return { name, arguments: args, result: { ok: false, error }, variables: {} };
    },
    record: () => undefined,
    listing(server) {
      const recorded = cassette.mcp?.find((listing) => listing.server === server);
      if (recorded !== undefined) return Promise.resolve(recorded.tools);
      return Promise.reject(new Error(`The cassette has no listing of the MCP server ${server}: record it again (flowctl test --record)`));
    },
  };
}
