import { getAtPath, type JsonObject, isRecord } from '@flow/core';
import { fetch, type Agent } from 'undici';
import type { ModelClient } from './modelClient.js';
import { BlockedAddressError, checkUrl } from './netGuard.js';
import { fillTemplate, type FlowTool } from './tools.js';

/** What a tool needs besides its arguments. */
export interface ToolContext {
  /** The conversation's variables: captured, mapped from responses; tools read and write them. */
  variables: Record<string, string>;
  model: ModelClient;
  dispatcher: Agent;
  allowPrivateNetwork: boolean;
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

/** A value of a secret field once resolved: `{ key }` or the text itself. */
const secretText = (value: unknown): string => (typeof value === 'string' ? value : isRecord(value) ? text(value.key) : '');

async function readCapped(body: AsyncIterable<Uint8Array> | null, cap: number): Promise<{ text: string; cut: boolean }> {
  if (body === null) return { text: '', cut: false };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > cap) {
      chunks.push(Buffer.from(chunk.subarray(0, chunk.length - (size - cap))));
      return { text: Buffer.concat(chunks).toString('utf8'), cut: true };
    }
    chunks.push(Buffer.from(chunk));
  }
  return { text: Buffer.concat(chunks).toString('utf8'), cut: false };
}

/** http_calls: each request with its `{{variables}}` filled (arguments first, then captured values). */
async function httpCalls(metadata: JsonObject, values: Record<string, string>, ctx: ToolContext): Promise<ToolResult> {
  const outputs: string[] = [];
  for (const call of records(metadata.apicalls)) {
    const url = new URL(fillTemplate(text(call.url), values, encodeURIComponent));
    for (const param of records(call.params))
      if (text(param.name) !== '') url.searchParams.append(text(param.name), fillTemplate(text(param.value), values));
    const headers: Record<string, string> = {};
    for (const header of records(call.headers))
      if (text(header.name) !== '') headers[text(header.name)] = fillTemplate(secretText(header.value), values);
    if (text(call.authorization) === 'bearer') headers.Authorization = `Bearer ${secretText(call.bearer_token)}`;
    const method = (text(call.method) || 'GET').toUpperCase();
    const rawBody = isRecord(call.body) && isRecord(call.body.raw) ? text(call.body.raw.data) : '';
    const looksJson = /^\s*[[{]/.test(rawBody);
    const body =
      method === 'GET' || method === 'HEAD' || rawBody === ''
        ? undefined
        : fillTemplate(rawBody, values, (v) => (looksJson ? JSON.stringify(v).slice(1, -1) : v));
    if (body !== undefined && looksJson && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'application/json';
    let target = url;
    let response: Awaited<ReturnType<typeof fetch>> | undefined;
    // Redirects are followed by hand, each new address checked as the first was.
    for (let hop = 0; hop <= 5; hop++) {
      checkUrl(target, ctx.allowPrivateNetwork);
      response = await fetch(target, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        dispatcher: ctx.dispatcher,
        signal: AbortSignal.timeout(ctx.limits.timeoutMs),
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) break;
      await response.body?.cancel();
      target = new URL(location, target);
      if (hop === 5) throw new Error('Too many redirects');
    }
    if (response === undefined) throw new Error('No response');
    const read = await readCapped(response.body, ctx.limits.maxResponseBytes);
    if (!response.ok) return { ok: false, error: text(metadata.error) || `HTTP ${response.status} from ${target.host}` };
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
    for (const field of fields) if (isRecord(parsed) && field.name in parsed) ctx.variables[field.name] = stringOf(parsed[field.name]);
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
    if (error instanceof BlockedAddressError) return { ok: false, error: error.message };
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
