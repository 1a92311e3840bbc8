import { chainsInWalkOrder } from '../format/walk.js';
import type { WorkflowStepInstruction } from '../model/types.js';
import type { FlowDocument } from '../format/types.js';
import { leadingPrompt } from './stepPlaces.js';

/** The steps of a flow: per chain in order, its leading Instruct prompt (or '') and 1-based index. */
export function flowSteps(doc: Pick<FlowDocument, 'nodes' | 'edges'>): WorkflowStepInstruction[] {
  const chains = [...chainsInWalkOrder(doc).values()].filter((nodes) => nodes.length > 0);
  return chains.map((nodes, i) => {
    const lead = leadingPrompt(nodes);
    return { Query_Instruction: lead?.type === 'prompt' ? (lead.data.prompt ?? '') : '', Chain: String(i + 1) };
  });
}
