import { secretMessages, type FlowDocument } from '@flow/core';
import {
  allowsPrivateNetwork,
  createAgent,
  createModelClient,
  modelSettings,
  preparedOf,
  recordingModel,
  recordingTools,
  type Agent,
  type Cassette,
  type PreparedFlow,
  type ChatMessage,
  type Telemetry,
} from '@flow/runtime';
import type { SecretVault } from '../secrets/secretVault.js';

/** Where the runtime reads the model settings (the provider's environment) and the flows' secrets (its secret store, never the environment). */
export interface RuntimeOptions {
  env: Readonly<Record<string, string | undefined>>;
  secrets: SecretVault;
  /** Where agents' spans go (OTLP), when the provider exports them. */
  telemetry?: Telemetry | null;
}

/** The longest user message a turn takes, in characters (the Playground and served agents alike). */
export const MAX_MESSAGE = 8_000;

/** A flow's agent as the provider runs it, and the values of the secrets its tools were given (to mask in what is kept). */
export interface FlowAgent {
  agent: Agent;
  secretValues: string[];
}

/**
 * The agent of `doc` on the provider: its model settings (a chosen model name at most), only the
 * secrets the flow names and only from the secret store, the private-network guard as configured.
 * Throws ModelNotConfiguredError, and FlowError NO_CHAINS for a flow with nothing to run.
 */
export async function openFlowAgent(
  options: RuntimeOptions,
  flow: FlowDocument | PreparedFlow,
  turn: {
    model?: string;
    history?: { messages: readonly ChatMessage[]; variables: Readonly<Record<string, string>> };
    /** The served conversation the turn belongs to (its spans say so). */
    conversationId?: string;
    /** Keeps the model's answers and the outside calls of the turn (the Playground's 'Save as test'). */
    record?: Cassette;
  } = {},
): Promise<FlowAgent> {
  // A served version's flow comes compiled once, and so does each Playground draft (createDraftFlows).
  const prepared = preparedOf(flow);
  const { doc } = prepared;
  // Only the secrets this flow names, only from the store: the provider's environment is never a flow's.
  const { values, problems } = await options.secrets.values(prepared.secretNames);
  const settings = modelSettings(turn.model === undefined ? {} : { model: turn.model }, options.env);
  const model = createModelClient(settings);
  const agent = createAgent({
    doc: prepared,
    model: turn.record ? recordingModel(model, turn.record) : model,
    ...(turn.record ? { tape: recordingTools(turn.record) } : {}),
    env: values,
    missingSecret: (name) => (Object.hasOwn(problems, name) ? problems[name] : undefined) ?? secretMessages.notSetOnProvider(name),
    allowPrivateNetwork: allowsPrivateNetwork(options.env.FLOW_RUNTIME_ALLOW_PRIVATE),
    ...(turn.history ? { history: turn.history } : {}),
    ...(options.telemetry
      ? {
          telemetry: {
            tracer: options.telemetry.tracer,
            planId: doc.planId,
            versionName: doc.versionName,
            ...(turn.conversationId === undefined ? {} : { conversationId: turn.conversationId }),
          },
        }
      : {}),
  });
  return { agent, secretValues: Object.values(values) };
}
