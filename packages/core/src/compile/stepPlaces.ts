import type { FlowNode } from '../format/types.js';
import { functionHeading } from './renderFunction.js';
import { inline } from '../functions/render/quote.js';

/** Where a node is rendered: its 1-based chain index and step number (null: the instruction). */
export interface StepPlace {
  node: FlowNode;
  chain: number;
  step: number | null;
}

/** Whether a chain opens with a prompt node, which then becomes the chain's instruction. */
export function leadingPrompt(nodes: readonly FlowNode[]): FlowNode | undefined {
  const first = nodes[0];
  return first?.type === 'prompt' ? first : undefined;
}

/** The place of every node of the chains, by node id. */
export function stepPlaces(chains: readonly (readonly FlowNode[])[]): Map<string, StepPlace> {
  const places = new Map<string, StepPlace>();
  chains.forEach((nodes, i) => {
    const offset = leadingPrompt(nodes) ? 0 : 1;
    nodes.forEach((node, j) => {
      if (!places.has(node.id)) places.set(node.id, { node, chain: i + 1, step: offset === 0 && j === 0 ? null : j + offset });
    });
  });
  return places;
}

/** The words for a node, e.g. `Workflow "Welcome tour"`. */
export function nodeHeading(node: FlowNode): string {
  if (node.type === 'function') return functionHeading(node.data, node.id);
  if (node.type === 'workflow') return `Workflow ${inline(node.data.name || node.id)}`;
  const name = node.data.name;
  return name && name !== 'Instruct' ? `Instruct ${inline(name)}` : 'Instruct';
}

/**
 * A readable reference to a node as seen from a chain, e.g. `HTTP call "Look up" (chain 2, step 1)`;
 * a chain's leading Instruct node is its chain.
 */
export function describePlace(places: ReadonlyMap<string, StepPlace>, id: string, fromChain: number): string {
  const place = places.get(id);
  if (!place) return `function ${inline(id)} (not in this flow)`;
  if (place.step === null) return `chain ${place.chain}`;
  const where = place.chain === fromChain ? `step ${place.step}` : `chain ${place.chain}, step ${place.step}`;
  return `${nodeHeading(place.node)} (${where})`;
}
