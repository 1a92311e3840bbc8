import {
  ApiError,
  PlanNotFoundError,
  compileFlow,
  idProblem,
  createPlanSession,
  emptyFlow,
  messages,
  missingSecretsMessage,
  plainSecretPaths,
  referencedSecretNames,
  resolveSecrets,
  ruleFinding,
  secretMessages,
  validateFlowText,
  type FlowClient,
  type FlowDocument,
  type Workflow,
  type WritePrecondition,
} from '@flow/core';
import { argument, flagOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, fileError, usageError } from '../errors.js';
import { publishTarget, type PlanVersion } from '../files/flowPath.js';
import { inFile, requireFlowFile } from '../files/readFlowFile.js';
import { readTestFiles } from '../files/testFiles.js';
import { publishDiff, workflowsToSave } from '../diff/publishDiff.js';
import { toCliError } from '../toCliError.js';
import type { PublishReport, RollbackReport } from '../reports.js';

/**
 * The names in the provider's secret store, or null for a provider without one (the spec's hosted
 * provider: GET /api/secrets is not found there).
 */
async function providerSecretNames(client: FlowClient): Promise<Set<string> | null> {
  try {
    return new Set((await client.listSecrets()).map((secret) => secret.name));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

/**
 * The flow exactly as a publish sends it, the prompt compiled. A provider with a secret store (the
 * local provider, wherever it runs) gets the `{ "env" }` references as they are and fills them in
 * itself, so secrets never travel with a flow nor land in its files; each name its store lacks is
 * said (`unset`). A provider without one gets the values of this environment: every variable the
 * flow names must be set (a dry run needs them to compare what the provider holds).
 */
async function publishedForm(doc: FlowDocument, ctx: Context, client: FlowClient): Promise<{ doc: FlowDocument; unset: string[] }> {
  const compiled = { ...doc, systemPrompt: compileFlow(doc).system_message };
  const stored = await providerSecretNames(client);
  if (stored !== null) {
    const unset = referencedSecretNames(compiled).filter((name) => !stored.has(name));
    return { doc: compiled, unset };
  }
  const { doc: resolved, missing } = resolveSecrets(compiled, ctx.io.env);
  if (missing.length > 0) throw new CliError('MISSING_ENV', missingSecretsMessage(missing), EXIT.usage);
  return { doc: resolved, unset: [] };
}

/** A secret in plain text is never sent: each is a finding that names its field and the fix. */
function refusePlainSecrets(file: string, doc: FlowDocument): void {
  // The rule warns in a file; publishing refuses it, so here it is an error.
  const findings = plainSecretPaths(doc).map((path) => ({
    ...ruleFinding('plain-secret', path, secretMessages.plainSecretRefused),
    file,
    severity: 'error' as const,
  }));
  if (findings.length > 0) throw fileError(findings, 'PLAIN_SECRET');
}

/**
 * `flowctl publish <file> [--plan ID] [--version V] [--dry-run [--detailed-exitcode]]`: validates
 * the file, then (unless a dry run) saves its workflows and publishes it through the core's plan
 * session, as the editor's Play does. With
 * `--detailed-exitcode` a dry run exits 0 for no change, 2 for changes and 1 for any error, as
 * `terraform plan` does.
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const rollbackId = stringOption(invocation, 'rollback');
  if (rollbackId !== undefined) return rollback(invocation, ctx, rollbackId);
  const detailed = flagOption(invocation, 'detailedExitcode');
  if (detailed && !flagOption(invocation, 'dryRun')) throw usageError('--detailed-exitcode goes with --dry-run');
  if (!detailed) return publish(invocation, ctx);
  try {
    const outcome = await publish(invocation, ctx);
    // 2 means changes here (the number of a usage error elsewhere), as in terraform plan.
    const changed = outcome.kind === 'publish' && 'changes' in outcome.data && !outcome.data.changes.same;
    return changed ? { ...outcome, exitCode: EXIT.usage } : outcome;
  } catch (error) {
    const failure = toCliError(error, ctx.apiUrl);
    throw new CliError(failure.code, failure.message, EXIT.findings, failure.findings);
  }
}

/**
 * `flowctl publish --rollback <id> [file | --plan P --version V]`: the provider publishes again the
 * flow its earlier publish `id` stored. The target is the file's plan version (its path and
 * contents, as for a publish) unless --plan and --version name it; the file itself is not sent.
 */
async function rollback(invocation: Invocation, ctx: Context, publishId: string): Promise<Outcome> {
  if (flagOption(invocation, 'dryRun')) throw usageError('--rollback cannot go with --dry-run');
  const named = namedTarget(invocation);
  const file = invocation.args[0];
  let target: PlanVersion;
  if (file !== undefined && file !== '') {
    const { doc } = await requireFlowFile(file, ctx.io.cwd);
    target = publishTarget(file, ctx.io.cwd, doc, named);
  } else {
    if (named.planId === undefined || named.versionName === undefined) {
      throw usageError('--rollback needs the flow file, or --plan and --version, to know which plan version to roll back');
    }
    target = { planId: named.planId, versionName: named.versionName };
  }
  const { planId, versionName } = target;
  const client = await ctx.client();
  const done = await ctx.task(`Rolling back ${planId}/${versionName}…`, async () => {
    try {
      return await client.rollbackPublish(planId, versionName, publishId);
    } catch (error) {
      // The provider names what it lacks: no such publish of that version (exit 4, as a missing plan).
      if (error instanceof ApiError && error.status === 404) {
        throw new CliError('PUBLISH_NOT_FOUND', `${error.providerMessage ?? error.message} on ${ctx.apiUrl}`, EXIT.notFound);
      }
      throw error;
    }
  });
  const report: RollbackReport = {
    planId,
    versionName,
    rollbackOf: done.rollbackOf,
    id: done.id,
    publishedAt: done.publishedAt,
    dashboardUrl: client.dashboardUrl(planId, versionName),
  };
  return { kind: 'publish', data: report, exitCode: EXIT.ok };
}

/** `--plan`/`--version` as given, each checked to be an id. */
function namedTarget(invocation: Invocation): Partial<PlanVersion> {
  const named: Partial<PlanVersion> = {};
  for (const [option, key] of [
    ['plan', 'planId'],
    ['version', 'versionName'],
  ] as const) {
    const value = stringOption(invocation, option);
    if (value === undefined) continue;
    const problem = idProblem(value);
    if (problem !== null) throw usageError(`Invalid --${option} "${value}": ${problem}`);
    named[key] = value;
  }
  return named;
}

/** The provider's copies of the workflows the file lists; the others are not the file's business. */
async function providerWorkflows(ctx: Context, planId: string, listed: readonly Workflow[]): Promise<Workflow[]> {
  if (listed.length === 0) return [];
  const ids = new Set(listed.map((w) => w.id));
  const client = await ctx.client();
  return (await client.getWorkflows(planId)).filter((w) => ids.has(w.id));
}

async function publish(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const file = argument(invocation, 0, 'file');
  const dryRun = flagOption(invocation, 'dryRun');
  const named = namedTarget(invocation);
  const { text, doc } = await requireFlowFile(file, ctx.io.cwd);
  const errors = inFile(file, validateFlowText(text)).filter((f) => f.severity === 'error');
  if (errors.length > 0) throw fileError(errors, 'INVALID_FLOW');
  const { planId, versionName } = publishTarget(file, ctx.io.cwd, doc, named);
  refusePlainSecrets(file, doc);
  // Checked before anything is sent, so a bad test file never leaves the flow published without its tests.
  const tests = await readTestFiles(file, ctx.io.cwd);
  const client = await ctx.client();
  const sent = await ctx.task("Checking the provider's secrets…", () => publishedForm(doc, ctx, client));
  for (const name of sent.unset) ctx.warn(`${secretMessages.notSetOnProvider(name)}: set it with flowctl secrets set ${name}`);
  const next = { ...sent.doc, planId, versionName };
  const plan = createPlanSession(client, planId, versionName, { warn: ctx.warn });
  const current = await ctx.task(`Reading ${planId}/${versionName}…`, async () => {
    const workflows = await providerWorkflows(ctx, planId, next.workflows ?? []);
    // The tests' version, read with the flow's, so a change made to them meanwhile is refused (412), never overwritten.
    const testsEtag = tests === null ? null : ((await client.getFlowTests(planId, versionName))?.etag ?? null);
    try {
      const loaded = await plan.load();
      return { ...loaded, doc: { ...loaded.doc, workflows }, testsEtag };
    } catch (error) {
      // A first publish creates the plan version (the session then writes with If-None-Match: *).
      if (error instanceof PlanNotFoundError)
        return { doc: { ...emptyFlow(planId, versionName), workflows }, source: plan.source(), testsEtag };
      throw error;
    }
  });
  const changes = publishDiff(current.doc, next, current.source === 'document');
  const saving = workflowsToSave(changes, next.workflows ?? []);
  const report: PublishReport = {
    file,
    planId,
    versionName,
    dryRun,
    source: current.source,
    changes,
    workflows: saving.map((w) => w.id),
    published: false,
    unsetSecrets: sent.unset,
    tests: tests?.file ?? null,
    dashboardUrl: client.dashboardUrl(planId, versionName),
  };
  if (dryRun) return { kind: 'publish', data: report, exitCode: EXIT.ok };

  // Workflows first, so the flow's send_workflow steps never name one the provider lacks. Then the
  // same publish as the editor's Play, over the version just read: a change made elsewhere in
  // between is refused (conflict, exit 3), never overwritten.
  await ctx.task(`Publishing ${planId}/${versionName}…`, async () => {
    for (const workflow of saving) await client.saveWorkflow({ ...workflow, plan_id: planId });
    await plan.publish(next);
    // After the flow: the provider keeps tests only beside a flow it has.
    if (tests !== null) {
      const precondition: WritePrecondition = current.testsEtag === null ? { create: true } : { ifMatch: current.testsEtag };
      const sent = await client.putFlowTests(planId, versionName, tests.tests, precondition);
      if (sent === null) ctx.warn(`the provider at ${ctx.apiUrl} keeps no tests: ${tests.file} was not sent`);
    }
  });
  return { kind: 'publish', data: { ...report, published: true, message: messages.changesPublished }, exitCode: EXIT.ok };
}
