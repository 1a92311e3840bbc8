import { flowMessages, messages } from '../messages.js';
import type { JsonValue, SystemPromptResponse, WorkflowStepInstruction } from '../model/types.js';
import type { FlowEdge, FlowNode, FunctionNodeData, NodeSchema } from '../format/types.js';
import { hasResult, isDeconstructBody, isFunctionList, isRecord, isSystemPromptShape, toSteps, toSystemPrompt } from './guards.js';
import { planPath } from './paths.js';
import type { PlanScope } from './paths.js';
import { expectShape, invalidInput } from './transport.js';
import type { Call, Transport } from './transport.js';

export interface GenerateSystemPromptRequest {
  flowSchema: NodeSchema;
  nodes: readonly FlowNode[];
  nodesInSequence: readonly FlowNode[];
  /** Our extension: with the edges, a provider compiles exactly these nodes rather than what it stored. */
  edges?: readonly FlowEdge[];
}

export interface DeconstructFlowRequest {
  flowSchema: NodeSchema;
  systemPrompt: string;
}

export interface CustomSystemPrompt {
  system_message_custom: string;
  /** Agent context. */
  system_message_prefix: string;
  /** Agent notes. */
  system_message_suffix: string;
}

/** The gpt and mate calls of spec section 7 (bearer token, when set). */
export interface PlanCalls {
  /** POST gpt/…/generate_system_prompt: compiles the flow into the system prompt. */
  generateSystemPrompt(planId: string, versionName: string, request: GenerateSystemPromptRequest): Promise<SystemPromptResponse>;
  /** POST gpt/…/deconstruct_flow: the flow's steps, one per chain. */
  deconstructFlow(planId: string, versionName: string, request: DeconstructFlowRequest): Promise<WorkflowStepInstruction[]>;
  /** GET mate/…/functions: the plan version's functions. */
  getFunctions(planId: string, versionName: string): Promise<FunctionNodeData[]>;
  /** POST mate/…/setup-function: saves one function; resolves to the provider's `result`. */
  setupFunction(planId: string, versionName: string, fn: FunctionNodeData): Promise<JsonValue>;
  /** GET mate/…/system-prompt: the published prompt with its prefix and suffix. */
  getSystemPrompt(planId: string, versionName: string): Promise<SystemPromptResponse>;
  /** POST mate/…/system-prompt-custom: publishes the prompt, context and notes. */
  updateCustomSystemPrompt(planId: string, versionName: string, prompt: CustomSystemPrompt): Promise<void>;
  /** POST mate/…/update-functions: replaces the functions; resolves to the provider's `result`. */
  updateFunctions(planId: string, versionName: string, functions: readonly FunctionNodeData[]): Promise<JsonValue>;
}

/** Refuses an empty plan id or version name before any request. */
export function requirePlanVersion(planId: string, versionName: string): void {
  if (!planId) throw invalidInput(messages.planIdRequired);
  if (!versionName) throw invalidInput(flowMessages.versionNameRequired);
}

interface PlanCallSpec {
  scope: PlanScope;
  action: string;
  failure: string;
  /** A call with a body is a POST, one without a GET. */
  body?: unknown;
  /** The call changes the stored flow: it carries the known version as If-Match. */
  writes?: boolean;
}

/** The gpt and mate calls over one transport. */
export function createPlanCalls(transport: Transport): PlanCalls {
  const call = (planId: string, versionName: string, { scope, action, failure, body, writes }: PlanCallSpec): Call => {
    requirePlanVersion(planId, versionName);
    const path = planPath(scope, planId, versionName, action);
    const common = { path, audience: 'plan', failure: () => failure, ...(writes ? { writes: { planId, versionName } } : {}) } as const;
    return body === undefined ? { ...common, method: 'GET' } : { ...common, method: 'POST', body };
  };
  // Writes answer `{ result }`; a missing one is read as null, as the write itself succeeded.
  const readResult = (json: unknown): JsonValue => (hasResult(json) ? json.result : null);
  const readPrompt = (json: unknown): SystemPromptResponse => toSystemPrompt(expectShape(json, isSystemPromptShape));

  return {
    async generateSystemPrompt(planId, versionName, request) {
      const failure = messages.failedToGenerateSystemPrompt;
      const c = call(planId, versionName, { scope: 'gpt', action: 'generate_system_prompt', failure, body: request });
      // The spec leaves the answer's fields unread; accept it bare or wrapped in `result`.
      return transport.send(c, (json) => readPrompt(isRecord(json) && isRecord(json.result) ? json.result : json));
    },
    async deconstructFlow(planId, versionName, request) {
      const failure = messages.failedToDeconstructFlow;
      const c = call(planId, versionName, { scope: 'gpt', action: 'deconstruct_flow', failure, body: request });
      return transport.send(c, (json) => toSteps(expectShape(json, isDeconstructBody).workflow_steps));
    },
    async getFunctions(planId, versionName) {
      const failure = messages.failedToFetchFunctions;
      const c = call(planId, versionName, { scope: 'mate', action: 'functions', failure });
      return transport.send(c, (json) => expectShape(expectShape(json, hasResult).result, isFunctionList));
    },
    async setupFunction(planId, versionName, fn) {
      const body = { plan_id: planId, version_name: versionName, function: fn };
      const failure = flowMessages.failedToSaveFunction;
      const c = call(planId, versionName, { scope: 'mate', action: 'setup-function', failure, body, writes: true });
      return transport.send(c, readResult);
    },
    async getSystemPrompt(planId, versionName) {
      const failure = messages.failedToFetchSystemPrompt;
      const c = call(planId, versionName, { scope: 'mate', action: 'system-prompt', failure });
      return transport.send(c, (json) => readPrompt(expectShape(json, hasResult).result));
    },
    async updateCustomSystemPrompt(planId, versionName, prompt) {
      const { system_message_custom, system_message_prefix, system_message_suffix } = prompt;
      const body = { system_message_custom, system_message_prefix, system_message_suffix };
      const failure = messages.failedToUpdateCustomSystemPrompt;
      const c = call(planId, versionName, { scope: 'mate', action: 'system-prompt-custom', failure, body, writes: true });
      await transport.send(c, () => undefined);
    },
    async updateFunctions(planId, versionName, functions) {
      const failure = flowMessages.failedToUpdateFunctions;
      const c = call(planId, versionName, { scope: 'mate', action: 'update-functions', failure, body: { functions }, writes: true });
      return transport.send(c, readResult);
    },
  };
}
