import { addNode, type NewNode } from '../graph/addNode.js';
import { maxChain } from '../graph/chains.js';
import { randomId } from '../graph/result.js';
import { createFunctionData, createPromptData } from '../graph/nodeData.js';
import type { FlowDocument } from '../format/types.js';
import type { GeneratedFlow, GeneratedNode } from './generatedFlow.js';

/**
 * The flow node of a generated one: a prompt node keeps its prompt, named by the label with the
 * emoji as badge (prompt nodes have no description); a function node becomes an Instruct function
 * (decisions.md: name = label, description, metadata.prompt = prompt, trigger_text = emoji).
 */
function newNode(node: GeneratedNode, id: string, planId: string): NewNode {
  if (node.type === 'prompt') {
    return { type: 'prompt', data: { ...createPromptData(node.prompt), name: node.label, trigger_text: node.emoji } };
  }
  return {
    type: 'function',
    data: createFunctionData('instruct', {
      uuid: id,
      planId,
      name: node.label,
      description: node.description,
      metadata: { prompt: node.prompt },
      trigger_text: node.emoji,
    }),
  };
}

/**
 * Adds the generated nodes as one new chain after the flow's last chain, in order, each linked to
 * the next by a node edge: the first with `addNode(…, { newChain: true })` (so the previous chain's
 * last node leads to it by a chain edge), each other below the one before, as `addNode` places it.
 * @example addGeneratedChain(emptyFlow('support', 'production'), flow).nodeIds.length === flow.nodes.length
 */
export function addGeneratedChain(doc: FlowDocument, flow: GeneratedFlow): { doc: FlowDocument; nodeIds: string[] } {
  let result = doc;
  let currentChain = String(maxChain(doc.nodes));
  const nodeIds: string[] = [];
  for (const [i, node] of flow.nodes.entries()) {
    const id = randomId();
    const added = addNode(result, newNode(node, id, doc.planId), { currentChain, newChain: i === 0, id });
    result = added.doc;
    currentChain = added.currentChain;
    nodeIds.push(added.nodeId);
  }
  return { doc: result, nodeIds };
}
