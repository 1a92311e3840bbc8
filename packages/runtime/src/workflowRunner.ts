import { isRecord, type JsonObject, type JsonValue, type Workflow, type WorkflowStep, errorMessage, fillTemplate } from '@flow/core';
import { DEFAULT_LIMITS } from './executeTool.js';
import { guardedFetch, type NetworkSeams } from './guardedFetch.js';
import type { ModelClient } from './modelClient.js';

/** What one step of a workflow did. */
export interface StepTrace {
  name: string;
  skill: string;
  status: 'done' | 'failed' | 'not configured';
  /** What the step said (a message, the model's answer, the webhook's text). */
  output: string;
  /** Values the step set (a form's answers, a webhook's fields). */
  variables: Record<string, string>;
  ms: number;
}

export interface WorkflowRun {
  workflow: string;
  steps: StepTrace[];
  variables: Record<string, string>;
  /** Every step ran; otherwise the run stopped at the step that failed or is not configured. */
  completed: boolean;
}

export interface WorkflowRunOptions {
  model?: ModelClient;
  /** Webhooks by skill name: every skill but form, message and model calls its URL. */
  skills?: Readonly<Record<string, string>>;
  /** Answers to a form's fields: asked (on a terminal) or given. */
  ask(field: { name: string; label: string }, step: string): Promise<string>;
  allowPrivateNetwork?: boolean;
  timeoutMs?: number;
  /** Where webhooks' host names resolve and which addresses are private (tests give their own). */
  network?: NetworkSeams;
}

/** The steps the runtime runs itself; any other skill is a webhook of the provider's settings. */
export const BUILT_IN_SKILLS = ['form', 'message', 'model'] as const;

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');

function formFields(config: JsonObject): { name: string; label: string }[] {
  const fields = config.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field) => {
    if (typeof field === 'string') return [{ name: field, label: field.replace(/_/g, ' ') }];
    if (isRecord(field) && typeof field.name === 'string')
      return [{ name: field.name, label: typeof field.label === 'string' ? field.label : field.name }];
    return [];
  });
}

/** The answers a form step needs, so a page can ask them before the step runs. */
export function stepFields(step: WorkflowStep): { name: string; label: string }[] {
  return step.skill === 'form' ? formFields(step.config) : [];
}

/**
 * Runs one step of a workflow with the variables so far: a `form` takes its fields' answers (asked
 * through `ask`), a `message` says its text, a `model` step asks the model (its `prompt`), and any
 * other skill calls the webhook configured for it (POST `{ skill, step, config, variables }`; a
 * JSON object answer sets variables). A skill with no webhook is 'not configured': nothing is
 * pretended.
 */
export async function runStep(
  step: WorkflowStep,
  variables: Readonly<Record<string, string>>,
  options: WorkflowRunOptions,
): Promise<StepTrace> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const started = performance.now();
  const trace: StepTrace = { name: step.name, skill: step.skill, status: 'done', output: '', variables: {}, ms: 0 };
  try {
    if (step.skill === 'form') {
      for (const field of formFields(step.config)) trace.variables[field.name] = await options.ask(field, step.name);
      trace.output = Object.keys(trace.variables).length > 0 ? `Filled: ${Object.keys(trace.variables).join(', ')}` : 'No fields';
    } else if (step.skill === 'message') {
      trace.output = fillTemplate(text(step.config.text) || text(step.config.message), variables);
    } else if (step.skill === 'model') {
      if (options.model === undefined) throw new Error('No model is configured for this step');
      const reply = await options.model.chat(
        [
          { role: 'system', content: fillTemplate(text(step.config.prompt), variables) },
          { role: 'user', content: JSON.stringify(variables) },
        ],
        [],
      );
      trace.output = reply.content;
      const into = text(step.config.output);
      if (into !== '') trace.variables[into] = reply.content;
    } else {
      // Own keys only: a step whose skill is `toString` is not configured.
      const url = options.skills !== undefined && Object.hasOwn(options.skills, step.skill) ? options.skills[step.skill] : undefined;
      if (url === undefined) {
        trace.status = 'not configured';
        trace.output = `The skill ${step.skill} is not configured: give it a webhook (skills: { "${step.skill}": "https://…" })`;
      } else {
        const response = await guardedFetch(
          url,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ skill: step.skill, step: step.name, config: step.config, variables }),
          },
          {
            allowPrivateNetwork: options.allowPrivateNetwork ?? false,
            timeoutMs,
            maxResponseBytes: DEFAULT_LIMITS.maxResponseBytes,
            ...options.network,
          },
        );
        const body = (await response.text()).text;
        if (!response.ok) throw new Error(`The ${step.skill} webhook answered ${response.status}`);
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          parsed = undefined;
        }
        if (isRecord(parsed))
          for (const [k, v] of Object.entries(parsed))
            if (k !== 'message') trace.variables[k] = typeof v === 'string' ? v : JSON.stringify(v);
        trace.output = isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : body.slice(0, 2000);
      }
    }
  } catch (error) {
    trace.status = 'failed';
    trace.output = errorMessage(error);
  }
  trace.ms = Math.round(performance.now() - started);
  return trace;
}

/** Runs a saved workflow's steps in order (runStep), stopping at a step that failed or is not configured. */
export async function runWorkflow(workflow: Workflow, options: WorkflowRunOptions): Promise<WorkflowRun> {
  const variables: Record<string, string> = {};
  const steps: StepTrace[] = [];
  for (const step of workflow.json.steps) {
    const trace = await runStep(step, variables, options);
    Object.assign(variables, trace.variables);
    steps.push(trace);
    if (trace.status !== 'done') return { workflow: workflow.name, steps, variables, completed: false };
  }
  return { workflow: workflow.name, steps, variables, completed: true };
}
