// Traces of the runtime's work for an OpenTelemetry collector: one span per turn, per model call
// and per tool call, with the GenAI semantic conventions' attributes and the flow's own. Off unless
// the standard OTLP variables are set: then the SDK is loaded and spans are sent over OTLP/HTTP
// (JSON), through the one outgoing-request guard like every other request.
import { SpanKind, SpanStatusCode, context, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { guardedFetch } from './guardedFetch.js';

/** What a running agent reports its spans to, and which flow they are of. */
export interface AgentTelemetry {
  tracer: Tracer;
  planId: string;
  versionName: string;
  /** The served conversation the turns belong to, when there is one. */
  conversationId?: string;
}

/** The exporter, started once per process that runs agents (the provider, `flowctl run`). */
export interface Telemetry {
  tracer: Tracer;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

/** The tracer's name: spans say they come from Flow's runtime. */
const INSTRUMENTATION = '@flow/runtime';

/** `k1=v1,k2=v2` (values URL-encoded), as the OTLP headers variables are written. */
function parseHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = decodeURIComponent(pair.slice(at + 1).trim());
    // A header value with CR or LF would split the request: such a pair is dropped.
    if (name !== '' && !/[\r\n\0]/.test(value)) headers[name] = value;
  }
  return headers;
}

/** Where traces go: the traces endpoint as given, else the base endpoint with `/v1/traces` (the OTLP/HTTP rule); null when neither is set. */
export function otlpTracesUrl(env: Readonly<Record<string, string | undefined>>): string | null {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return null;
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Starts exporting the runtime's spans when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set; null otherwise, and nothing of the SDK is loaded.
 * Headers come from `OTEL_EXPORTER_OTLP_HEADERS` / `..._TRACES_HEADERS`, the service name from
 * `OTEL_SERVICE_NAME` (default `flow`). The endpoint is the operator's setting, like the model
 * endpoint: it may be on a private network, and its requests pass the same guard.
 */
export async function startTelemetry(env: Readonly<Record<string, string | undefined>>): Promise<Telemetry | null> {
  const url = otlpTracesUrl(env);
  if (url === null || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return null;
  const [{ BatchSpanProcessor, TracerProvider }, { JsonTraceSerializer }, { resourceFromAttributes }, { ExportResultCode }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/otlp-transformer'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
    ]);
  const headers = {
    ...parseHeaders(env.OTEL_EXPORTER_OTLP_HEADERS),
    ...parseHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
    'Content-Type': 'application/json',
  };
  const decoder = new TextDecoder();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || 'flow' }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: {
          export(spans, done) {
            const body = JsonTraceSerializer.serializeRequest(spans);
            if (body === undefined) {
              done({ code: ExportResultCode.FAILED });
              return;
            }
            guardedFetch(
              url,
              { method: 'POST', headers, body: decoder.decode(body) },
              { allowPrivateNetwork: true, timeoutMs: 10_000, maxResponseBytes: 1 << 20 },
            ).then(
              async (response) => {
                await response.text();
                done({ code: response.ok ? ExportResultCode.SUCCESS : ExportResultCode.FAILED });
              },
              (error: unknown) => done({ code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) }),
            );
          },
          shutdown: () => Promise.resolve(),
        },
      }),
    ],
  });
  return { tracer: provider.getTracer(INSTRUMENTATION), shutdown: () => provider.shutdown() };
}

/** The flow's attributes every span carries. */
function flowAttributes(telemetry: AgentTelemetry): Attributes {
  return {
    'flow.plan_id': telemetry.planId,
    'flow.version': telemetry.versionName,
    ...(telemetry.conversationId === undefined ? {} : { 'gen_ai.conversation.id': telemetry.conversationId }),
  };
}

/** Runs `work` in a span under `parent` (or as a root); the span ends when it does, marked as an error when it throws. */
async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: { kind: SpanKind; attributes: Attributes; parent?: Span },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ? trace.setSpan(context.active(), options.parent) : undefined;
  const span = tracer.startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    return await work(span);
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/** A turn of the agent: `invoke_agent {plan}`. */
export function turnSpan<T>(telemetry: AgentTelemetry | undefined, work: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!telemetry) return work(undefined);
  return inSpan(
    telemetry.tracer,
    `invoke_agent ${telemetry.planId}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': telemetry.planId, ...flowAttributes(telemetry) },
    },
    work,
  );
}

/** One model call: `chat {model}`, with the tokens it used. */
export function modelCallSpan<T extends { usage: { promptTokens: number; completionTokens: number } }>(
  telemetry: AgentTelemetry | undefined,
  parent: Span | undefined,
  model: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!telemetry) return work();
  return inSpan(
    telemetry.tracer,
    model ? `chat ${model}` : 'chat',
    {
      kind: SpanKind.CLIENT,
      attributes: { 'gen_ai.operation.name': 'chat', ...(model ? { 'gen_ai.request.model': model } : {}), ...flowAttributes(telemetry) },
      ...(parent ? { parent } : {}),
    },
    async (span) => {
      const reply = await work();
      span.setAttributes({
        'gen_ai.usage.input_tokens': reply.usage.promptTokens,
        'gen_ai.usage.output_tokens': reply.usage.completionTokens,
      });
      return reply;
    },
  );
}

/** One tool call: `execute_tool {name}`, of the function node it runs; a failed tool is an error span. */
export function toolCallSpan<T extends { error?: string }>(
  telemetry: AgentTelemetry | undefined,
  parent: Span | undefined,
  tool: { name: string; nodeId: string; functionType: string; callId?: string },
  work: () => Promise<T>,
): Promise<T> {
  if (!telemetry) return work();
  return inSpan(
    telemetry.tracer,
    `execute_tool ${tool.name}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool.name,
        'gen_ai.tool.type': 'function',
        ...(tool.callId ? { 'gen_ai.tool.call.id': tool.callId } : {}),
        'flow.node_id': tool.nodeId,
        'flow.function_type': tool.functionType,
        ...flowAttributes(telemetry),
      },
      ...(parent ? { parent } : {}),
    },
    async (span) => {
      const result = await work();
      if (result.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error });
      return result;
    },
  );
}
