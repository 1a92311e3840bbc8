import { createInterface } from 'node:readline/promises';
import { resolveSecrets, validateFlowText } from '@flow/core';
import { ModelError, ModelNotConfiguredError, createAgent, createModelClient, modelSettings, type Agent, type TurnTrace } from '@flow/runtime';
import { argument, flagOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, fileError, usageError } from '../errors.js';
import { inFile, requireFlowFile } from '../files/readFlowFile.js';
import { shownName } from '../files/stdin.js';

export interface RunReport {
  file: string;
  /** The turns of the conversation, each with its reply and tool calls. */
  turns: TurnTrace[];
  /** The reply of the last turn. */
  reply: string;
  /** The tool calls of the last turn. */
  toolCalls: TurnTrace['toolCalls'];
  /** The replies were printed as they streamed (a chat in a terminal). */
  streamed: boolean;
}

const TRUE = new Set(['1', 'true', 'yes']);

function modelError(error: unknown): CliError | null {
  if (error instanceof ModelNotConfiguredError) return new CliError('MODEL_NOT_CONFIGURED', error.message, EXIT.usage);
  if (error instanceof ModelError) return new CliError('MODEL_ERROR', error.message, EXIT.provider);
  return null;
}

/** A chat in the terminal: each line a turn, the reply streamed; `/reset` starts over, `/exit` or Ctrl+D ends. */
async function chat(agent: Agent, ctx: Context, file: string): Promise<TurnTrace[]> {
  const turns: TurnTrace[] = [];
  const input = ctx.io.stdin;
  if (input === undefined) return turns;
  const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  ctx.log(`Talking to ${file} (${agent.tools.length} tools). /reset starts over, /exit or Ctrl+D ends.`);
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
      for (const call of turn.toolCalls) ctx.log(ctx.errStyle.dim(`  ${call.name}(${JSON.stringify(call.arguments)}) ${call.error ? `failed: ${call.error}` : 'ok'} ${call.ms} ms`));
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
  const interactive = message === undefined;
  if (interactive && (ctx.json || ctx.io.stdin?.isTTY !== true || file === '-')) {
    throw usageError('Give the user message with --message TEXT (a chat needs a terminal)');
  }
  let agent: Agent;
  try {
    const settings = modelSettings(
      { ...(stringOption(invocation, 'modelUrl') ? { baseUrl: stringOption(invocation, 'modelUrl') } : {}), ...(stringOption(invocation, 'model') ? { model: stringOption(invocation, 'model') } : {}) },
      ctx.io.env,
    );
    const allow = invocation.options.allowPrivateNetwork;
    const allowPrivateNetwork = flagOption(invocation, 'allowPrivateNetwork') || (typeof allow === 'string' && TRUE.has(allow.toLowerCase()));
    agent = createAgent({ doc, model: createModelClient(settings), env: ctx.io.env, allowPrivateNetwork });
  } catch (error) {
    throw modelError(error) ?? error;
  }
  const missing = [...new Set(resolveSecrets(doc, ctx.io.env).missing.map((m) => m.env))];
  if (missing.length > 0) ctx.warn(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: the tools that use ${missing.length === 1 ? 'it' : 'them'} will fail`);
  try {
    const turns = interactive ? await chat(agent, ctx, shownName(file)) : [await ctx.task('Thinking…', () => agent.turn(message))];
    const last = turns.at(-1);
    const data: RunReport = { file: shownName(file), turns, reply: last?.reply ?? '', toolCalls: last?.toolCalls ?? [], streamed: interactive };
    const toolFailed = turns.some((t) => t.toolCalls.some((c) => c.error !== undefined));
    return { kind: 'run', data, exitCode: toolFailed ? EXIT.toolFailed : EXIT.ok };
  } catch (error) {
    throw modelError(error) ?? error;
  } finally {
    await agent.close();
  }
}
