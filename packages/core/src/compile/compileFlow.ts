import { chainsInWalkOrder } from '../format/walk.js';
import { messages } from '../messages.js';
import type { SystemPromptResponse } from '../model/types.js';
import type { FlowDocument, FlowNode } from '../format/types.js';
import { FlowError } from './FlowError.js';
import { FLOW_INTRO, FLOW_TITLE, INSTRUCTION_LABEL, STEPS_LABEL, chainHeading } from './layout.js';
import { quoteBlock } from '../functions/render/quote.js';
import type { RenderContext } from '../functions/render/renderContext.js';
import { renderStep } from './renderStep.js';
import { describePlace, leadingPrompt, stepPlaces } from './stepPlaces.js';

const STEP_INDENT = '   ';

/**
 * The system prompt of a flow: a short header, then one section per chain in walk order, with the
 * chain's leading Instruct node as its instruction and every other node as a numbered step.
 * Deterministic; author text is quoted line by line so `deconstructFlow` can read it back exactly.
 * @throws FlowError `NO_CHAINS` when the flow has no nodes.
 */
export function compileFlow(doc: FlowDocument): SystemPromptResponse {
  const chains = [...chainsInWalkOrder(doc).values()].filter((nodes) => nodes.length > 0);
  if (chains.length === 0) throw new FlowError('NO_CHAINS', messages.noChainsInFlow);
  const places = stepPlaces(chains);
  const workflows = new Map((doc.workflows ?? []).map((w) => [w.id, w.name]));
  const lines = [FLOW_TITLE, '', ...FLOW_INTRO];
  chains.forEach((nodes, i) => {
    const ctx: RenderContext = {
      indent: STEP_INDENT,
      workflowName: (id) => workflows.get(id),
      describeNode: (id) => describePlace(places, id, i + 1),
      nodeType: (id) => places.get(id)?.node.type,
    };
    lines.push('');
    renderChain(lines, nodes, i + 1, chains.length, ctx);
  });
  return {
    system_message: lines.join('\n'),
    system_message_prefix: doc.agentContext ?? '',
    system_message_suffix: doc.agentNotes ?? '',
  };
}

/** Adds the lines of one chain to `lines`: one array for the whole prompt, not one per chain copied into it. */
function renderChain(lines: string[], nodes: readonly FlowNode[], index: number, count: number, ctx: RenderContext): void {
  lines.push(chainHeading(index));
  const lead = leadingPrompt(nodes);
  if (lead?.type === 'prompt' && lead.data.prompt) {
    lines.push('', INSTRUCTION_LABEL, ...quoteBlock(lead.data.prompt));
  }
  const first = lead ? 1 : 0;
  if (nodes.length === first) {
    lines.push('', `${STEPS_LABEL} none`);
    return;
  }
  lines.push('', STEPS_LABEL);
  for (let j = first; j < nodes.length; j++) {
    const node = nodes[j];
    if (node === undefined) continue;
    const position = { number: j - first + 1, isLast: j === nodes.length - 1, nextChain: index < count ? index + 1 : null };
    if (j > first) lines.push('');
    lines.push(...renderStep(node, position, ctx));
  }
}

/**
 * The whole prompt a model receives: prefix (agent context), the compiled message and suffix
 * (agent notes), blank lines between, empty parts left out; ends with a newline.
 */
export function systemPromptText(prompt: SystemPromptResponse): string {
  const parts = [prompt.system_message_prefix, prompt.system_message, prompt.system_message_suffix];
  return `${parts.filter((part) => part.trim() !== '').join('\n\n')}\n`;
}
