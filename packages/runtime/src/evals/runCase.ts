// One run of one case: the agent's turns (scripted or with a simulated user), the checks, the judge.
import { errorMessage, type FlowDocument, type AssertionResult, type CaseRun, type EvalMode, type EvalTranscriptTurn } from '@flow/core';
import { createAgent, type TurnTrace } from '../agent.js';
import { emptyCassette, recordingModel, recordingTools, replayModel, replayTools } from '../cassette.js';
import type { NetworkSeams } from '../guardedFetch.js';
import { ModelError, type ModelClient } from '../modelClient.js';
import { checkExpectation } from './assertions.js';
import type { CaseCassette } from './cassetteFile.js';
import type { RunnableCase } from './evalCases.js';
import { judgeReply } from './judge.js';
import { nextUserMessage } from './simulatedUser.js';
import { toolSchemaDrift } from './toolDrift.js';

/** How every case of a run talks to its models and services. */
export interface CaseRunSettings {
  mode: EvalMode;
  /** The agent's model (record and live). */
  model?: ModelClient;
  /** The judge's and the simulated user's model (record and live); `model` by default. */
  judgeModel?: ModelClient;
  /** Where the flow's `{ "env": NAME }` secrets are read. */
  env: Readonly<Record<string, string | undefined>>;
  allowPrivateNetwork?: boolean;
  network?: NetworkSeams;
}

export const NO_RECORDING = 'no recording of this case in the cassette: record it with flowctl test --record';

function transcriptTurn(trace: TurnTrace): EvalTranscriptTurn {
  return {
    user: trace.user,
    reply: trace.reply,
    toolCalls: trace.toolCalls.map((c) => ({
      name: c.name,
      arguments: c.arguments,
      output: c.output,
      ...(c.error === undefined ? {} : { error: c.error }),
    })),
  };
}

export interface RunContext {
  doc: FlowDocument;
  options: CaseRunSettings;
}

type Models = { agent: ModelClient; judge: ModelClient; user: ModelClient };

/** The agent's, judge's and simulated user's models for one run: replayed from, recording into, or past the cassette. */
function modelsFor(cassette: CaseCassette, options: CaseRunSettings): Models {
  // Each keeps its own list, so a replay hands each the answers it had.
  const judgeTape = { model: (cassette.judge ??= []), tools: [] };
  const userTape = { model: (cassette.user ??= []), tools: [] };
  if (options.mode === 'replay')
    return {
      agent: replayModel(cassette),
      judge: replayModel(judgeTape, "judge's verdicts"),
      user: replayModel(userTape, "simulated user's messages"),
    };
  const live = options.model;
  if (live === undefined) throw new ModelError('No model to talk to');
  const judge = options.judgeModel ?? live;
  if (options.mode === 'live') return { agent: live, judge, user: judge };
  return { agent: recordingModel(live, cassette), judge: recordingModel(judge, judgeTape), user: recordingModel(judge, userTape) };
}

/**
 * One run of a case; never throws (a failure to finish is the run's `error`). A live or recording
 * run given the case's `recorded` cassette also checks that its MCP tools' input schemas have not drifted.
 */
export async function runCase(
  item: RunnableCase,
  cassette: CaseCassette | null,
  ctx: RunContext,
  recorded?: CaseCassette,
): Promise<CaseRun> {
  const started = performance.now();
  const assertions: AssertionResult[] = [];
  const transcript: EvalTranscriptTurn[] = [];
  const tokens = { prompt: 0, completion: 0 };
  const done = (error?: string): CaseRun => ({
    ok: error === undefined && assertions.every((a) => a.ok),
    assertions,
    ...(error === undefined ? {} : { error }),
    ms: Math.round(performance.now() - started),
    tokens,
    transcript,
  });
  if (cassette === null) return done(NO_RECORDING);
  const { options } = ctx;
  let models: Models;
  try {
    models = modelsFor(cassette, options);
  } catch (error) {
    return done(errorMessage(error));
  }
  // A live run keeps what it met from outside too, only to compare its MCP listings with the recorded ones.
  const kept = options.mode === 'live' ? emptyCassette() : cassette;
  const tape = options.mode === 'replay' ? replayTools(cassette) : recordingTools(kept);
  const agent = createAgent({
    doc: ctx.doc,
    model: models.agent,
    env: options.env,
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    ...(options.network ? { network: options.network } : {}),
    tape,
  });
  const turn = async (user: string): Promise<TurnTrace> => {
    const trace = await agent.turn(user);
    tokens.prompt += trace.tokens.prompt;
    tokens.completion += trace.tokens.completion;
    transcript.push(transcriptTurn(trace));
    return trace;
  };
  try {
    const conversation = item.conversation;
    if ('turns' in conversation) {
      for (const [i, step] of conversation.turns.entries()) {
        const trace = await turn(step.user);
        assertions.push(
          ...checkExpectation(step.expect, i + 1, { reply: trace.reply, toolCalls: trace.toolCalls, variables: agent.variables }),
        );
        if (step.expect?.judge) assertions.push(await judgeReply(models.judge, step.expect.judge.rubric, transcript, i + 1));
      }
    } else {
      const traces: TurnTrace[] = [];
      for (let i = 0; i < conversation.simulate.maxTurns; i++) {
        const next = await nextUserMessage(models.user, conversation.simulate, transcript);
        if (next.goalReached) break;
        traces.push(await turn(next.message));
      }
      const whole = { reply: traces.at(-1)?.reply ?? '', toolCalls: traces.flatMap((t) => t.toolCalls), variables: agent.variables };
      assertions.push(...checkExpectation(conversation.expect, null, whole));
      if (conversation.expect?.judge) assertions.push(await judgeReply(models.judge, conversation.expect.judge.rubric, transcript, null));
    }
  } catch (error) {
    return done(error instanceof ModelError ? error.message : `the test stopped: ${errorMessage(error)}`);
  } finally {
    await agent.close();
    if (recorded?.mcp !== undefined && options.mode !== 'replay')
      assertions.push(...toolSchemaDrift(ctx.doc, recorded.mcp, kept.mcp ?? []));
  }
  return done();
}
