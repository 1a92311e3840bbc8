import { createWorkflowData, type XYPosition } from '@flow/core';
import type { EditorState } from '../store/types';
import type { CardPayload } from './cardPayload';
import { newFunctionNode } from './newFunctionNode';
import { findPaletteFunction } from './paletteFunctions';

/**
 * Adds the node of a palette or quick-bar card and closes the palette. With a `position` (a drop
 * on the canvas, flow coordinates) the node goes there; without, it is placed as spec section 4
 * says. Send Workflow opens the workflow selector instead; disabled and unknown cards add nothing.
 * Returns the new node's id, or null when nothing was added.
 */
export function addCard(state: EditorState, payload: CardPayload, position?: XYPosition): string | null {
  const options = position ? { position } : {};
  if (payload.kind === 'workflow') {
    const workflow = state.workflows.find((w) => w.id === payload.id);
    state.closePalette();
    return workflow ? state.addNode({ type: 'workflow', data: createWorkflowData(workflow) }, options) : null;
  }
  const fn = findPaletteFunction(payload.type);
  if (!fn || fn.disabled) return null;
  state.closePalette();
  if (fn.type === 'send_workflow') {
    state.openSendWorkflow();
    return null;
  }
  const named = payload.name ? { ...fn, name: payload.name } : fn;
  return state.addNode(newFunctionNode(named, state.planId), options);
}
