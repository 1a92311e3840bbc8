import type { Chain } from '../model/types.js';
import type { FlowDocument, FunctionNodeData } from '../format/types.js';
import { addNode } from './addNode.js';

/**
 * The flow with its nodes cleared and one analysed chain's functions added back, in chain order
 * (spec section 4, 'Analysis panel': adding a chain to the flow clears the nodes and re-adds its
 * nodes). Entries that do not exist (a missing function, a detected cycle) are skipped; the
 * prompts, context, notes and workflows of the flow are kept.
 * @example flowWithChain(doc, chainList(analyzeChains(functions))[0])
 */
export function flowWithChain(doc: FlowDocument, chain: Chain<FunctionNodeData>): { doc: FlowDocument; nodeIds: string[] } {
  let next: FlowDocument = { ...doc, nodes: [], edges: [], startNodeId: '' };
  let currentChain = '0';
  const nodeIds: string[] = [];
  for (const entry of chain.nodes) {
    if (!entry.exists || !entry.funcObj) continue;
    const added = addNode(
      next,
      { type: 'function', data: entry.funcObj },
      { currentChain, newChain: nodeIds.length === 0, id: entry.uuid },
    );
    ({ doc: next, currentChain } = added);
    nodeIds.push(added.nodeId);
  }
  return { doc: next, nodeIds };
}
