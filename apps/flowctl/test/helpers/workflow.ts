import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CI_WORKFLOW_FILE } from '../../src/scaffold/ciWorkflow.js';
import { at } from './json.js';
import { sh, type Run } from './shell.js';

export interface WorkflowStep {
  name: string;
  run: string;
  /** The step's `if`, when it has one. */
  condition: string | null;
}

/** The parsed workflow `flowctl init` wrote into `root`. */
export function initWorkflow(root: string): unknown {
  return parse(readFileSync(join(root, ...CI_WORKFLOW_FILE.split('/')), 'utf8'));
}

/** The `run` steps of the init workflow's `check` job, in order (the `uses` steps are GitHub's). */
export function workflowRunSteps(root: string): WorkflowStep[] {
  const steps: unknown = at(initWorkflow(root), 'jobs', 'check', 'steps');
  if (!Array.isArray(steps)) throw new Error(`${CI_WORKFLOW_FILE} has no jobs.check.steps`);
  return steps
    .filter((step) => typeof at(step, 'run') === 'string')
    .map((step) => {
      const condition = at(step, 'if');
      return { name: String(at(step, 'name')), run: String(at(step, 'run')), condition: typeof condition === 'string' ? condition : null };
    });
}

/** Whether a step's `if` holds in `env`; only the `env.NAME != ''` form is weighed, any other throws. */
export function conditionHolds(condition: string | null, env: Record<string, string>): boolean {
  if (condition === null) return true;
  const match = /^env\.(\w+) != ''$/.exec(condition);
  if (!match) throw new Error(`a workflow condition this test cannot weigh: ${condition}`);
  return (env[match[1] ?? ''] ?? '') !== '';
}

/** Runs each run step of the init workflow in `root` as written (as GitHub would), stopping at the first failure. */
export async function runWorkflowSteps(root: string, env: Record<string, string>): Promise<{ step: WorkflowStep; result: Run | null }[]> {
  const done: { step: WorkflowStep; result: Run | null }[] = [];
  for (const step of workflowRunSteps(root)) {
    if (!conditionHolds(step.condition, env)) {
      done.push({ step, result: null });
      continue;
    }
    const result = await sh(step.run, root, env);
    done.push({ step, result });
    if (result.code !== 0) break;
  }
  return done;
}
