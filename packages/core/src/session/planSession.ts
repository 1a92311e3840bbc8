import { errorMessage } from '../model/errorMessage.js';
import type { FlowClient } from '../api/client.js';
import { FLOW_NOT_FOUND, PlanNotFoundError, isApiError } from '../api/errors.js';
import type { WritePrecondition } from '../api/flowVersions.js';
import { nodeSchema } from '../compile/nodeSchema.js';
import { analyzeChains } from '../graph/analyzeChains.js';
import { buildFlowFromProvider, flowFunctions } from '../graph/fromProvider.js';
import { walkOrder } from '../format/walk.js';
import { flowMessages, messages } from '../messages.js';

import type { ChainStructure, SystemPromptResponse, WorkflowStepInstruction } from '../model/types.js';
import type { FlowDocument, FunctionNodeData, Workflow } from '../format/types.js';

/** How a plan was read: the provider's whole document, or rebuilt from the spec's calls. */
export type FlowSource = 'document' | 'calls';

export interface LoadedPlan {
  doc: FlowDocument;
  source: FlowSource;
}

export interface PublishedPlan {
  /** When the provider recorded the publish; null when it did not say. */
  publishedAt: string | null;
}

/** What the provider holds after a function was saved: the function, and the re-fetched functions and chains. */
export interface SavedFunction {
  /** The provider's record of the saved function; null when it does not list it. */
  saved: FunctionNodeData | null;
  functions: FunctionNodeData[];
  chains: ChainStructure<FunctionNodeData>;
}

export interface PlanSessionOptions {
  /** Told what failed without stopping a load (the workflows, the deconstruct). Default: nothing. */
  warn?: (message: string) => void;
}

/**
 * One plan version on one provider: how it is loaded, saved and published, the same for the
 * editor and flowctl. Writes run one at a time in the order asked, each sending the version the
 * last one left (If-Match), so a session never makes its own next write stale.
 */
export interface PlanSession {
  readonly planId: string;
  readonly versionName: string;
  /** How the last load read the plan; 'document' before any load. */
  source(): FlowSource;
  /** The version the next write replaces; null before a load or when the provider sends none. */
  etag(): string | null;
  /**
   * The plan as the provider has it. A plan it does not have (through the spec's calls: one with
   * no function and no prompt) throws PlanNotFoundError; the next save or publish then creates it
   * (and fails with a conflict if someone else did first).
   */
  load(): Promise<LoadedPlan>;
  /** Creates the plan version; fails (FlowConflictError) when it exists already. */
  create(doc: FlowDocument): Promise<void>;
  /**
   * Saves the whole flow over the version last seen; a change made elsewhere since then throws
   * FlowConflictError. `overwrite` saves over whatever the provider has now (the person chose so).
   */
  save(doc: FlowDocument, options?: { overwrite?: boolean }): Promise<void>;
  /**
   * Saves one function (setup-function with plan, version and the function), then re-fetches the
   * functions and their chains (spec section 7: "chains are then re-fetched"). In the write queue.
   */
  saveFunction(fn: FunctionNodeData): Promise<SavedFunction>;
  /** The provider's compile of the flow (generate_system_prompt). */
  compile(doc: FlowDocument): Promise<SystemPromptResponse>;
  /**
   * Publishes the flow as it is (its system prompt, context, notes and functions): one atomic
   * change with a provider that keeps documents, else the spec's update-functions then
   * system-prompt-custom.
   */
  publish(doc: FlowDocument): Promise<PublishedPlan>;
}

/** A 5xx of the document endpoint: the spec's calls may still work. */
const isServerFailure = (error: unknown): boolean => isApiError(error) && error.kind === 'http' && (error.status ?? 0) >= 500;

/**
 * The session of a plan version over a client.
 * @example const plan = createPlanSession(client, 'support-desk', 'production'); const { doc } = await plan.load();
 */
export function createPlanSession(client: FlowClient, planId: string, versionName: string, options: PlanSessionOptions = {}): PlanSession {
  const warn = options.warn ?? (() => undefined);
  let source: FlowSource = 'document';
  // The last load found no such plan: the first write creates it, and only if nobody did meanwhile.
  let missing = false;
  const firstWrite = (): WritePrecondition | undefined => (missing ? { create: true } : undefined);
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs a write after every earlier one has settled. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.then(task);
    queue = result.catch(() => undefined);
    return result;
  }

  async function wholeDocument(): Promise<FlowDocument | null> {
    try {
      const loaded = await client.getFlow(planId, versionName);
      missing = false;
      return loaded?.doc ?? null;
    } catch (error) {
      if (error instanceof PlanNotFoundError) missing = true;
      if (isServerFailure(error)) return null;
      throw error;
    }
  }

  /** The value of a call, or its error; a provider that says the version is missing (404 FLOW_NOT_FOUND, as the local one does) gives PlanNotFoundError. */
  function settled<T>(call: PromiseSettledResult<T>): T {
    if (call.status === 'fulfilled') return call.value;
    if (!isApiError(call.reason) || call.reason.code !== FLOW_NOT_FOUND) throw call.reason;
    missing = true;
    throw new PlanNotFoundError(flowMessages.planNotFound(planId, versionName), planId, versionName);
  }

  /** 'Fetching the flow' of spec section 4 through the spec's calls: functions, prompt, deconstruct, the nodes built per step. */
  async function fromCalls(): Promise<FlowDocument> {
    let workflows: Workflow[] = [];
    try {
      workflows = await client.getWorkflows(planId);
    } catch (error) {
      warn(errorMessage(error));
    }
    // Both at once, but a failure is reported in the spec's order (functions first), whichever came back first.
    const [functionsCall, promptCall] = await Promise.allSettled([
      client.getFunctions(planId, versionName),
      client.getSystemPrompt(planId, versionName),
    ]);
    const functions = settled(functionsCall);
    const systemPrompt = settled(promptCall);
    // The spec's calls answer an unknown plan version with nothing rather than a 404: no function
    // and no prompt is a version nobody wrote (a mistyped one), not an empty flow to edit.
    const prompt = [systemPrompt.system_message, systemPrompt.system_message_prefix, systemPrompt.system_message_suffix];
    if (functions.length === 0 && prompt.every((part) => part.trim() === '')) {
      missing = true;
      throw new PlanNotFoundError(flowMessages.planNotFound(planId, versionName), planId, versionName);
    }
    const parts = { planId, versionName, functions, systemPrompt, workflows };
    let steps: WorkflowStepInstruction[] = [];
    if (systemPrompt.system_message.trim() !== '') {
      try {
        const flowSchema = nodeSchema(buildFlowFromProvider({ ...parts, steps: [] }));
        steps = await client.deconstructFlow(planId, versionName, { flowSchema, systemPrompt: systemPrompt.system_message });
      } catch (error) {
        warn(`${messages.failedToDeconstructFlow}: ${errorMessage(error)}`);
      }
    }
    return buildFlowFromProvider({ ...parts, steps });
  }

  const publishPrompt = (doc: FlowDocument) =>
    client.updateCustomSystemPrompt(planId, versionName, {
      system_message_custom: doc.systemPrompt,
      system_message_prefix: doc.agentContext,
      system_message_suffix: doc.agentNotes,
    });

  return {
    planId,
    versionName,
    source: () => source,
    etag: () => client.versions.get(planId, versionName),
    async load() {
      const whole = await wholeDocument();
      source = whole === null ? 'calls' : 'document';
      return { doc: whole ?? (await fromCalls()), source };
    },
    create(doc) {
      return serial(async () => {
        await client.putFlow(planId, versionName, doc, { create: true });
        source = 'document';
        missing = false;
      });
    },
    save(doc, { overwrite = false } = {}) {
      return serial(async () => {
        if (source === 'calls') {
          await client.updateFunctions(planId, versionName, flowFunctions(doc));
          return;
        }
        // Overwrite: take the provider's current version as the one to replace, nothing else of it.
        if (overwrite) await client.getFlow(planId, versionName);
        await client.putFlow(planId, versionName, doc, firstWrite());
        missing = false;
      });
    },
    saveFunction(fn) {
      return serial(async () => {
        await client.setupFunction(planId, versionName, fn);
        missing = false;
        const functions = await client.getFunctions(planId, versionName);
        const saved = functions.find((f) => f.uuid === fn.uuid) ?? null;
        return { saved, functions, chains: analyzeChains(functions) };
      });
    },
    compile(doc) {
      // The edges make the provider compile this flow, not the one it stored before the last edit.
      const request = { flowSchema: nodeSchema(doc), nodes: doc.nodes, nodesInSequence: walkOrder(doc), edges: doc.edges };
      return client.generateSystemPrompt(planId, versionName, request);
    },
    publish(doc) {
      return serial(async (): Promise<PublishedPlan> => {
        if (source === 'document') {
          const published = await client.publishFlow(planId, versionName, doc, firstWrite());
          if (published !== null) {
            missing = false;
            return { publishedAt: published.publishedAt };
          }
          // A provider that keeps documents but has no publish endpoint: the document, then the prompt.
          await client.putFlow(planId, versionName, doc, firstWrite());
          missing = false;
        } else {
          await client.updateFunctions(planId, versionName, flowFunctions(doc));
        }
        await publishPrompt(doc);
        return { publishedAt: null };
      });
    },
  };
}
