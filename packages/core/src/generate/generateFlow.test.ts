import { beforeEach, describe, expect, it } from 'vitest';
import { FUNCTION_DEFINITIONS } from '../functions/registry.js';
import { messages } from '../messages.js';
import { GENERATE_LIMITS } from './generatedFlow.js';
import { GenerateError, generateDescriptionProblem, generateFlow, type GenerateMessage, type GenerateModel } from './generateFlow.js';

const GOOD = JSON.stringify({
  nodes: [
    { type: 'prompt', label: 'Greet', description: 'Opens', prompt: 'Say hello', emoji: '👋' },
    { type: 'function', label: 'Look up order', description: 'HTTP call', prompt: 'Find the order', emoji: '🔎' },
  ],
  lastUpdated: '2025-01-01T00:00:00.000Z',
});

/** A model that answers from a script (a string, or an Error to reject with) and records each request. */
function scriptedModel(answers: (string | Error)[]): { model: GenerateModel; requests: GenerateMessage[][] } {
  const requests: GenerateMessage[][] = [];
  const model: GenerateModel = async (conversation) => {
    requests.push([...conversation]);
    const answer = answers.shift();
    if (answer === undefined) throw new Error('the script has no answer left');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { model, requests };
}

async function failure(promise: Promise<unknown>): Promise<GenerateError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GenerateError)) throw new Error(`expected a GenerateError, got ${String(error)}`);
  return error;
}

describe('generateFlow', () => {
  let script: ReturnType<typeof scriptedModel>;
  beforeEach(() => {
    script = scriptedModel([]);
  });

  it('asks once with a system prompt of the node kinds, the function types and the shape, and the description as user message', async () => {
    script = scriptedModel([`Here you go:\n\`\`\`json\n${GOOD}\n\`\`\``]);
    const flow = await generateFlow('  A support agent that looks up orders  ', script.model);
    expect(flow.nodes.map((n) => [n.type, n.label])).toEqual([
      ['prompt', 'Greet'],
      ['function', 'Look up order'],
    ]);
    expect(flow.lastUpdated).toBe('2025-01-01T00:00:00.000Z');
    expect(script.requests).toHaveLength(1);
    const [system, user] = script.requests[0] ?? [];
    expect(user).toEqual({ role: 'user', content: 'A support agent that looks up orders' });
    expect(system?.role).toBe('system');
    const prompt = system?.content ?? '';
    for (const definition of FUNCTION_DEFINITIONS) expect(prompt).toContain(`${definition.name} (${definition.type})`);
    expect(prompt).toContain('becomes an Instruct function');
    expect(prompt).toMatch(/"nodes":\[\{"type":"prompt","label":.*"lastUpdated":/);
    expect(prompt).toContain(`1 to ${GENERATE_LIMITS.maxNodes} nodes`);
  });

  it('answers a bad reply once with what was wrong, and takes the second reply when it is right', async () => {
    const bad = JSON.stringify({
      nodes: [
        { type: 'prompt', label: 'Greet' },
        { type: 'step', label: 'Act' },
      ],
    });
    script = scriptedModel([bad, GOOD]);
    const flow = await generateFlow('An agent', script.model);
    expect(flow.nodes).toHaveLength(2);
    expect(script.requests).toHaveLength(2);
    const [first, second] = script.requests;
    expect(second?.slice(0, 2)).toEqual(first);
    expect(second?.[2]).toEqual({ role: 'assistant', content: bad });
    expect(second?.[3]?.role).toBe('user');
    expect(second?.[3]?.content).toContain("nodes[1].type must be 'prompt' or 'function'");
    expect(second?.[3]?.content).toContain('JSON object only');
  });

  it('gives INVALID_JSON_SCHEMA when the second reply is no better, with what was wrong with it', async () => {
    script = scriptedModel(['Sorry, I cannot.', 'Still no JSON, sorry.', GOOD]);
    const error = await failure(generateFlow('An agent', script.model));
    expect(error.code).toBe('INVALID_JSON_SCHEMA');
    expect(error.message).toBe(messages.invalidJsonSchemaReturned);
    expect(error.detail).toBe('no JSON object in the reply');
    expect(script.requests).toHaveLength(2);
    expect(script.requests[1]?.[3]?.content).toContain('no JSON object in the reply');
  });

  it('gives GENERATE_FAILED with the reason when the call fails, without a retry', async () => {
    script = scriptedModel([new Error('The model endpoint answered 500: Model crashed'), GOOD]);
    const error = await failure(generateFlow('An agent', script.model));
    expect(error.code).toBe('GENERATE_FAILED');
    expect(error.message).toBe(`${messages.failedToGenerateWorkflow}: The model endpoint answered 500: Model crashed`);
    expect(error.detail).toBe('The model endpoint answered 500: Model crashed');
    expect(script.requests).toHaveLength(1);
  });

  it('gives GENERATE_FAILED when the retry call fails', async () => {
    script = scriptedModel(['no json', new Error('timeout')]);
    const error = await failure(generateFlow('An agent', script.model));
    expect([error.code, error.detail]).toEqual(['GENERATE_FAILED', 'timeout']);
  });

  it('refuses an empty or too long description without asking the model', async () => {
    for (const [description, reason] of [
      ['  \n', 'the description is empty'],
      ['x'.repeat(GENERATE_LIMITS.maxDescription + 1), `the description is longer than ${GENERATE_LIMITS.maxDescription} characters`],
    ] as const) {
      expect(generateDescriptionProblem(description)).toBe(reason);
      const error = await failure(generateFlow(description, script.model));
      expect([error.code, error.message]).toEqual(['GENERATE_FAILED', `${messages.failedToGenerateWorkflow}: ${reason}`]);
    }
    expect(generateDescriptionProblem('x'.repeat(GENERATE_LIMITS.maxDescription))).toBeNull();
    expect(script.requests).toHaveLength(0);
  });
});
