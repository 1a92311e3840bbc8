import { FUNCTION_DEFINITIONS, functionDefinition } from '../functions/registry.js';
import { GENERATE_LIMITS } from './generatedFlow.js';

/** One line per function type of the registry: `- Instruct (instruct): Give the agent an instruction to follow`. */
function functionTypeLines(): string {
  return FUNCTION_DEFINITIONS.map((definition) => `- ${definition.name} (${definition.type}): ${definition.description}`).join('\n');
}

/**
 * The system message of a generation: what the node kinds are, the function types Flow knows, and
 * the exact JSON shape to answer with (spec section 4, assistant generation).
 */
export function generateFlowPrompt(): string {
  const instruct = functionDefinition('instruct').name;
  return `You design workflows for Flow, a visual designer of conversational AI agents. A workflow is one chain of steps that the agent goes through in order during a conversation. The user describes the agent or the workflow they want; you answer with its steps.

Each step is a node of one of two kinds:
- "prompt": an instruction the agent follows at that point of the conversation: what to say, ask, check or decide.
- "function": an action the agent performs at that point. Every function node you generate becomes an ${instruct} function: its prompt is the instruction the agent carries out when the step runs. The author may later turn it into one of Flow's function types:
${functionTypeLines()}
  When a step fits one of these types, say so in its description (for example "HTTP call to the order service").

Answer with one JSON object and nothing else, of exactly this shape:
{"nodes":[{"type":"prompt","label":"Greet the customer","description":"Opens the conversation","prompt":"Greet the customer warmly and ask how you can help.","emoji":"👋"}],"lastUpdated":"2025-01-01T00:00:00.000Z"}

- nodes: 1 to ${GENERATE_LIMITS.maxNodes} nodes, in the order the agent goes through them.
- type: "prompt" or "function".
- label: a short name of the step, a few words.
- description: one sentence on what the step is for.
- prompt: the instruction of the step, written to the agent, in the language of the user's description.
- emoji: one emoji that stands for the step.
- lastUpdated: the current time as an ISO 8601 string.`;
}
