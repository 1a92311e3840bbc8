import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CI_WORKFLOW_FILE } from '../../src/scaffold/ciWorkflow.js';
import { at } from './json.js';
import { sh, type Run } from './shell.js';

export interface WorkflowStep {
  name: string;
  /** The step's `id`, by which later steps read its outcome. */
  id: string | null;
  run: string;
  /** The step's `if`, when it has one. */
  condition: string | null;
  /** The step's own `env`, as written (values may be `${{ … }}` expressions). */
  env: Record<string, string>;
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
      const id = at(step, 'id');
      const declared = at(step, 'env');
      const env: Record<string, string> = {};
      if (typeof declared === 'object' && declared !== null) for (const [key, value] of Object.entries(declared)) env[key] = String(value);
      return {
        name: String(at(step, 'name')),
        id: typeof id === 'string' ? id : null,
        run: String(at(step, 'run')),
        condition: typeof condition === 'string' ? condition : null,
        env,
      };
    });
}

/** What a workflow's `if` may read: `env.NAME`, `inputs.NAME`, `github.event_name`, `steps.ID.outcome` and the job's status. */
export interface ConditionContext {
  env?: Record<string, string>;
  inputs?: Record<string, string>;
  eventName: string;
  /** A step before this one failed (`success()` is false, `failure()` true). */
  failed?: boolean;
  /** The outcome of each earlier step with an id: `success`, `failure` or `skipped`. */
  outcomes?: Record<string, string>;
}

const STATUS_CHECK = /\b(success|failure|always|cancelled)\(\)/;

/**
 * Whether a step's `if` holds, as GitHub weighs the forms our workflows use: comparisons (`==`,
 * `!=`) of `env.NAME`, `inputs.NAME`, `github.event_name` or `steps.ID.outcome` with a quoted
 * string, the status checks `success()`, `failure()`, `always()` and `cancelled()` (never
 * cancelled here), `!`, joined by `&&` and `||`, in parentheses, bare or in `${{ }}`. Without a
 * status check, `success() &&` is implied, as GitHub does. Any other expression throws, so a step
 * is never skipped by mistake.
 */
export function conditionHolds(condition: string | null, context: ConditionContext): boolean {
  const failed = context.failed ?? false;
  if (condition === null) return !failed;
  const expression = /^\$\{\{([\s\S]*)\}\}$/.exec(condition.trim())?.[1] ?? condition;
  if (!STATUS_CHECK.test(expression) && failed) return false;
  const tokens = expression.match(/\(|\)|&&|\|\||==|!=|'[^']*'|[\w.-]+|\S/g) ?? [];
  let at = 0;
  const fail = (): never => {
    throw new Error(`a workflow condition this test cannot weigh: ${condition}`);
  };
  const operand = (): string => {
    const token = tokens[at++] ?? fail();
    if (token.startsWith("'")) return token.slice(1, -1);
    if (token === 'github.event_name') return context.eventName;
    const [scope, name] = token.split(/\.(.*)/s);
    if (scope === 'env' && name) return context.env?.[name] ?? '';
    const outcome = /^steps\.([\w-]+)\.outcome$/.exec(token)?.[1];
    if (outcome !== undefined) return context.outcomes?.[outcome] ?? '';
    if (scope === 'inputs' && name) return context.inputs?.[name] ?? fail();
    return fail();
  };
  const status: Record<string, boolean> = { success: !failed, failure: failed, always: true, cancelled: false };
  const comparison = (): boolean => {
    if (tokens[at] === '!') {
      at++;
      return !comparison();
    }
    const check = status[tokens[at] ?? ''];
    if (check !== undefined && tokens[at + 1] === '(' && tokens[at + 2] === ')') {
      at += 3;
      return check;
    }
    if (tokens[at] === '(') {
      at++;
      const value = or();
      if (tokens[at++] !== ')') fail();
      return value;
    }
    const left = operand();
    const op = tokens[at++];
    const right = operand();
    if (op === '==') return left === right;
    if (op === '!=') return left !== right;
    return fail();
  };
  const and = (): boolean => {
    let value = comparison();
    while (tokens[at] === '&&') {
      at++;
      value = comparison() && value;
    }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (tokens[at] === '||') {
      at++;
      value = and() || value;
    }
    return value;
  };
  const result = or();
  if (at !== tokens.length) fail();
  return result;
}

/**
 * Runs each run step of the init workflow in `root` as written (as GitHub would, for a `push` unless
 * told): after a failure, only the steps whose `if` asks for it (`failure()`, `always()`, a failed
 * step's outcome) run; the others are listed with no result.
 */
export async function runWorkflowSteps(
  root: string,
  env: Record<string, string>,
  eventName = 'push',
  /** What GitHub would set for a step's `env` entries written as `${{ … }}` expressions (the test plays GitHub). */
  expressions: Record<string, string> = {},
): Promise<{ step: WorkflowStep; result: Run | null }[]> {
  const done: { step: WorkflowStep; result: Run | null }[] = [];
  const outcomes: Record<string, string> = {};
  let failed = false;
  for (const step of workflowRunSteps(root)) {
    if (!conditionHolds(step.condition, { env, eventName, failed, outcomes })) {
      if (step.id !== null) outcomes[step.id] = 'skipped';
      done.push({ step, result: null });
      continue;
    }
    const stepEnv: Record<string, string> = {};
    for (const [key, value] of Object.entries(step.env)) {
      const given = value.includes('${{') ? expressions[key] : value;
      if (given === undefined) throw new Error(`${step.name}: give the value GitHub would set for ${key} (${value})`);
      stepEnv[key] = given;
    }
    const result = await sh(step.run, root, { ...env, ...stepEnv });
    done.push({ step, result });
    if (step.id !== null) outcomes[step.id] = result.code === 0 ? 'success' : 'failure';
    if (result.code !== 0) failed = true;
  }
  return done;
}
