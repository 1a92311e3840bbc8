import type { Workflow } from '@flow/core';
import { requiredOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT } from '../errors.js';
import type { WorkflowSummary } from '../reports.js';

const summary = (w: Workflow): WorkflowSummary => ({
  id: w.id,
  name: w.name,
  updated_at: w.updated_at,
  description: w.description,
  steps: Array.isArray(w.json.steps) ? w.json.steps.length : 0,
});

/** `flowctl workflows list --plan ID`: the plan's saved workflows. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const planId = requiredOption(invocation, 'plan');
  const client = await ctx.client();
  const workflows = await ctx.task(`Loading workflows of ${planId}…`, () => client.getWorkflows(planId));
  return { kind: 'workflows list', data: { planId, workflows: workflows.map(summary) }, exitCode: EXIT.ok };
}
