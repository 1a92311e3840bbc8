import { FLOW_FORMAT, type SystemPromptResponse, type WorkflowStepInstruction } from '../model/types.js';
import type { FlowDocument, FunctionNodeData, Workflow } from '../format/types.js';
import { addNode } from './addNode.js';
import { analyzeChains, chainList } from './analyzeChains.js';
import { walkOrder } from '../format/walk.js';

export interface ProviderFlowParts {
  planId: string;
  versionName: string;
  functions: readonly FunctionNodeData[];
  systemPrompt: SystemPromptResponse;
  /** The deconstructed flow; empty when deconstruct failed (each chain then stands alone). */
  steps: readonly WorkflowStepInstruction[];
  workflows?: readonly Workflow[];
}

/** An empty flow document for a plan version. */
export function emptyFlow(planId: string, versionName: string): FlowDocument {
  return {
    format: FLOW_FORMAT,
    planId,
    versionName,
    agentContext: '',
    agentNotes: '',
    systemPrompt: '',
    startNodeId: '',
    nodes: [],
    edges: [],
  };
}

/**
 * Builds a flow from a provider's calls, as 'Fetching the flow' in spec section 4 does: per step,
 * an Instruct node when the step has an instruction, then the nodes of the step's chain. Chains no
 * step names follow at the end, so no function is lost; a step naming no chain is skipped.
 */
export function buildFlowFromProvider(parts: ProviderFlowParts): FlowDocument {
  const chains = chainList(analyzeChains(parts.functions.filter((fn) => fn.uuid)));
  let doc: FlowDocument = {
    ...emptyFlow(parts.planId, parts.versionName),
    agentContext: parts.systemPrompt.system_message_prefix,
    agentNotes: parts.systemPrompt.system_message_suffix,
    systemPrompt: parts.systemPrompt.system_message,
    ...(parts.workflows && parts.workflows.length > 0 ? { workflows: [...parts.workflows] } : {}),
  };
  let currentChain = '0';
  const used = new Set<number>();
  const addChain = (index: number, instruction: string): void => {
    const chain = chains[index];
    if (!chain) return;
    used.add(index);
    let newChain = true;
    if (instruction) {
      const added = addNode(
        doc,
        { type: 'prompt', data: { name: 'Instruct', nodeType: 'default', prompt: instruction, trigger_text: '⚡' } },
        { currentChain, newChain, id: `instruct-${chain.startFunction}` },
      );
      ({ doc, currentChain } = added);
      newChain = false;
    }
    for (const entry of chain.nodes) {
      if (!entry.funcObj) continue;
      const added = addNode(doc, { type: 'function', data: entry.funcObj }, { currentChain, newChain, id: entry.uuid });
      ({ doc, currentChain } = added);
      newChain = false;
    }
  };
  for (const step of parts.steps) {
    const index = Number(step.Chain) - 1;
    if (Number.isInteger(index) && !used.has(index)) addChain(index, step.Query_Instruction);
  }
  chains.forEach((_, index) => {
    if (!used.has(index)) addChain(index, '');
  });
  return doc;
}

/** The function nodes' data in walk order: what update-functions sends. */
export function flowFunctions(doc: Pick<FlowDocument, 'nodes' | 'edges'>): FunctionNodeData[] {
  const functions: FunctionNodeData[] = [];
  for (const node of walkOrder(doc)) if (node.type === 'function') functions.push(node.data);
  return functions;
}
