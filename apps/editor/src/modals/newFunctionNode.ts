import { createFunctionData, type NewNode, type QuickFunction } from '@flow/core';

/** The node a palette or quick-bar function adds: the type's defaults under the card's metadata. */
export function newFunctionNode(fn: QuickFunction, planId: string): NewNode {
  return {
    type: 'function',
    data: createFunctionData(fn.type, {
      uuid: '',
      planId,
      name: fn.name,
      trigger_text: fn.trigger_text,
      // The card's metadata is shared by every node made from it.
      metadata: structuredClone(fn.metadata),
    }),
  };
}
