import { errorMessage } from '../model/errorMessage.js';
import { messages } from '../messages.js';
import { extractJsonObject } from './extractJsonObject.js';
import { generateFlowPrompt } from './generatePrompt.js';
import { GENERATE_LIMITS, checkGeneratedFlow, type CheckedFlow, type GeneratedFlow } from './generatedFlow.js';

/** One message of the conversation with the assistant. */
export interface GenerateMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One chat completion: the model's reply text. Rejects when the call fails. */
export type GenerateModel = (messages: readonly GenerateMessage[]) => Promise<string>;

export type GenerateErrorCode = 'INVALID_JSON_SCHEMA' | 'GENERATE_FAILED';

/**
 * Why a generation gave no flow. INVALID_JSON_SCHEMA: the model answered twice, and neither answer
 * was the workflow schema ('Invalid JSON schema returned'; `detail` says what was wrong).
 * GENERATE_FAILED: the description was unusable or the model call failed
 * ('Failed to generate workflow: {reason}'; `detail` is the reason).
 */
export class GenerateError extends Error {
  override name = 'GenerateError';
  readonly code: GenerateErrorCode;
  readonly detail: string;

  constructor(code: GenerateErrorCode, detail: string) {
    super(code === 'INVALID_JSON_SCHEMA' ? messages.invalidJsonSchemaReturned : `${messages.failedToGenerateWorkflow}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

/**
 * Why `description` cannot be sent to the assistant, or null when it can.
 * @example generateDescriptionProblem('  ') // 'the description is empty'
 */
export function generateDescriptionProblem(description: string): string | null {
  if (description.trim() === '') return 'the description is empty';
  if (description.length > GENERATE_LIMITS.maxDescription) {
    return `the description is longer than ${GENERATE_LIMITS.maxDescription} characters`;
  }
  return null;
}

/** The reply's workflow schema, or what was wrong with it. */
function readReply(reply: string): CheckedFlow {
  const extracted = extractJsonObject(reply);
  return extracted.ok ? checkGeneratedFlow(extracted.value) : extracted;
}

/** The model's reply; a rejected call becomes GENERATE_FAILED with its message. */
async function ask(model: GenerateModel, conversation: readonly GenerateMessage[]): Promise<string> {
  try {
    return await model(conversation);
  } catch (error) {
    throw new GenerateError('GENERATE_FAILED', errorMessage(error));
  }
}

/**
 * Asks the assistant for a workflow schema for `description` (spec section 4): the system prompt
 * describes the node kinds, Flow's function types and the JSON shape; the user message is the
 * description. A reply that is not the schema is answered once with what was wrong, asking for the
 * JSON object only. Throws GenerateError: INVALID_JSON_SCHEMA when the second reply is no better,
 * GENERATE_FAILED when the description is unusable or a call fails (no retry then).
 * @example const flow = await generateFlow('A support agent that looks up orders', model);
 */
export async function generateFlow(description: string, model: GenerateModel): Promise<GeneratedFlow> {
  const problem = generateDescriptionProblem(description);
  if (problem !== null) throw new GenerateError('GENERATE_FAILED', problem);
  const conversation: GenerateMessage[] = [
    { role: 'system', content: generateFlowPrompt() },
    { role: 'user', content: description.trim() },
  ];
  const first = await ask(model, conversation);
  const firstRead = readReply(first);
  if (firstRead.ok) return firstRead.flow;
  const retry: GenerateMessage[] = [
    ...conversation,
    { role: 'assistant', content: first },
    {
      role: 'user',
      content: `That answer is not the workflow schema: ${firstRead.reason}. Answer again with the JSON object only, of the shape given, and nothing else.`,
    },
  ];
  const second = readReply(await ask(model, retry));
  if (second.ok) return second.flow;
  throw new GenerateError('INVALID_JSON_SCHEMA', second.reason);
}
