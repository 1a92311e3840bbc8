import { errorMessage, functionDefinition, isRecord, secretMessages, type FlowDocument, type McpHost, type McpToolInfo } from '@flow/core';
import type { ChatMessage, ToolCallRequest } from './chat.js';
import type { ToolTape } from './cassette.js';
import { DEFAULT_LIMITS, executeTool, hostOf, type RuntimeLimits, type ToolContext, type ToolResult } from './executeTool.js';
import { callMcpTool, listMcpTools } from './mcpClient.js';
import type { ModelClient } from './modelClient.js';
import type { NetworkSeams } from './guardedFetch.js';
import { modelCallSpan, toolCallSpan, turnSpan, type AgentTelemetry } from './telemetry.js';
import type { FlowTool } from './tools.js';
import { preparedOf, type PreparedFlow } from './preparedFlow.js';

/** One tool call of a turn, as the trace shows it. */
export interface ToolCallTrace {
  name: string;
  functionType: string;
  nodeId: string;
  arguments: Record<string, string>;
  output: string;
  /** Set when the tool failed (the model was told). */
  error?: string;
  /** Run because the step before names it as its follow-up (post action), not asked by the model. */
  followUp: boolean;
  ms: number;
}

/** Everything one turn did. */
export interface TurnTrace {
  user: string;
  reply: string;
  /** The messages this turn added: the user's, the model's (tool calls included) and the tools' answers. */
  messages: ChatMessage[];
  toolCalls: ToolCallTrace[];
  modelCalls: number;
  tokens: { prompt: number; completion: number };
  /** From the user's message to the first token of the reply, when it streamed. */
  firstTokenMs: number | null;
  ms: number;
  /** Why the turn ended early, when it did (too many tool calls). */
  stopped?: string;
}

export interface AgentOptions {
  /** The flow, or the same prepared once for many agents (`prepareFlow`). */
  doc: FlowDocument | PreparedFlow;
  model: ModelClient;
  /**
   * Where `{ "env": NAME }` secrets of the flow are read: the provider's secret store (only the
   * names the flow uses), or on a developer's machine its environment.
   */
  env: Readonly<Record<string, string | undefined>>;
  /** What a tool whose secret is not in `env` answers instead of running. Default: set it in the environment. */
  missingSecret?: (name: string) => string;
  /** Lets HTTP tools reach loopback, private and link-local addresses (local development). */
  allowPrivateNetwork?: boolean;
  /** Where HTTP tools' host names resolve and which addresses are private (tests give their own). */
  network?: NetworkSeams;
  limits?: Partial<RuntimeLimits>;
  /** Keeps or replays the calls to outside services (HTTP tools), for conversation tests. */
  tape?: ToolTape;
  /** A conversation to go on with (its messages after the system prompt, and its variables). */
  history?: { messages: readonly ChatMessage[]; variables: Readonly<Record<string, string>> };
  /** Where the turns' spans go (`startTelemetry`); none by default, and then nothing is traced. */
  telemetry?: AgentTelemetry;
}

export interface TurnOptions {
  /** The reply's text as it streams. */
  onToken?: (text: string) => void;
  /** Each tool call once it is done. */
  onToolCall?: (call: ToolCallTrace) => void;
  /** Sampling of this turn's model calls (a served client's `temperature`); the endpoint's default otherwise. */
  temperature?: number;
  /** The most tokens each model call of this turn may answer (a served client's `max_tokens`). */
  maxTokens?: number;
}

/** A conversation with a flow: its messages and variables carry from turn to turn. */
export interface Agent {
  readonly tools: readonly FlowTool[];
  readonly messages: readonly ChatMessage[];
  readonly variables: Readonly<Record<string, string>>;
  /** One user message to the reply, with every tool call between; `onToken` gets the reply as it streams. */
  turn(user: string, options?: TurnOptions): Promise<TurnTrace>;
  /** Back to the start: only the system prompt, no variables. */
  reset(): void;
  close(): Promise<void>;
}

function parseArguments(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (!isRecord(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  } catch {
    return {};
  }
}

/**
 * Runs a flow as an agent: the compiled system prompt (prefix, message, suffix), its function nodes
 * as tools, and a chat loop over the model. A flow's secrets are resolved from `env` for its tools
 * only; they never enter a message.
 */
export function createAgent(options: AgentOptions): Agent {
  const prepared = preparedOf(options.doc);
  const { compiledPrompt: system } = prepared;
  const { missing, tools: shared } = prepared.resolvedFor(options.env);
  // A tool whose secret is missing is never run with an empty credential: it says which one is missing.
  const missingByNode = new Map<string, string>();
  for (const { nodeId, env } of missing)
    if (!missingByNode.has(nodeId)) missingByNode.set(nodeId, options.missingSecret?.(env) ?? secretMessages.missingSecretVariables(env));
  // A tool whose parameters are read from outside gets them set on its spec: each agent has its own copy of those.
  const tools = shared.map((t) =>
    functionDefinition(t.data.type)?.tool?.prepare === undefined ? t : { ...t, spec: { ...t.spec, function: { ...t.spec.function } } },
  );
  const byName = new Map(tools.map((t) => [t.spec.function.name, t]));
  const byNode = new Map(tools.map((t) => [t.nodeId, t]));
  const limits: RuntimeLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const allowPrivateNetwork = options.allowPrivateNetwork ?? false;
  const mcpPolicy = { allowPrivateNetwork, maxResponseBytes: limits.maxResponseBytes, ...options.network };
  // One listing per server for the agent's life: the tool spec and every call read the same one.
  const listings = new Map<string, Promise<McpToolInfo[]>>();
  const mcp: McpHost = {
    listTools(server) {
      let listing = listings.get(server.url);
      if (listing === undefined) {
        const list = () => listMcpTools(server, mcpPolicy);
        listing = options.tape ? options.tape.listing(server.url, list) : list();
        listings.set(server.url, listing);
        // A failed listing is tried again at the next turn (the server may be back).
        listing.catch(() => listings.delete(server.url));
      }
      return listing;
    },
    callTool: (server, name, args) => callMcpTool(server, name, args, mcpPolicy),
  };
  // Tools whose arguments come from outside (an MCP tool's schema): read once before the model first sees them.
  const unprepared = new Set(tools.filter((t) => functionDefinition(t.data.type)?.tool?.prepare !== undefined));
  const notPrepared = new Map<string, string>();
  async function prepareTools(ctx: ToolContext): Promise<void> {
    for (const tool of unprepared) {
      const definition = functionDefinition(tool.data.type)?.tool;
      if (definition?.prepare === undefined) continue;
      // Never asked with an empty credential: the call says which secret is missing.
      if (missingByNode.has(tool.nodeId)) continue;
      try {
        tool.spec.function.parameters = await definition.prepare(tool.data.metadata, hostOf(ctx));
        unprepared.delete(tool);
        notPrepared.delete(tool.nodeId);
      } catch (error) {
        notPrepared.set(tool.nodeId, errorMessage(error));
      }
    }
  }
  let messages: ChatMessage[] = [
    { role: 'system', content: system },
    ...(options.history?.messages.filter((m) => m.role !== 'system') ?? []),
  ];
  let variables: Record<string, string> = { ...options.history?.variables };

  async function runTool(tool: FlowTool, args: Record<string, string>, followUp: boolean, ctx: ToolContext): Promise<ToolCallTrace> {
    const started = performance.now();
    const outside = functionDefinition(tool.data.type)?.tool?.outside === true;
    const replayed = outside ? options.tape?.replay(tool.spec.function.name, args) : undefined;
    let result: ToolResult;
    const missingSecret = missingByNode.get(tool.nodeId);
    const unready = notPrepared.get(tool.nodeId);
    if (missingSecret !== undefined && replayed === undefined) {
      result = { ok: false, error: missingSecret };
    } else if (unready !== undefined && replayed === undefined) {
      result = { ok: false, error: unready };
    } else if (replayed !== undefined) {
      Object.assign(ctx.variables, replayed.variables);
      result = replayed.result;
    } else {
      const before = { ...ctx.variables };
      result = await executeTool(tool, args, ctx);
      const set = Object.fromEntries(Object.entries(ctx.variables).filter(([k, v]) => before[k] !== v));
      if (outside) options.tape?.record({ name: tool.spec.function.name, arguments: args, result, variables: set });
    }
    const trace: ToolCallTrace = {
      name: tool.spec.function.name,
      functionType: tool.data.type,
      nodeId: tool.nodeId,
      arguments: args,
      output: result.ok ? result.output.slice(0, limits.maxOutputChars) : '',
      followUp,
      ms: Math.round(performance.now() - started),
    };
    if (!result.ok) trace.error = result.error;
    return trace;
  }

  return {
    tools,
    get messages() {
      return messages;
    },
    get variables() {
      return variables;
    },
    reset() {
      messages = [{ role: 'system', content: system }];
      variables = {};
    },
    async close() {
      // Connections belong to the guard's shared pools (idle ones do not hold the process open): nothing of the agent's own to close.
    },
    turn(user, { onToken, onToolCall, temperature, maxTokens } = {}) {
      return turnSpan(options.telemetry, async (span) => {
        const started = performance.now();
        const trace: TurnTrace = {
          user,
          reply: '',
          messages: [],
          toolCalls: [],
          modelCalls: 0,
          tokens: { prompt: 0, completion: 0 },
          firstTokenMs: null,
          ms: 0,
        };
        const first = messages.length;
        messages.push({ role: 'user', content: user });
        const ctx: ToolContext = {
          variables,
          model: options.model,
          allowPrivateNetwork,
          limits,
          mcp,
          ...(options.network ? { network: options.network } : {}),
        };
        if (unprepared.size > 0) await prepareTools(ctx);
        for (;;) {
          const reply = await modelCallSpan(options.telemetry, span, options.model.model, () =>
            options.model.chat(
              messages,
              tools.map((t) => t.spec),
              {
                ...(onToken ? { onToken } : {}),
                ...(temperature === undefined ? {} : { temperature }),
                ...(maxTokens === undefined ? {} : { maxTokens }),
              },
            ),
          );
          trace.modelCalls++;
          trace.tokens.prompt += reply.usage.promptTokens;
          trace.tokens.completion += reply.usage.completionTokens;
          if (reply.firstTokenMs !== null && trace.firstTokenMs === null)
            trace.firstTokenMs = performance.now() - started - reply.ms + reply.firstTokenMs;
          if (reply.toolCalls.length === 0) {
            trace.reply = reply.content;
            messages.push({ role: 'assistant', content: reply.content });
            break;
          }
          messages.push({ role: 'assistant', content: reply.content || null, tool_calls: reply.toolCalls });
          for (const call of reply.toolCalls) await answerCall(call);
          if (trace.toolCalls.length >= limits.maxToolCalls) {
            trace.stopped = `Stopped after ${limits.maxToolCalls} tool calls in one turn`;
            trace.reply = trace.stopped;
            messages.push({ role: 'assistant', content: trace.stopped });
            break;
          }
        }
        trace.messages = messages.slice(first);
        trace.ms = Math.round(performance.now() - started);
        span?.setAttributes({ 'gen_ai.usage.input_tokens': trace.tokens.prompt, 'gen_ai.usage.output_tokens': trace.tokens.completion });
        return trace;

        async function answerCall(call: ToolCallRequest): Promise<void> {
          const tool = byName.get(call.function.name);
          if (tool === undefined || trace.toolCalls.length >= limits.maxToolCalls) {
            const error =
              tool === undefined
                ? `There is no tool named ${call.function.name}`
                : `Stopped after ${limits.maxToolCalls} tool calls in one turn`;
            messages.push({ role: 'tool', tool_call_id: call.id, content: `Error: ${error}` });
            return;
          }
          const outputs: string[] = [];
          let current: FlowTool | undefined = tool;
          let args = parseArguments(call.function.arguments);
          let followUp = false;
          // The step's post action: a follow-up function runs next, on the variables so far.
          while (current !== undefined && trace.toolCalls.length < limits.maxToolCalls) {
            const running = current;
            const step = await toolCallSpan(
              options.telemetry,
              span,
              {
                name: running.spec.function.name,
                nodeId: running.nodeId,
                functionType: running.data.type,
                ...(followUp ? {} : { callId: call.id }),
              },
              () => runTool(running, args, followUp, ctx),
            );
            trace.toolCalls.push(step);
            onToolCall?.(step);
            outputs.push(step.error === undefined ? step.output : `Error: ${step.error}`);
            if (step.error !== undefined || current.data.post_action_type !== 'function') break;
            current = byNode.get(current.data.post_action_function_id);
            args = {};
            followUp = true;
          }
          messages.push({ role: 'tool', tool_call_id: call.id, content: outputs.join('\n\n') });
        }
      });
    },
  };
}
