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
      const declared = at(step, 'env');
      const env: Record<string, string> = {};
      if (typeof declared === 'object' && declared !== null) for (const [key, value] of Object.entries(declared)) env[key] = String(value);
      return {
        name: String(at(step, 'name')),
        run: String(at(step, 'run')),
        condition: typeof condition === 'string' ? condition : null,
        env,
      };
    });
}

/** What a workflow's `if` may read: `env.NAME`, `inputs.NAME` and `github.event_name`. */
export interface ConditionContext {
  env?: Record<string, string>;
  inputs?: Record<string, string>;
  eventName: string;
}

/**
 * Whether a step's `if` holds, as GitHub weighs the forms our workflows use: comparisons (`==`,
 * `!=`) of `env.NAME`, `inputs.NAME` or `github.event_name` with a quoted string, joined by `&&`
 * and `||`, in parentheses. Any other expression throws, so a step is never skipped by mistake.
 */
export function conditionHolds(condition: string | null, context: ConditionContext): boolean {
  if (condition === null) return true;
  const tokens = condition.match(/\(|\)|&&|\|\||==|!=|'[^']*'|[\w.-]+|\S/g) ?? [];
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
    if (scope === 'inputs' && name) return context.inputs?.[name] ?? fail();
    return fail();
  };
  const comparison = (): boolean => {
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

/** Runs each run step of the init workflow in `root` as written (as GitHub would, for a `push` unless told), stopping at the first failure. */
export async function runWorkflowSteps(
  root: string,
  env: Record<string, string>,
  eventName = 'push',
  /** What GitHub would set for a step's `env` entries written as `${{ … }}` expressions (the test plays GitHub). */
  expressions: Record<string, string> = {},
): Promise<{ step: WorkflowStep; result: Run | null }[]> {
  const done: { step: WorkflowStep; result: Run | null }[] = [];
  for (const step of workflowRunSteps(root)) {
    if (!conditionHolds(step.condition, { env, eventName })) {
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
    if (result.code !== 0) break;
  }
  return done;
}
