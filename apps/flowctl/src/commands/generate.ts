import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  GenerateError,
  addGeneratedChain,
  emptyFlow,
  generateDescriptionProblem,
  generateFlow,
  idProblem,
  serializeFlow,
  type FlowDocument,
  type GenerateModel,
} from '@flow/core';
import { ModelNotConfiguredError, createModelClient, generateModelOf } from '@flow/runtime';
import { stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { planVersionOfPath } from '../files/flowPath.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import type { GenerateReport, GeneratedNodeSummary } from '../reports.js';
import { modelFromOptions } from '../runtimeOptions.js';

/** `--plan` or `--version`, checked to be an id (each has a default, so it is always there). */
function idOption(invocation: Invocation, option: 'plan' | 'version', fallback: string): string {
  const value = stringOption(invocation, option) ?? fallback;
  const problem = idProblem(value);
  if (problem !== null) throw usageError(`Invalid --${option} "${value}": ${problem}`);
  return value;
}

/** The configured model as one chat completion asked for JSON; exit 2 saying what to set when there is none. */
function configuredModel(invocation: Invocation, ctx: Context): GenerateModel {
  try {
    return generateModelOf(createModelClient(modelFromOptions(invocation, ctx.io.env)));
  } catch (error) {
    if (error instanceof ModelNotConfiguredError) throw new CliError('MODEL_NOT_CONFIGURED', error.message, EXIT.usage);
    throw error;
  }
}

/** What the model failing says: 3 when the call failed (as a provider), 1 when its answer is no flow (as findings). */
function generateFailure(error: GenerateError): CliError {
  if (error.code === 'GENERATE_FAILED') return new CliError(error.code, error.message, EXIT.provider);
  return new CliError(error.code, `${error.message}: ${error.detail}`, EXIT.findings);
}

function summary(doc: FlowDocument, nodeIds: readonly string[]): GeneratedNodeSummary[] {
  const byId = new Map(doc.nodes.map((node) => [node.id, node]));
  return nodeIds.flatMap((id): GeneratedNodeSummary[] => {
    const node = byId.get(id);
    if (node?.type === 'function') {
      return [{ id, name: node.data.name, type: 'function', functionType: node.data.type, emoji: node.data.trigger_text ?? '' }];
    }
    if (node?.type === 'prompt')
      return [{ id, name: node.data.name, type: 'prompt', functionType: null, emoji: node.data.trigger_text ?? '' }];
    return [];
  });
}

/**
 * `flowctl generate --description TEXT [-o file]`: asks the configured model for a workflow (spec
 * section 4, assistant generation) and makes it a new flow of one chain, function nodes as Instruct
 * functions; the canonical file on stdout or written to the file.
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const description = stringOption(invocation, 'description') ?? '';
  const problem = generateDescriptionProblem(description);
  if (problem !== null) throw usageError(`Give what the flow should do with --description TEXT: ${problem}`);
  const planId = idOption(invocation, 'plan', 'generated');
  const versionName = idOption(invocation, 'version', 'production');
  const output = stringOption(invocation, 'output');
  const model = configuredModel(invocation, ctx);
  let generated: Awaited<ReturnType<typeof generateFlow>>;
  try {
    generated = await ctx.task('Generating the flow…', () => generateFlow(description, model));
  } catch (error) {
    throw error instanceof GenerateError ? generateFailure(error) : error;
  }
  const { doc, nodeIds } = addGeneratedChain(emptyFlow(planId, versionName), generated);
  const text = serializeFlow(doc);
  let overwritten = false;
  if (output !== undefined) {
    overwritten = (await stat(resolve(ctx.io.cwd, output)).catch(() => null))?.isFile() === true;
    await writeFileAtomic(output, text, ctx.io.cwd);
    const path = planVersionOfPath(output, ctx.io.cwd);
    if (path !== null && (path.planId !== planId || path.versionName !== versionName)) {
      ctx.warn(
        `${output} holds ${planId}/${versionName} but its path says ${path.planId}/${path.versionName}: give --plan ${path.planId} --version ${path.versionName} for a file that publish takes as it is`,
      );
    }
  }
  const data: GenerateReport = {
    ok: true,
    file: output ?? null,
    overwritten,
    planId,
    versionName,
    nodes: summary(doc, nodeIds),
    text,
    doc,
  };
  return { kind: 'generate', data, exitCode: EXIT.ok };
}
