import type { ChatMessage, ModelReply, ToolCallRequest, ToolSpec } from './chat.js';
import { guardedFetch, type GuardedResponse } from './guardedFetch.js';
import type { ModelSettings } from './settings.js';
import { createSseParser, isRecord, type GenerateModel, errorMessage, urlWithoutCredentials } from '@flow/core';

/** A failed model call: the endpoint's status and words when it answered. */
export class ModelError extends Error {
  override name = 'ModelError';
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

export interface ModelClient {
  /** The model's name, when the client knows it (traces name their model calls after it). */
  readonly model?: string;
  /** One completion: streamed when the endpoint streams (tokens to `onToken`), whole otherwise. */
  chat(
    messages: readonly ChatMessage[],
    tools: readonly ToolSpec[],
    options?: { onToken?: (text: string) => void; temperature?: number; maxTokens?: number; json?: boolean },
  ): Promise<ModelReply>;
}

export interface ModelClientOptions {
  /** Per request, body included. Default 60 s. */
  timeoutMs?: number;
  /** Bytes of one answer read at most. Default 16 MiB. */
  maxResponseBytes?: number;
}

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function usageOf(value: unknown): ModelReply['usage'] {
  return isRecord(value)
    ? { promptTokens: numberOf(value.prompt_tokens), completionTokens: numberOf(value.completion_tokens) }
    : { promptTokens: 0, completionTokens: 0 };
}

function toolCallsOf(value: unknown): ToolCallRequest[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((call, i): ToolCallRequest[] => {
    if (!isRecord(call) || !isRecord(call.function) || typeof call.function.name !== 'string') return [];
    const args = call.function.arguments;
    return [
      {
        id: typeof call.id === 'string' ? call.id : `call_${i}`,
        type: 'function',
        function: { name: call.function.name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
      },
    ];
  });
}

/** Tool calls arrive in pieces when streamed: each delta adds to the call at its index. */
function mergeToolDeltas(calls: ToolCallRequest[], deltas: unknown): void {
  if (!Array.isArray(deltas)) return;
  for (const delta of deltas) {
    if (!isRecord(delta)) continue;
    const index = typeof delta.index === 'number' ? delta.index : calls.length;
    const call = (calls[index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
    if (typeof delta.id === 'string') call.id = delta.id;
    if (isRecord(delta.function)) {
      if (typeof delta.function.name === 'string') call.function.name += delta.function.name;
      if (typeof delta.function.arguments === 'string') call.function.arguments += delta.function.arguments;
    }
  }
}

/** A client of an OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, vLLM, LM Studio…). */
export function createModelClient(settings: ModelSettings, options: ModelClientOptions = {}): ModelClient {
  const timeoutMs = options.timeoutMs ?? 60_000;
  // The endpoint is the provider's own setting, so it may be on this machine (Ollama); it still goes through the guard.
  const policy = { allowPrivateNetwork: true, timeoutMs, maxResponseBytes: options.maxResponseBytes ?? 16 * 1024 * 1024 };
  // Worked out when an error needs it: parsing the URL was a tenth of building a served turn's agent.
  const shownUrl = (): string => urlWithoutCredentials(settings.baseUrl);
  return {
    model: settings.model,
    async chat(messages, tools, { onToken, temperature, maxTokens, json } = {}) {
      const started = performance.now();
      const body: Record<string, unknown> = { model: settings.model, messages, stream: true };
      if (tools.length > 0) body.tools = tools;
      if (temperature !== undefined) body.temperature = temperature;
      if (maxTokens !== undefined) body.max_tokens = maxTokens;
      if (json) body.response_format = { type: 'json_object' };
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream, application/json' };
      if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
      let response: GuardedResponse;
      try {
        response = await guardedFetch(
          `${settings.baseUrl}/chat/completions`,
          { method: 'POST', headers, body: JSON.stringify(body) },
          policy,
        );
      } catch (error) {
        throw new ModelError(`The model endpoint ${shownUrl()} did not answer: ${reasonOf(error, timeoutMs)}`);
      }
      if (!response.ok) {
        const text = await response.text().then(
          (read) => read.text,
          () => '',
        );
        throw new ModelError(
          `The model endpoint answered ${response.status}: ${providerWords(text) || response.statusText}`,
          response.status,
        );
      }
      try {
        if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
          let content = '';
          let firstTokenMs: number | null = null;
          let usage = usageOf(undefined);
          const calls: ToolCallRequest[] = [];
          const parser = createSseParser();
          // A piece's events are read in one go: no await per event.
          for await (const chunk of response.chunks()) {
            for (const { data } of parser.push(chunk)) {
              const event: unknown = JSON.parse(data);
              if (!isRecord(event)) continue;
              if (event.usage !== undefined && event.usage !== null) usage = usageOf(event.usage);
              const choice: unknown = Array.isArray(event.choices) ? event.choices[0] : undefined;
              const delta = isRecord(choice) && isRecord(choice.delta) ? choice.delta : undefined;
              if (delta === undefined) continue;
              if (typeof delta.content === 'string' && delta.content !== '') {
                firstTokenMs ??= performance.now() - started;
                content += delta.content;
                onToken?.(delta.content);
              }
              mergeToolDeltas(calls, delta.tool_calls);
            }
            if (parser.done) break;
          }
          return { content, toolCalls: calls.filter((c) => c.function.name !== ''), usage, firstTokenMs, ms: performance.now() - started };
        }
        const read = await response.text();
        if (read.cut) throw new Error(`the answer is larger than ${policy.maxResponseBytes} bytes`);
        const reply: unknown = JSON.parse(read.text);
        const choice: unknown = isRecord(reply) && Array.isArray(reply.choices) ? reply.choices[0] : undefined;
        const message = isRecord(choice) && isRecord(choice.message) ? choice.message : undefined;
        if (message === undefined) throw new ModelError('The model endpoint answered without a message (choices[0].message)');
        const content = typeof message.content === 'string' ? message.content : '';
        if (content !== '') onToken?.(content);
        return {
          content,
          toolCalls: toolCallsOf(message.tool_calls),
          usage: usageOf(isRecord(reply) ? reply.usage : undefined),
          firstTokenMs: null,
          ms: performance.now() - started,
        };
      } catch (error) {
        if (error instanceof ModelError) throw error;
        throw new ModelError(`The model endpoint's answer could not be read: ${reasonOf(error, timeoutMs)}`);
      }
    },
  };
}

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${errorMessage(error)}${cause}`;
}

/** `error.message` of an OpenAI-style error body, or the text itself (short). */
function providerWords(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
    if (isRecord(body) && typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: the text itself
  }
  return text.trim().slice(0, 300);
}

/**
 * A model client as core's `GenerateModel`: one whole completion asked for a JSON object, its text.
 * @example generateFlow('A support agent', generateModelOf(createModelClient(settings)))
 */
export function generateModelOf(client: ModelClient): GenerateModel {
  return async (conversation) => (await client.chat(conversation, [], { json: true })).content;
}
