import { getAtPath, type JsonObject, isRecord } from '@flow/core';
import { guardedFetch, type NetworkSeams } from './guardedFetch.js';
import { RefusedArgumentError, httpRequestOf } from './httpRequest.js';
import type { ModelClient } from './modelClient.js';
import { BlockedAddressError } from './netGuard.js';
import { fillTemplate, type FlowTool } from './tools.js';

/** What a tool needs besides its arguments. */
export interface ToolContext {
  /** The conversation's variables: captured, mapped from responses; tools read and write them. */
  variables: Record<string, string>;
  model: ModelClient;
  allowPrivateNetwork: boolean;
  network?: NetworkSeams;
  limits: RuntimeLimits;
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

/** What a tool did: its output for the model, or the error it met (also given to the model). */
export type ToolResult = { ok: true; output: string } | { ok: false; error: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const stringOf = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/** http_calls: each request with its `{{variables}}` filled (arguments first, then captured values), sent through the guard. */
async function httpCalls(metadata: JsonObject, values: Record<string, string>, ctx: ToolContext): Promise<ToolResult> {
  const outputs: string[] = [];
  for (const call of records(metadata.apicalls)) {
    const { url, init } = httpRequestOf(call, values);
    const response = await guardedFetch(url, init, {
      allowPrivateNetwork: ctx.allowPrivateNetwork,
      timeoutMs: ctx.limits.timeoutMs,
      maxResponseBytes: ctx.limits.maxResponseBytes,
      ...ctx.network,
    });
    const read = await response.text();
    if (!response.ok) return { ok: false, error: text(metadata.error) || `HTTP ${response.status} from ${response.url.host}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.text);
    } catch {
      parsed = undefined;
    }
    for (const mapping of records(isRecord(call.output) ? call.output.json : undefined)) {
      const name = text(mapping.name);
      const path = text(mapping.value).replace(/^\$\.?/, '');
      if (name !== '' && parsed !== undefined) ctx.variables[name] = stringOf(path === '' ? parsed : getAtPath(parsed, path));
    }
    outputs.push(`HTTP ${response.status}${read.cut ? ` (first ${ctx.limits.maxResponseBytes} bytes)` : ''}: ${read.text}`);
  }
  const message = fillTemplate(text(metadata.result_message), ctx.variables);
  const prompt = fillTemplate(text(metadata.result_prompt), ctx.variables);
  return { ok: true, output: [message, prompt && `Then: ${prompt}`, ...outputs].filter(Boolean).join('\n') };
}

/** custom_gpt: its own model call with its prompt, temperature and max tokens; raw text or JSON into variables. */
async function customGpt(metadata: JsonObject, input: string, ctx: ToolContext): Promise<ToolResult> {
  const output = isRecord(metadata.output) ? metadata.output : {};
  const json = text(output.type) === 'json';
  const fields = records(output.json)
    .map((f) => ({ name: text(f.name), description: text(f.description) }))
    .filter((f) => f.name !== '');
  const system = [
    fillTemplate(text(metadata.prompt), ctx.variables),
    json ? `Answer with one JSON object with the keys ${fields.map((f) => `"${f.name}" (${f.description || f.name})`).join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const temperature = typeof metadata.temperature === 'number' ? metadata.temperature : undefined;
  const maxTokens = typeof metadata.max_tokens === 'number' ? metadata.max_tokens : undefined;
  const reply = await ctx.model.chat(
    [
      { role: 'system', content: system },
      { role: 'user', content: input || fillTemplate(text(metadata.message), ctx.variables) || '(no input)' },
    ],
    [],
    { ...(temperature === undefined ? {} : { temperature }), ...(maxTokens === undefined ? {} : { maxTokens }), json },
  );
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.content);
    } catch {
      return { ok: false, error: `The model's answer is not JSON: ${reply.content.slice(0, 200)}` };
    }
    for (const field of fields)
      if (isRecord(parsed) && Object.hasOwn(parsed, field.name)) ctx.variables[field.name] = stringOf(parsed[field.name]);
  } else if (text(output.raw) !== '') {
    ctx.variables[text(output.raw)] = reply.content;
  }
  return { ok: true, output: reply.content };
}

/** Runs one tool with the model's arguments; what an outside service the runtime lacks is said, never pretended. */
export async function executeTool(tool: FlowTool, args: Record<string, string>, ctx: ToolContext): Promise<ToolResult> {
  const metadata = tool.data.metadata;
  try {
    switch (tool.data.type) {
      case 'http_calls':
        return await httpCalls(metadata, { ...ctx.variables, ...args }, ctx);
      case 'capture_variables': {
        Object.assign(ctx.variables, args);
        const captured = Object.entries(args).map(([k, v]) => `${k} = ${v}`);
        return { ok: true, output: captured.length > 0 ? `Captured: ${captured.join(', ')}` : 'Nothing captured yet: ask the user for it' };
      }
      case 'custom_gpt':
        return await customGpt(metadata, args.input ?? '', ctx);
      case 'instruct':
        return { ok: true, output: fillTemplate(text(metadata.prompt), ctx.variables) || 'Continue.' };
      case 'send_workflow': {
        const link = text(metadata.hosted_link);
        if (link === '') return { ok: false, error: text(metadata.error) || 'This step names no workflow link' };
        return { ok: true, output: `${fillTemplate(text(metadata.message), ctx.variables)} ${link}`.trim() };
      }
      default:
        return { ok: false, error: `${tool.data.type} is not available in this runtime` };
    }
  } catch (error) {
    if (error instanceof BlockedAddressError || error instanceof RefusedArgumentError) return { ok: false, error: error.message };
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
