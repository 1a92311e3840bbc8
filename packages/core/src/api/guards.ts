import { validateFlowDocument, validateFunctionData } from '../format/flowValidator.gen.js';
import type { JsonObject, JsonValue, SessionCreation, SystemPromptResponse, WorkflowStepInstruction } from '../model/types.js';
import type { FlowDocument, FunctionNodeData, Workflow, WorkflowStep } from '../format/types.js';

// Minimal shape checks of response bodies: enough to use them safely, lenient on the rest.

type Id = string | number;

export { isRecord } from '../model/paths.js';
import { isJsonValue, isRecord } from '../model/paths.js';

const isId = (value: unknown): value is Id => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const optionalText = (value: unknown): value is string | null | undefined =>
  value === undefined || value === null || typeof value === 'string';

/** A body with a `result` field (spec section 5: function fetches need it). */
export function hasResult(value: unknown): value is { result: JsonValue } {
  return isRecord(value) && value.result !== undefined;
}

export interface SystemPromptShape {
  system_message: string | null;
  system_message_prefix?: string | null;
  system_message_suffix?: string | null;
}

/** `{ system_message, system_message_prefix?, system_message_suffix? }`, strings or null. */
export function isSystemPromptShape(value: unknown): value is SystemPromptShape {
  return (
    isRecord(value) &&
    (typeof value.system_message === 'string' || value.system_message === null) &&
    optionalText(value.system_message_prefix) &&
    optionalText(value.system_message_suffix)
  );
}

/** The three prompt parts, missing ones as ''. */
export function toSystemPrompt(shape: SystemPromptShape): SystemPromptResponse {
  return {
    system_message: shape.system_message ?? '',
    system_message_prefix: shape.system_message_prefix ?? '',
    system_message_suffix: shape.system_message_suffix ?? '',
  };
}

interface StepShape {
  Query_Instruction: string;
  Chain: Id;
}

/** `{ workflow_steps: [{ Query_Instruction, Chain }] }` as the deconstruct call answers. */
export function isDeconstructBody(value: unknown): value is { workflow_steps: StepShape[] } {
  return (
    isRecord(value) &&
    Array.isArray(value.workflow_steps) &&
    value.workflow_steps.every((step: unknown) => isRecord(step) && typeof step.Query_Instruction === 'string' && isId(step.Chain))
  );
}

/** Steps with their chain index as a string. */
export function toSteps(steps: StepShape[]): WorkflowStepInstruction[] {
  return steps.map((step) => ({ Query_Instruction: step.Query_Instruction, Chain: String(step.Chain) }));
}

/** A list of functions, each function node data as the flow schema defines it. */
export function isFunctionList(value: unknown): value is FunctionNodeData[] {
  return Array.isArray(value) && value.every((item: unknown) => validateFunctionData(item));
}

interface WorkflowShape {
  id: Id;
  name: string;
  description?: unknown;
  updated_at?: unknown;
  plan_id?: unknown;
  json?: unknown;
  planner_response?: JsonValue;
}

const isWorkflowShape = (value: unknown): value is WorkflowShape => isRecord(value) && isId(value.id) && typeof value.name === 'string';

/** An array of workflows, each with an id and a name. */
export function isWorkflowList(value: unknown): value is WorkflowShape[] {
  return Array.isArray(value) && value.every(isWorkflowShape);
}

const isStep = (value: unknown): value is WorkflowStep =>
  isRecord(value) && typeof value.skill === 'string' && typeof value.name === 'string' && isRecord(value.config);

/** A workflow with string id and every field present (missing text as '', steps as []). */
export function toWorkflow(shape: WorkflowShape, planId: string): Workflow {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const json: JsonObject = isRecord(shape.json) ? jsonObject(shape.json) : {};
  // Fresh literals: an interface would not fit the JsonObject side of `Workflow['json']`.
  const steps = (Array.isArray(json.steps) ? json.steps : []).flatMap((step) =>
    isStep(step) ? [{ skill: step.skill, name: step.name, config: step.config }] : [],
  );
  const workflow: Workflow = {
    id: String(shape.id),
    name: shape.name,
    description: text(shape.description),
    updated_at: text(shape.updated_at),
    plan_id: typeof shape.plan_id === 'string' ? shape.plan_id : planId,
    json: { ...json, steps },
  };
  if (shape.planner_response !== undefined) workflow.planner_response = shape.planner_response;
  return workflow;
}

/** The answer of workflows/save: `{ id, name }`, possibly wrapped as `{ workflow: … }`. */
export function isSavedWorkflowBody(value: unknown): value is WorkflowShape | { workflow: WorkflowShape } {
  return isWorkflowShape(value) || (isRecord(value) && isWorkflowShape(value.workflow));
}

/** `{ sessionId, hostedLink }`. */
export function isSessionBody(value: unknown): value is { sessionId: Id; hostedLink: string } {
  return isRecord(value) && isId(value.sessionId) && typeof value.hostedLink === 'string';
}

/** The session with its id as a string. */
export function toSession(body: { sessionId: Id; hostedLink: string }): SessionCreation {
  return { sessionId: String(body.sessionId), hostedLink: body.hostedLink };
}

/**
 * A `flow/1` document as the schema defines it (format/flowSchema.ts): the guard checks everything
 * the type claims. The graph rules (validateFlow) are checked separately.
 */
export const isFlowDocument = (value: unknown): value is FlowDocument => validateFlowDocument(value);

export interface PlanSummary {
  planId: string;
  versions: string[];
  /** When the plan last changed (ISO 8601), when the provider says. */
  updatedAt?: string | null;
  /** Nodes of its production version, when the provider says. */
  nodeCount?: number | null;
}

const optional = (value: unknown, type: 'string' | 'number'): boolean => value === undefined || value === null || typeof value === type;

const isPlanSummary = (value: unknown): value is PlanSummary =>
  isRecord(value) &&
  typeof value.planId === 'string' &&
  Array.isArray(value.versions) &&
  value.versions.every((version: unknown) => typeof version === 'string') &&
  optional(value.updatedAt, 'string') &&
  optional(value.nodeCount, 'number');

/** `[{ planId, versions }]`, bare or wrapped as `{ plans: […] }`. */
export function isPlanList(value: unknown): value is PlanSummary[] | { plans: PlanSummary[] } {
  const list = isRecord(value) ? value.plans : value;
  return Array.isArray(list) && list.every(isPlanSummary);
}

function jsonObject(record: Record<string, unknown>): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(record)) if (isJsonValue(value)) result[key] = value;
  return result;
}
