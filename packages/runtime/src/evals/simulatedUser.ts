import { isRecord, parseJsonValue, type EvalTranscriptTurn } from '@flow/core';
import type { ModelClient } from '../modelClient.js';
import { transcriptText } from './judge.js';
import type { SimulatedUser } from './flowTest.js';

const ANSWER_SHAPE = '{ "message": string, "goalReached": boolean }';

/** The simulated user's next message, or that its goal is reached; throws when its answer cannot be read. */
export async function nextUserMessage(
  model: ModelClient,
  user: SimulatedUser,
  transcript: readonly EvalTranscriptTurn[],
): Promise<{ message: string; goalReached: boolean }> {
  const so = transcript.length === 0 ? 'No message yet: write the first one.' : `The conversation so far:\n${transcriptText(transcript)}`;
  const reply = await model.chat(
    [
      {
        role: 'system',
        content: `You play a user talking to an AI agent, to test the agent. Persona: ${user.persona}\nYour goal: ${user.goal}\nWrite the user's next message. Answer with one JSON object only: ${ANSWER_SHAPE}; goalReached is true once the agent has done what the goal needs (the message is then not sent).`,
      },
      { role: 'user', content: so },
    ],
    [],
    { json: true },
  );
  const value = parseJsonValue(reply.content.trim());
  if (
    !isRecord(value) ||
    typeof value.message !== 'string' ||
    typeof value.goalReached !== 'boolean' ||
    (value.message.trim() === '' && !value.goalReached)
  )
    throw new Error(
      `the simulated user's answer could not be read (expected ${ANSWER_SHAPE}): ${JSON.stringify(reply.content.slice(0, 200))}`,
    );
  return { message: value.message, goalReached: value.goalReached };
}
