import type { FlowNode } from '@flow/core';

/**
 * The node with `emoji` as its trigger_text (its badge); the same node when nothing changes, so
 * that picking the emoji a node already has adds no undo step.
 */
export function withTriggerText<N extends FlowNode>(node: N, emoji: string): N {
  if (node.data.trigger_text === emoji) return node;
  return { ...node, data: { ...node.data, trigger_text: emoji } };
}
