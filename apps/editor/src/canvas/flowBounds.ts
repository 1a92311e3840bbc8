import type { FlowNode } from '@flow/core';
import type { Rect } from '@xyflow/react';

type Size = { width: number; height: number };

/**
 * Sizes assumed for nodes not drawn yet (the canvas draws only what is visible), close to what
 * nodes.css gives them, so a first fit is nearly right before anything is measured.
 */
export function estimatedSize(node: FlowNode): Size {
  switch (node.type) {
    case 'prompt':
      return PROMPT_SIZE;
    case 'workflow':
      return { width: 220, height: 110 + 18 * node.data.steps.length };
    case 'function':
      return FUNCTION_SIZE;
  }
}

const PROMPT_SIZE: Size = { width: 240, height: 140 };
const FUNCTION_SIZE: Size = { width: 200, height: 50 };

/** The rectangle around all nodes in flow coordinates, from measured sizes or estimates. */
export function flowBounds(nodes: readonly FlowNode[], measured: ReadonlyMap<string, Size>): Rect | null {
  if (nodes.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const node of nodes) {
    const size = measured.get(node.id) ?? estimatedSize(node);
    left = Math.min(left, node.position.x);
    top = Math.min(top, node.position.y);
    right = Math.max(right, node.position.x + size.width);
    bottom = Math.max(bottom, node.position.y + size.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}
