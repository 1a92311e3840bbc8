import { readFile, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { idProblem, resolveSecrets, serializeFlow, isRecord } from '@flow/core';
import { stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { CI_WORKFLOW_FILE, ciWorkflow } from '../scaffold/ciWorkflow.js';
import { exampleFlow } from '../scaffold/exampleFlow.js';

export const FLOWS_FOLDER = 'flows';
export const CI_WORKFLOW_PATH = join(...CI_WORKFLOW_FILE.split('/'));

/** A package name npm accepts, from a folder name. */
function packageName(dir: string): string {
  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name === '' ? 'flows' : name.slice(0, 214);
}

async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
}

/** package.json with flowctl as a dev dependency: a new one, or the project's with only that added. */
function packageJson(existing: string | null, dir: string, version: string, file: string): string | null {
  const spec = `^${version}`;
  if (existing === null) {
    const fresh = {
      name: packageName(dir),
      private: true,
      scripts: { validate: `flowctl validate ${FLOWS_FOLDER}`, fmt: `flowctl fmt ${FLOWS_FOLDER}` },
      devDependencies: { flowctl: spec },
    };
    return `${JSON.stringify(fresh, null, 2)}\n`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(existing);
  } catch {
    throw new CliError(
      'BAD_PACKAGE_JSON',
      `${file} is not valid JSON: fix it, or add "flowctl": "${spec}" to its devDependencies yourself`,
      EXIT.findings,
    );
  }
  if (!isRecord(parsed)) throw new CliError('BAD_PACKAGE_JSON', `${file} is not a JSON object`, EXIT.findings);
  const dev = isRecord(parsed.devDependencies) ? parsed.devDependencies : {};
  const deps = isRecord(parsed.dependencies) ? parsed.dependencies : {};
  if ('flowctl' in dev || 'flowctl' in deps) return null;
  return `${JSON.stringify({ ...parsed, devDependencies: { ...dev, flowctl: spec } }, null, 2)}\n`;
}

/** .gitignore with node_modules: a new one, or the project's with the line added. */
function gitignore(existing: string | null): string | null {
  if (existing === null) return 'node_modules/\n';
  if (existing.split(/\r?\n/).some((line) => /^\/?node_modules\/?$/.test(line.trim()))) return null;
  return `${existing}${existing === '' || existing.endsWith('\n') ? '' : '\n'}node_modules/\n`;
}

/**
 * `flowctl init [dir]`: a project that works as written: package.json with flowctl as a dev
 * dependency, .gitignore, an example flow and a CI workflow. The flow and the workflow are never
 * overwritten (nothing is written when one exists); an existing package.json or .gitignore gets
 * only what is missing.
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const dir = invocation.args[0] ?? '.';
  const planId = stringOption(invocation, 'plan') ?? 'example';
  const problem = idProblem(planId);
  if (problem !== null) throw usageError(`Invalid plan id "${planId}": ${problem}`);
  const flowsDir = join(dir, FLOWS_FOLDER);
  const flow = exampleFlow(planId);
  const secretNames = [...new Set(resolveSecrets(flow, {}).missing.map((m) => m.env))];
  const fresh = [
    { path: join(flowsDir, planId, 'production.flow.json'), text: serializeFlow(flow) },
    { path: join(dir, CI_WORKFLOW_PATH), text: ciWorkflow(FLOWS_FOLDER, secretNames) },
  ];
  const existing: string[] = [];
  for (const file of fresh) if (await stat(resolve(ctx.io.cwd, file.path)).catch(() => null)) existing.push(file.path);
  if (existing.length > 0) {
    throw new CliError('EXISTS', `Refusing to overwrite ${existing.join(', ')}: nothing was written`, EXIT.findings);
  }
  const pkgPath = join(dir, 'package.json');
  const ignorePath = join(dir, '.gitignore');
  const pkgBefore = await readIfExists(resolve(ctx.io.cwd, pkgPath));
  const ignoreBefore = await readIfExists(resolve(ctx.io.cwd, ignorePath));
  const merged = [
    { path: pkgPath, before: pkgBefore, text: packageJson(pkgBefore, resolve(ctx.io.cwd, dir), ctx.version, pkgPath) },
    { path: ignorePath, before: ignoreBefore, text: gitignore(ignoreBefore) },
  ];
  const created: string[] = [];
  const updated: string[] = [];
  for (const file of merged) {
    if (file.text === null) continue;
    await writeFileAtomic(file.path, file.text, ctx.io.cwd);
    (file.before === null ? created : updated).push(file.path);
  }
  for (const file of fresh) {
    await writeFileAtomic(file.path, file.text, ctx.io.cwd);
    created.push(file.path);
  }
  const inDir = dir === '.' ? '' : `cd ${dir} && `;
  const next = [
    `${inDir}npm install   # installs flowctl and writes package-lock.json, which the workflow's npm ci needs`,
    `npx flowctl validate ${FLOWS_FOLDER} && npx flowctl serve --dir ${FLOWS_FOLDER} --open`,
    `For the dry run in CI: set the repository variable FLOW_API_URL and the secrets FLOW_TOKEN${secretNames.map((n) => `, ${n}`).join('')}`,
  ];
  return { kind: 'init', data: { dir, flowsDir, created, updated, next }, exitCode: EXIT.ok };
}
