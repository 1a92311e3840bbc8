import { isRecord, parseJsonValue, type AssertionResult, type EvalTranscriptTurn } from '@flow/core';
import type { ChatMessage } from '../chat.js';
import type { ModelClient } from '../modelClient.js';

/** The conversation as a judge or a simulated user reads it: one line an utterance, tool calls included. */
export function transcriptText(transcript: readonly EvalTranscriptTurn[]): string {
  return transcript
    .flatMap((turn) => [
      `User: ${turn.user}`,
      ...turn.toolCalls.map(
        (c) => `Agent called ${c.name}(${JSON.stringify(c.arguments)}) -> ${c.error === undefined ? c.output : `Error: ${c.error}`}`,
      ),
      `Agent: ${turn.reply}`,
    ])
    .join('\n');
}

const VERDICT_SHAPE = '{ "pass": boolean, "reason": string }';

/** The messages that ask the judge for its verdict on the agent's last reply. */
export function judgeMessages(rubric: string, transcript: readonly EvalTranscriptTurn[]): ChatMessage[] {
  const last = transcript.at(-1)?.reply ?? '';
  return [
    {
      role: 'system',
      content: `You judge a conversation between a user and an AI agent against a rubric. Decide whether the agent meets the rubric in its last reply, given the conversation before it. Answer with one JSON object only: ${VERDICT_SHAPE}, where reason says why in one sentence.`,
    },
    { role: 'user', content: `Rubric: ${rubric}\n\nConversation:\n${transcriptText(transcript)}\n\nThe reply to judge:\n${last}` },
  ];
}

/** The judge's verdict, from its answer; undefined when the answer is not that JSON object. */
export function readVerdict(content: string): { pass: boolean; reason: string } | undefined {
  const value = parseJsonValue(content.trim());
  return isRecord(value) && typeof value.pass === 'boolean' && typeof value.reason === 'string'
    ? { pass: value.pass, reason: value.reason }
    : undefined;
}

/** Asks the judge (a JSON-object completion) and reports its verdict as an assertion; an unreadable verdict fails. */
export async function judgeReply(
  model: ModelClient,
  rubric: string,
  transcript: readonly EvalTranscriptTurn[],
  turn: number | null,
): Promise<AssertionResult> {
  const reply = await model.chat(judgeMessages(rubric, transcript), [], { json: true, temperature: 0 });
  const prefix = turn === null ? '' : `turn ${turn}: `;
  const verdict = readVerdict(reply.content);
  if (verdict === undefined) {
    const shown = JSON.stringify(reply.content.length > 200 ? `${reply.content.slice(0, 200)}…` : reply.content);
    return {
      kind: 'judge',
      turn,
      ok: false,
      message: `${prefix}the judge's verdict could not be read (expected ${VERDICT_SHAPE}): ${shown}`,
    };
  }
  return {
    kind: 'judge',
    turn,
    ok: verdict.pass,
    // The reason is its own field: every report shows it once, after the message.
    message: `${prefix}judged "${rubric}": ${verdict.pass ? 'pass' : 'fail'}`,
    reason: verdict.reason,
  };
}
