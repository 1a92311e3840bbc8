import { isJsonValue, isRecord, sseEvents, type FlowDocument, type JsonValue } from '@flow/core';
import { providerUrl, readSetting, writeSetting } from './providerUrl';

/** A tool call of a Playground turn, as the provider's runtime traced it. */
export interface PlaygroundToolCall {
  name: string;
  functionType: string;
  arguments: Record<string, string>;
  output: string;
  error?: string;
  followUp: boolean;
  ms: number;
}

/**
 * What a turn needed from outside (the model's answers, the HTTP and MCP tools' results, the MCP
 * servers' listings), as the provider recorded it: kept as given, so 'Save as test' can hand it
 * back as the test's cassette.
 */
export interface TurnRecording {
  model: JsonValue[];
  tools: JsonValue[];
  mcp?: JsonValue[];
}

const recordingOf = (value: unknown): TurnRecording =>
  isRecord(value) && Array.isArray(value.model) && Array.isArray(value.tools)
    ? {
        model: value.model.filter(isJsonValue),
        tools: value.tools.filter(isJsonValue),
        ...(Array.isArray(value.mcp) ? { mcp: value.mcp.filter(isJsonValue) } : {}),
      }
    : { model: [], tools: [] };

/** What the provider sends back to go on with: the conversation and its variables. */
export interface PlaygroundState {
  messages: unknown[];
  variables: Record<string, string>;
}

function toolCallOf(value: unknown): PlaygroundToolCall | null {
  if (!isRecord(value) || typeof value.name !== 'string') return null;
  const args = isRecord(value.arguments) ? Object.fromEntries(Object.entries(value.arguments).map(([k, v]) => [k, String(v)])) : {};
  return {
    name: value.name,
    functionType: typeof value.functionType === 'string' ? value.functionType : '',
    arguments: args,
    output: typeof value.output === 'string' ? value.output : '',
    ...(typeof value.error === 'string' ? { error: value.error } : {}),
    followUp: value.followUp === true,
    ms: typeof value.ms === 'number' ? value.ms : 0,
  };
}

async function* chunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * One Playground turn: the flow as it is on screen and the conversation so far go to the provider,
 * which runs the agent (model and secrets stay there) and streams the reply's tokens and each tool
 * call. Resolves to the state to send next time; rejects with the provider's message.
 */
export async function playgroundTurn(
  planId: string,
  versionName: string,
  doc: FlowDocument,
  message: string,
  state: PlaygroundState,
  on: { token(text: string): void; tool(call: PlaygroundToolCall): void },
  model?: string,
): Promise<PlaygroundState & { reply: string; recording: TurnRecording }> {
  const response = await fetch(`${providerUrl()}/api/runtime/${encodeURIComponent(planId)}/${encodeURIComponent(versionName)}/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ doc, message, messages: state.messages, variables: state.variables, ...(model ? { model } : {}) }),
  });
  if (!response.ok || response.body === null) {
    const body: unknown = await response.json().catch(() => null);
    const said =
      isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string' ? body.error.message : `HTTP ${response.status}`;
    throw new Error(said);
  }
  for await (const { event, data } of sseEvents(chunks(response.body))) {
    const value: unknown = JSON.parse(data);
    if (event === 'token' && isRecord(value) && typeof value.text === 'string') on.token(value.text);
    else if (event === 'tool') {
      const call = toolCallOf(value);
      if (call) on.tool(call);
    } else if (event === 'error') throw new Error(isRecord(value) && typeof value.message === 'string' ? value.message : 'The turn failed');
    else if (event === 'done' && isRecord(value)) {
      const trace = isRecord(value.trace) ? value.trace : {};
      return {
        reply: typeof trace.reply === 'string' ? trace.reply : '',
        messages: Array.isArray(value.messages) ? value.messages : [],
        variables: isRecord(value.variables) ? Object.fromEntries(Object.entries(value.variables).map(([k, v]) => [k, String(v)])) : {},
        recording: recordingOf(value.recording),
      };
    }
  }
  throw new Error('The provider ended the turn without an answer');
}

/** Local storage key of the editor's model setting: a model name at the provider's endpoint ('' for the provider's own). */
export const PLAYGROUND_MODEL_KEY = 'flow:playgroundModel';

/** The editor's model setting ('' when it uses the provider's FLOW_MODEL). */
export const chosenModel = (): string => readSetting(PLAYGROUND_MODEL_KEY);

export const chooseModel = (name: string): void => writeSetting(PLAYGROUND_MODEL_KEY, name.trim());

/** Whether the provider has a model (the Playground's and Generate Flow's), with its name and host or what to set. */
export async function modelStatus(): Promise<{ configured: boolean; text: string }> {
  const response = await fetch(`${providerUrl()}/api/runtime/settings`, { headers: { Accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!isRecord(body)) return { configured: false, text: '' };
  if (body.configured === true && typeof body.model === 'string')
    return { configured: true, text: `Model: ${body.model} at ${typeof body.endpoint === 'string' ? body.endpoint : 'the provider'}` };
  return { configured: false, text: typeof body.message === 'string' ? body.message : '' };
}

/** The conversation as the judge reads it: each user message, the tool calls made, the reply. */
export interface JudgedTurn {
  user: string;
  reply: string;
  toolCalls: { name: string; arguments: Record<string, string>; output: string; error?: string }[];
}

/** The judge's verdict on a Playground conversation, and its answer as the test's cassette keeps it. */
export interface JudgeVerdict {
  pass: boolean;
  message: string;
  reason: string;
  recording: JsonValue[];
}

/**
 * Asks the provider's model to judge the conversation against a rubric ('Save as test'): the
 * verdict is shown, and its answer goes into the cassette so the saved test replays it offline.
 */
export async function judgeConversation(rubric: string, transcript: readonly JudgedTurn[], model?: string): Promise<JudgeVerdict> {
  const response = await fetch(`${providerUrl()}/api/runtime/judge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ rubric, transcript, ...(model ? { model } : {}) }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isRecord(body) || !isRecord(body.assertion)) {
    const said =
      isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string' ? body.error.message : `HTTP ${response.status}`;
    throw new Error(said);
  }
  const { assertion } = body;
  return {
    pass: assertion.ok === true,
    message: typeof assertion.message === 'string' ? assertion.message : '',
    reason: typeof assertion.reason === 'string' ? assertion.reason : '',
    recording: Array.isArray(body.recording) ? body.recording.filter(isJsonValue) : [],
  };
}
