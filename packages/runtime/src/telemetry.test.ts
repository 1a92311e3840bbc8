// Traces as an OpenTelemetry collector receives them (OTLP/HTTP JSON on a local port): a turn, its
// model calls and its tool call, with the GenAI attributes and the flow's; nothing when unset.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isRecord } from '@flow/core';
import { createAgent } from './agent.js';
import { createModelClient } from './modelClient.js';
import { modelSettings } from './settings.js';
import { otlpTracesUrl, startTelemetry } from './telemetry.js';
import {
  httpToolFlow,
  startRecordingService,
  startScriptedModel,
  type RecordingService,
  type ScriptedModelServer,
} from './testing/index.js';

/** One span as OTLP JSON carries it, with its attributes as plain values. */
interface ReceivedSpan {
  name: string;
  spanId: string;
  parentSpanId: string;
  kind: number;
  status: { code?: number; message?: string };
  attributes: Record<string, unknown>;
}

function attributesOf(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (!isRecord(item) || typeof item.key !== 'string' || !isRecord(item.value)) continue;
    const value = item.value;
    out[item.key] = value.stringValue ?? (value.intValue === undefined ? (value.doubleValue ?? value.boolValue) : Number(value.intValue));
  }
  return out;
}

/** Every span the collector received, with the resource's attributes of the first batch. */
function received(collector: RecordingService): { spans: ReceivedSpan[]; resource: Record<string, unknown> } {
  const spans: ReceivedSpan[] = [];
  let resource: Record<string, unknown> = {};
  for (const request of collector.requests) {
    const body: unknown = JSON.parse(request.body);
    if (!isRecord(body) || !Array.isArray(body.resourceSpans)) continue;
    for (const rs of body.resourceSpans) {
      if (!isRecord(rs)) continue;
      if (isRecord(rs.resource)) resource = attributesOf(rs.resource.attributes);
      for (const ss of Array.isArray(rs.scopeSpans) ? rs.scopeSpans : []) {
        if (!isRecord(ss) || !Array.isArray(ss.spans)) continue;
        for (const span of ss.spans) {
          if (!isRecord(span)) continue;
          spans.push({
            name: String(span.name),
            spanId: String(span.spanId),
            parentSpanId: typeof span.parentSpanId === 'string' ? span.parentSpanId : '',
            kind: Number(span.kind),
            status: isRecord(span.status) ? { code: Number(span.status.code ?? 0), message: String(span.status.message ?? '') } : {},
            attributes: attributesOf(span.attributes),
          });
        }
      }
    }
  }
  return { spans, resource };
}

describe('telemetry', () => {
  let model: ScriptedModelServer;
  let shop: RecordingService;
  let collector: RecordingService;
  beforeEach(async () => {
    model = await startScriptedModel();
    shop = await startRecordingService({ status: 'shipped' });
    collector = await startRecordingService({});
  });
  afterEach(async () => {
    await Promise.all([model.close(), shop.close(), collector.close()]);
  });

  it('sends a span for the turn, each model call and the tool call, nested, with the GenAI and flow attributes', async () => {
    const telemetry = await startTelemetry({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-team=flow%20ops',
      OTEL_SERVICE_NAME: 'support-bot',
    });
    if (!telemetry) throw new Error('telemetry did not start');
    model.push({ toolCalls: [{ name: 'call_shop', arguments: {} }], usage: { prompt_tokens: 40, completion_tokens: 5 } });
    model.push({ content: 'It has shipped.', usage: { prompt_tokens: 60, completion_tokens: 7 } });
    const agent = createAgent({
      doc: httpToolFlow({ url: `${shop.url}/orders/1` }),
      model: createModelClient(modelSettings({ baseUrl: model.baseUrl, model: 'scripted-1' }, {})),
      env: {},
      allowPrivateNetwork: true,
      telemetry: { tracer: telemetry.tracer, planId: 'shop', versionName: 'production', conversationId: 'conv_1' },
    });
    const turn = await agent.turn('Where is my order?');
    expect(turn.reply).toBe('It has shipped.');
    await telemetry.shutdown();

    const { spans, resource } = received(collector);
    expect(resource['service.name']).toBe('support-bot');
    expect(collector.requests.every((r) => r.url === '/v1/traces' && r.headers['x-team'] === 'flow ops')).toBe(true);
    const root = spans.find((s) => s.name === 'invoke_agent shop');
    if (!root) throw new Error(`no turn span in ${spans.map((s) => s.name).join(', ')}`);
    expect(root.parentSpanId).toBe('');
    expect(root.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'flow.plan_id': 'shop',
      'flow.version': 'production',
      'gen_ai.conversation.id': 'conv_1',
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 12,
    });
    const chats = spans.filter((s) => s.name === 'chat scripted-1');
    expect(chats.map((s) => [s.parentSpanId, s.attributes['gen_ai.request.model'], s.attributes['gen_ai.usage.input_tokens']])).toEqual([
      [root.spanId, 'scripted-1', 40],
      [root.spanId, 'scripted-1', 60],
    ]);
    const tool = spans.find((s) => s.name === 'execute_tool call_shop');
    expect(tool?.parentSpanId).toBe(root.spanId);
    expect(tool?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'call_shop',
      'gen_ai.tool.call.id': 'call_1',
      'flow.node_id': 'call',
      'flow.function_type': 'http_calls',
      'flow.plan_id': 'shop',
    });
    expect(shop.requests).toHaveLength(1);
  });

  it('marks a failed tool call as an error span', async () => {
    const telemetry = await startTelemetry({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/custom/traces` });
    if (!telemetry) throw new Error('telemetry did not start');
    model.push({ toolCalls: [{ name: 'call_shop', arguments: {} }] }, { content: 'Sorry.' });
    const agent = createAgent({
      // Private addresses are refused: the tool fails before any connection.
      doc: httpToolFlow({ url: `${shop.url}/orders/1` }),
      model: createModelClient(modelSettings({ baseUrl: model.baseUrl, model: 'scripted-1' }, {})),
      env: {},
      telemetry: { tracer: telemetry.tracer, planId: 'shop', versionName: 'production' },
    });
    await agent.turn('Where is my order?');
    await telemetry.shutdown();
    expect(collector.requests.map((r) => r.url)).toEqual(['/custom/traces']);
    const tool = received(collector).spans.find((s) => s.name === 'execute_tool call_shop');
    expect(tool?.status.code).toBe(2);
    expect(shop.requests).toHaveLength(0);
  });

  it('is off when no OTLP endpoint is set (or the SDK is disabled): nothing starts', async () => {
    expect(await startTelemetry({})).toBeNull();
    expect(await startTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
  });
});
