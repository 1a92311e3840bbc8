import { createInterface } from 'node:readline/promises';
import { resolveSecrets, validateFlowText, errorMessage, type FlowDocument } from '@flow/core';
import {
  ModelError,
  ModelNotConfiguredError,
  createAgent,
  createModelClient,
  runWorkflow,
  skillsFromEnv,
  startTelemetry,
  type Agent,
  type ModelClient,
  type TurnTrace,
} from '@flow/runtime';
import { argument, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, fileError, usageError } from '../errors.js';
import { inFile, requireFlowFile } from '../files/readFlowFile.js';
import { shownName } from '../files/stdin.js';
import { allowPrivateFromOptions, modelFromOptions } from '../runtimeOptions.js';
import { plural } from '../plural.js';
import type { RunReport } from '../reports.js';

function modelError(error: unknown): CliError | null {
  if (error instanceof ModelNotConfiguredError) return new CliError('MODEL_NOT_CONFIGURED', error.message, EXIT.usage);
  if (error instanceof ModelError) return new CliError('MODEL_ERROR', error.message, EXIT.provider);
  return null;
}

/** A chat in the terminal: each line a turn, the reply streamed; `/reset` starts over, `/exit` or Ctrl+D ends. */
async function chat(agent: Agent, ctx: Context, file: string): Promise<TurnTrace[]> {
  const turns: TurnTrace[] = [];
  const { stdin, stderr } = ctx.nodeStreams;
  if (stdin === undefined) return turns;
  const lines = createInterface({ input: stdin, output: stderr, terminal: true });
  ctx.log(`Talking to ${file} (${plural(agent.tools.length, 'tool')}). /reset starts over, /exit or Ctrl+D ends.`);
  try {
    for (;;) {
      const line = await lines.question(ctx.errStyle.bold('you> ')).catch(() => null);
      if (line === null || line.trim() === '/exit') break;
      if (line.trim() === '') continue;
      if (line.trim() === '/reset') {
        agent.reset();
        ctx.log('Started over.');
        continue;
      }
      ctx.io.stdout.write(ctx.style.cyan('agent> '));
      const turn = await agent.turn(line, { onToken: (text) => ctx.io.stdout.write(text) });
      ctx.io.stdout.write(turn.reply === '' || turn.stopped ? `${turn.reply}\n` : '\n');
      for (const call of turn.toolCalls)
        ctx.log(
          ctx.errStyle.dim(
            `  ${call.name}(${JSON.stringify(call.arguments)}) ${call.error ? `failed: ${call.error}` : 'ok'} ${call.ms} ms`,
          ),
        );
      turns.push(turn);
    }
  } finally {
    lines.close();
  }
  return turns;
}

/**
 * `flowctl run <file> [--message TEXT]`: the flow as an agent (the runtime: its compiled prompt, its
 * functions as tools, a model at an OpenAI-compatible endpoint). One turn with --message; a chat on
 * a terminal without it. Exit 3 when the model fails, 5 when a tool failed (the reply is printed).
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const file = argument(invocation, 0, 'file');
  const message = stringOption(invocation, 'message');
  const { text, doc } = await requireFlowFile(file, ctx.io.cwd, ctx.stdin);
  const errors = inFile(file, validateFlowText(text)).filter((f) => f.severity === 'error');
  if (errors.length > 0) throw fileError(errors, 'INVALID_FLOW');
  const workflowName = stringOption(invocation, 'workflow');
  if (workflowName !== undefined) return runWorkflowOf(doc, workflowName, file, invocation, ctx);
  const interactive = message === undefined;
  if (interactive && (ctx.json || ctx.io.stdin?.isTTY !== true || file === '-')) {
    throw usageError('Give the user message with --message TEXT (a chat needs a terminal)');
  }
  let agent: Agent;
  // Spans of the turns go to the OTLP collector the standard variables name, if any.
  const telemetry = await startTelemetry(ctx.io.env);
  try {
    const settings = modelFromOptions(invocation, ctx.io.env);
    const allowPrivateNetwork = allowPrivateFromOptions(invocation);
    agent = createAgent({
      doc,
      model: createModelClient(settings),
      env: ctx.io.env,
      allowPrivateNetwork,
      ...(telemetry ? { telemetry: { tracer: telemetry.tracer, planId: doc.planId, versionName: doc.versionName } } : {}),
    });
  } catch (error) {
    await telemetry?.shutdown();
    throw modelError(error) ?? error;
  }
  const missing = [...new Set(resolveSecrets(doc, ctx.io.env).missing.map((m) => m.env))];
  if (missing.length > 0)
    ctx.warn(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: the tools that use ${missing.length === 1 ? 'it' : 'them'} will fail`,
    );
  try {
    const turns = interactive ? await chat(agent, ctx, shownName(file)) : [await ctx.task('Thinking…', () => agent.turn(message))];
    const last = turns.at(-1);
    const data: RunReport = {
      file: shownName(file),
      turns,
      reply: last?.reply ?? '',
      toolCalls: last?.toolCalls ?? [],
      streamed: interactive,
    };
    const toolFailed = turns.some((t) => t.toolCalls.some((c) => c.error !== undefined));
    return { kind: 'run', data, exitCode: toolFailed ? EXIT.toolFailed : EXIT.ok };
  } catch (error) {
    throw modelError(error) ?? error;
  } finally {
    await agent.close();
    await telemetry?.shutdown();
  }
}

/** `--input name=value…`: the form answers given on the command line. */
function givenInputs(invocation: Invocation): Record<string, string> {
  const raw = invocation.options.input;
  const pairs = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  const inputs: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw usageError(`Invalid --input "${pair}": give name=value`);
    inputs[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return inputs;
}

/** The skills' webhooks: FLOW_SKILLS (JSON) over the config file's `skills`. */
function skillsOf(ctx: Context): Record<string, string> {
  try {
    return { ...ctx.config.skills, ...skillsFromEnv(ctx.io.env) };
  } catch (error) {
    throw usageError(errorMessage(error));
  }
}

/** `flowctl run <file> --workflow NAME`: the workflow's steps in order; form fields from --input or asked on a terminal. */
async function runWorkflowOf(doc: FlowDocument, name: string, file: string, invocation: Invocation, ctx: Context): Promise<Outcome> {
  const workflow = (doc.workflows ?? []).find((w) => w.name === name || w.id === name);
  if (workflow === undefined) {
    const names = (doc.workflows ?? []).map((w) => `"${w.name}"`).join(', ');
    throw usageError(`${shownName(file)} has no workflow "${name}"${names ? `: it has ${names}` : ''}`);
  }
  let model: ModelClient | undefined;
  try {
    model = createModelClient(modelFromOptions(invocation, ctx.io.env));
  } catch (error) {
    if (!(error instanceof ModelNotConfiguredError)) throw error;
    // Only a model step needs one; it says so when it runs.
  }
  const inputs = givenInputs(invocation);
  const { stdin, stderr } = ctx.nodeStreams;
  const terminal = ctx.io.stdin?.isTTY === true && !ctx.json;
  const lines = terminal && stdin !== undefined ? createInterface({ input: stdin, output: stderr, terminal: true }) : undefined;
  try {
    const run = await runWorkflow(workflow, {
      ...(model ? { model } : {}),
      skills: skillsOf(ctx),
      allowPrivateNetwork: allowPrivateFromOptions(invocation),
      async ask(field, step) {
        const given = inputs[field.name];
        if (given !== undefined) return given;
        if (lines === undefined) throw new Error(`${step}: give ${field.name} with --input ${field.name}=VALUE`);
        return lines.question(`${field.label}: `);
      },
    });
    const data: RunReport = { file: shownName(file), workflow: run, turns: [], reply: '', toolCalls: [], streamed: false };
    return { kind: 'run', data, exitCode: run.completed ? EXIT.ok : EXIT.toolFailed };
  } finally {
    lines?.close();
  }
}
