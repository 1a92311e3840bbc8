import { functionDefinition, nodeName, nodePlaces, type FlowDocument, type FlowNode } from '@flow/core';
import { editorText } from '../messages';
import type { NodePickerState } from '../store/types';

/** One entry of the node picker: the node and how it is read out. */
export interface NodeChoice {
  id: string;
  label: string;
}

/** A node's kind as a person reads it: its function type's name, or Prompt or Workflow. */
export function nodeTypeLabel(node: FlowNode): string {
  if (node.type === 'function') return functionDefinition(node.data.type)?.name ?? node.data.type;
  return node.type === 'prompt' ? editorText.promptNode : editorText.workflowNode;
}

/** The picker's entries: every node for 'Go to node', every other node for 'Connect to…', each with chain and step. */
export function nodeChoices(doc: FlowDocument, picker: NodePickerState): NodeChoice[] {
  const places = nodePlaces(doc);
  const choices: NodeChoice[] = [];
  for (const node of doc.nodes) {
    if (picker.kind === 'connect' && node.id === picker.sourceId) continue;
    const place = places.get(node.id) ?? { chain: node.chain, step: 0 };
    const label =
      picker.kind === 'goto'
        ? editorText.nodeInGoTo(nodeName(node), nodeTypeLabel(node), place.chain, place.step)
        : editorText.nodeInList(nodeName(node), place.chain, place.step);
    choices.push({ id: node.id, label });
  }
  return choices;
}

/** The entries whose label holds every word of the query, in any case. */
export function filterChoices(choices: readonly NodeChoice[], query: string): NodeChoice[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return choices.filter((c) => words.every((w) => c.label.toLowerCase().includes(w)));
}
