import { messages, type JsonObject, type Workflow } from '@flow/core';
import { HttpError } from './http/HttpError.js';
import { requireId } from './ids.js';
import { isJsonObject, isJsonValue, isRecord } from './guards.js';

/** The plan of a workflow saved without one, as the create-workflow page of 'default' does. */
export const DEFAULT_PLAN_ID = 'default';

const invalid = (detail?: string): HttpError =>
  new HttpError(400, 'INVALID_WORKFLOW', detail ? `${messages.invalidWorkflowData}: ${detail}` : messages.invalidWorkflowData);

// A type literal, not the WorkflowStep interface: only the literal fits `json`'s JsonObject side.
type StepLiteral = { skill: string; name: string; config: JsonObject };

function stepOf(value: unknown, index: number): StepLiteral {
  const at = `json.steps[${index}]`;
  if (!isRecord(value)) throw invalid(`${at} must be an object`);
  if (typeof value.skill !== 'string') throw invalid(`${at}.skill must be a string`);
  if (typeof value.name !== 'string') throw invalid(`${at}.name must be a string`);
  const config = value.config ?? {};
  if (!isJsonObject(config)) throw invalid(`${at}.config must be an object`);
  return { skill: value.skill, name: value.name, config };
}

function jsonOf(value: unknown): Workflow['json'] {
  if (value === undefined || value === null) return { steps: [] };
  if (!isJsonObject(value)) throw invalid('json must be an object');
  const rawSteps = value.steps ?? [];
  if (!Array.isArray(rawSteps)) throw invalid('json.steps must be an array');
  const rest: JsonObject = { ...value };
  delete rest.steps;
  return { ...rest, steps: rawSteps.map(stepOf) };
}

function idOf(value: unknown, newId: () => string): string {
  if (value === undefined || value === null || value === '') return newId();
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return requireId(value, 'workflow id');
}

/**
 * The workflow to store from a save request: it needs a name ('Invalid workflow data');
 * a missing id is assigned, a missing plan is 'default', updated_at is now.
 */
export function workflowFromRequest(body: unknown, now: string, newId: () => string): Workflow {
  if (!isRecord(body) || typeof body.name !== 'string' || body.name.trim() === '') throw invalid();
  if (body.description !== undefined && body.description !== null && typeof body.description !== 'string') {
    throw invalid('description must be a string');
  }
  const planId =
    body.plan_id === undefined || body.plan_id === null || body.plan_id === '' ? DEFAULT_PLAN_ID : requireId(body.plan_id, 'plan_id');
  const workflow: Workflow = {
    id: idOf(body.id, newId),
    name: body.name,
    description: typeof body.description === 'string' ? body.description : '',
    updated_at: now,
    plan_id: planId,
    json: jsonOf(body.json),
  };
  if (body.planner_response !== undefined) {
    if (!isJsonValue(body.planner_response)) throw invalid('planner_response must be JSON');
    workflow.planner_response = body.planner_response;
  }
  return workflow;
}

/** A stored workflow file read back: the same shape checks, nothing assigned. */
export function isStoredWorkflow(value: unknown): value is Workflow {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.name !== 'string') return false;
  try {
    workflowFromRequest(value, '', () => '');
    return true;
  } catch {
    return false;
  }
}
