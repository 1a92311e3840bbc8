import { isRecord } from '@flow/core';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** One answer of the scripted model. */
export interface ScriptedReply {
  /** The reply's text. */
  content?: string;
  /** Tool calls the model asks for. */
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  /** An error answer instead: this status with `{ error: { message } }`. */
  status?: number;
  error?: string;
  /** Wait this long before answering (a model's latency). */
  delayMs?: number;
  /** Never answer (an endpoint slower than any timeout); `close` ends the request. */
  noAnswer?: boolean;
  /** Answer with one JSON body even when asked to stream (endpoints that do not stream). */
  noStream?: boolean;
  /** When streaming, wait this long between pieces of the text (to watch it arrive). */
  chunkDelayMs?: number;
  /** When streaming, hold the text's last piece until this settles (to see the text arrive before the end). */
  holdLast?: Promise<unknown>;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

/** A request the scripted model received: the Chat Completions body. */
export interface RecordedChat {
  model: string;
  stream: boolean;
  messages: unknown[];
  tools: unknown[];
  body: Record<string, unknown>;
  authorization: string | undefined;
}

export interface ScriptedModelServer {
  /** The base URL to configure (`FLOW_MODEL_BASE_URL`): `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  requests: RecordedChat[];
  /** How many answers it has sent whole (a stream's last event, `[DONE]`, written): to tell what a client got before the end. */
  readonly answered: number;
  /** More answers, taken in order by the next requests. */
  push(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function answer(reply: ScriptedReply, stream: boolean, res: ServerResponse, model: string, sent: () => void): void {
  const calls = (reply.toolCalls ?? []).map((call, i) => ({
    id: `call_${i + 1}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  const usage = reply.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
  if (!stream || reply.noStream) {
    const message = {
      role: 'assistant',
      content: reply.content ?? (calls.length > 0 ? null : ''),
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
    };
    send(res, 200, {
      id: 'chatcmpl-scripted',
      object: 'chat.completion',
      model,
      choices: [{ index: 0, message, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop' }],
      usage,
    });
    sent();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const events: string[] = [];
  const event = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}): void => {
    events.push(
      `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`,
    );
  };
  event({ role: 'assistant', content: '' });
  // The text in small pieces, as models stream it.
  for (const piece of (reply.content ?? '').match(/[\s\S]{1,4}/g) ?? []) event({ content: piece });
  const lastText = reply.content ? events.length - 1 : -1;
  calls.forEach((call, index) => {
    const half = Math.ceil(call.function.arguments.length / 2);
    event({
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments.slice(0, half) } },
      ],
    });
    event({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] });
  });
  events.push(
    `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', model, choices: [], usage })}\n\n`,
    'data: [DONE]\n\n',
  );
  let held = false;
  const write = (i: number): void => {
    if (res.destroyed) return;
    if (i >= events.length) {
      res.end();
      return;
    }
    if (i === lastText && reply.holdLast && !held) {
      held = true;
      void reply.holdLast.then(() => write(i));
      return;
    }
    res.write(events[i]);
    if (i === events.length - 1) sent();
    if (reply.chunkDelayMs) setTimeout(() => write(i + 1), reply.chunkDelayMs);
    else write(i + 1);
  };
  write(0);
}

/**
 * An OpenAI-compatible Chat Completions endpoint on 127.0.0.1 that answers from a script: text,
 * tool calls, streamed (SSE) or whole, errors and slow answers. Records every request. A request
 * with no scripted answer left gets a 500 that says so.
 */
export async function startScriptedModel(replies: ScriptedReply[] = []): Promise<ScriptedModelServer> {
  const queue = [...replies];
  const requests: RecordedChat[] = [];
  let answered = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return send(res, 404, { error: { message: `No route ${req.method} ${req.url}` } });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, { error: { message: 'Body is not JSON' } });
      }
      if (!isRecord(body)) return send(res, 400, { error: { message: 'Body is not an object' } });
      const model = typeof body.model === 'string' ? body.model : '';
      const stream = body.stream === true;
      requests.push({
        model,
        stream,
        messages: Array.isArray(body.messages) ? body.messages : [],
        tools: Array.isArray(body.tools) ? body.tools : [],
        body,
        authorization: req.headers.authorization,
      });
      const reply = queue.shift();
      if (reply === undefined) return send(res, 500, { error: { message: 'The script has no answer left' } });
      if (reply.noAnswer) return;
      const respond = (): void => {
        if (res.destroyed) return;
        if (reply.status !== undefined) send(res, reply.status, { error: { message: reply.error ?? 'Scripted error' } });
        else
          answer(reply, stream, res, model, () => {
            answered++;
          });
      };
      if (reply.delayMs) setTimeout(respond, reply.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get answered() {
      return answered;
    },
    push: (...more) => queue.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A local HTTP service for tools and webhooks to call: every request is recorded and answered with `body` as JSON. */
export interface RecordingService {
  url: string;
  requests: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }[];
  close(): Promise<void>;
}

export async function startRecordingService(body: unknown): Promise<RecordingService> {
  const requests: RecordingService['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? 'GET',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      send(res, 200, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
