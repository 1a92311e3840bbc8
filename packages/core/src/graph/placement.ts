import type { FlowNode } from '../format/types.js';

/** Placement constants of spec section 9 (offsets in px). */
export const PLACEMENT = {
  /** Below a selected prompt or workflow node. */
  belowSelectedTall: 330,
  /** Below a selected function node. */
  belowSelected: 200,
  /** Below the last node of a chain when it is a prompt. */
  afterPrompt: 350,
  /** Below the last node of a chain otherwise. */
  afterOther: 150,
  /** Right of the previous chain's first node, for a new chain. */
  newChainRight: 400,
  defaultPosition: { x: 50, y: 200 },
} as const;

/** The vertical gap the spec gives below a selected node. */
export function offsetBelowSelected(selected: FlowNode): number {
  return selected.type === 'function' ? PLACEMENT.belowSelected : PLACEMENT.belowSelectedTall;
}

/** The vertical gap the spec gives after the last node of a chain. */
export function offsetAfterLast(last: FlowNode): number {
  return last.type === 'prompt' ? PLACEMENT.afterPrompt : PLACEMENT.afterOther;
}
