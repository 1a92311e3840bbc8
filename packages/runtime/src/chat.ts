import type { JsonObject } from '@flow/core';

/** A tool call the model asks for (Chat Completions `tool_calls[]`). */
export interface ToolCallRequest {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of a Chat Completions conversation. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCallRequest[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function offered to the model. */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: JsonObject };
}

/** What the model answered to one request. */
export interface ModelReply {
  content: string;
  toolCalls: ToolCallRequest[];
  usage: { promptTokens: number; completionTokens: number };
  /** From the request to the first token of content, when the reply streamed one. */
  firstTokenMs: number | null;
  ms: number;
}
