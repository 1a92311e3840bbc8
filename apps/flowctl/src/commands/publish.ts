import { PlanNotFoundError, compileFlow, createPlanSession, emptyFlow, messages, validateFlowText, type FlowDiff, type FlowDocument, type FlowSource } from '@flow/core';
import { argument, flagOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, fileError } from '../errors.js';
import { inFile, requireFlowFile } from '../files/readFlowFile.js';
import { FLOW_RULES } from '../flowRules.js';
import { publishDiff } from '../diff/publishDiff.js';
import { isLoopback } from '../provider.js';
import { resolveFlowSecrets } from '../secrets.js';

export interface PublishReport {
  file: string;
  planId: string;
  versionName: string;
  dryRun: boolean;
  /** How the provider's current state was read (and so what a publish writes). */
  source: FlowSource;
  changes: FlowDiff;
  published: boolean;
  /** The spec's toast after a publish. */
  message?: string;
  dashboardUrl: string;
}

/**
 * The flow exactly as a publish sends it: the prompt compiled, and for a remote provider the
 * secrets read from the environment (one not set is an error). The local provider runs no agent
 * and its data folder is often the repository's own flows folder, so it gets the `{ "env" }`
 * references as they are: secrets never land in files.
 */
function publishedForm(doc: FlowDocument, ctx: Context): FlowDocument {
  const compiled = { ...doc, systemPrompt: compileFlow(doc).system_message };
  if (isLoopback(ctx.apiUrl)) return compiled;
  const { doc: resolved, missing } = resolveFlowSecrets(compiled, ctx.io.env);
  if (missing.length > 0) {
    const names = [...new Set(missing.map((m) => m.env))].join(', ');
    throw new CliError('MISSING_ENV', `Set ${names} in the environment: the flow keeps its secrets there`, EXIT.usage);
  }
  return resolved;
}

/**
 * `flowctl publish <file> [--dry-run]`: validates the file, then (unless a dry run) publishes it
 * through the core's plan session, as the editor's Play does.
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const file = argument(invocation, 0, 'file');
  const dryRun = flagOption(invocation, 'dryRun');
  const { text, doc } = await requireFlowFile(file, ctx.io.cwd);
  const errors = inFile(file, validateFlowText(text, { rules: FLOW_RULES })).filter((f) => f.severity === 'error');
  if (errors.length > 0) throw fileError(errors, 'INVALID_FLOW');
  const next = publishedForm(doc, ctx);
  const { planId, versionName } = doc;
  const client = await ctx.client();
  const plan = createPlanSession(client, planId, versionName, { warn: ctx.warn });
  const current = await ctx.task(`Reading ${planId}/${versionName}…`, async () => {
    try {
      return await plan.load();
    } catch (error) {
      // A first publish creates the plan version (the session then writes with If-None-Match: *).
      if (error instanceof PlanNotFoundError) return { doc: emptyFlow(planId, versionName), source: 'document' as const };
      throw error;
    }
  });
  const changes = publishDiff(current.doc, next, current.source === 'document');
  const report: PublishReport = {
    file,
    planId,
    versionName,
    dryRun,
    source: current.source,
    changes,
    published: false,
    dashboardUrl: client.dashboardUrl(planId, versionName),
  };
  if (dryRun) return { kind: 'publish', data: report, exitCode: EXIT.ok };

  // The same publish as the editor's Play, over the version just read: a change made elsewhere
  // in between is refused (conflict, exit 3), never overwritten.
  await ctx.task(`Publishing ${planId}/${versionName}…`, () => plan.publish(next));
  return { kind: 'publish', data: { ...report, published: true, message: messages.changesPublished }, exitCode: EXIT.ok };
}
