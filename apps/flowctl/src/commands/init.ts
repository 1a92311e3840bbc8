import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serializeFlow } from '@flow/core';
import { stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { ciWorkflow } from '../scaffold/ciWorkflow.js';
import { exampleFlow } from '../scaffold/exampleFlow.js';

export const FLOWS_FOLDER = 'flows';
export const CI_WORKFLOW_PATH = join('.github', 'workflows', 'flows.yml');
const PLAN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export interface InitReport {
  dir: string;
  flowsDir: string;
  /** Files written, relative to the current folder. */
  created: string[];
}

/** `flowctl init [dir]`: a flows folder with an example flow and a CI workflow; overwrites nothing. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const dir = invocation.args[0] ?? '.';
  const planId = stringOption(invocation, 'plan') ?? 'example';
  if (!PLAN_ID.test(planId)) throw usageError(`Invalid plan id "${planId}": use letters, digits, ".", "_" and "-"`);
  const flowsDir = join(dir, FLOWS_FOLDER);
  const files = [
    { path: join(flowsDir, planId, 'production.flow.json'), text: serializeFlow(exampleFlow(planId)) },
    { path: join(dir, CI_WORKFLOW_PATH), text: ciWorkflow(FLOWS_FOLDER) },
  ];
  const existing: string[] = [];
  for (const file of files) if (await stat(resolve(ctx.io.cwd, file.path)).catch(() => null)) existing.push(file.path);
  if (existing.length > 0) {
    throw new CliError('EXISTS', `Refusing to overwrite ${existing.join(', ')}: nothing was written`, EXIT.findings);
  }
  for (const file of files) await writeFileAtomic(file.path, file.text, ctx.io.cwd);
  const data: InitReport = { dir, flowsDir, created: files.map((f) => f.path) };
  return { kind: 'init', data, exitCode: EXIT.ok };
}
