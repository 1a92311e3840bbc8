import { useReactFlow } from '@xyflow/react';
import { useEffect, type RefObject } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorStore } from '../store/createEditorStore';
import { isModalOpen } from '../store/modalOpen';
import { isControl, isTyping } from './isTyping';
import { focusedTarget } from './focusedTarget';
import { keepFocus } from './keepFocus';
import { actionForKey, actionOf, runAction, type ActionId, type ActionTarget } from '../actions/actions';

/** Runs the action of a key press; false when it did not apply (so the browser keeps the key). */
function runKey(store: EditorStore, id: ActionId, target: ActionTarget): boolean {
  const state = store.getState();
  if (!actionOf(id).whileModal && isModalOpen(state)) return false;
  return runAction(id, state, target);
}

/** Global keyboard shortcuts of the editor, ignored while typing in an input or textarea. */
export function useKeyboardShortcuts(area: RefObject<HTMLElement | null>): void {
  const store = useEditorStoreApi();
  const { screenToFlowPosition } = useReactFlow();
  useEffect(() => {
    // The last pointer position over the canvas (screen coordinates): Ctrl+V pastes there.
    let overCanvas: { x: number; y: number } | null = null;
    const el = area.current;
    const move = (event: PointerEvent) => {
      const onCanvas = event.target instanceof Element && event.target.closest('#main-flow') !== null;
      overCanvas = onCanvas ? { x: event.clientX, y: event.clientY } : overCanvas;
    };
    el?.addEventListener('pointermove', move);
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.defaultPrevented) return;
      const id = actionForKey(event);
      if (!id) return;
      // Enter presses a focused control; Space opens the palette wherever focus is, but in text
      // (spec section 2): a focused button is pressed with Enter.
      if (id === 'edit' && isControl(event.target)) return;
      const target: ActionTarget = {
        key: event.key,
        ...(overCanvas && id === 'paste' ? { flowPosition: screenToFlowPosition(overCanvas) } : {}),
        ...(id === 'menu' ? focusedTarget(event.target, screenToFlowPosition) : {}),
      };
      const before = store.getState().doc;
      if (runKey(store, id, target)) {
        event.preventDefault();
        keepFocus(store, before);
      }
    };
    // Before React Flow sees it: a focused, selected node would move with the arrow as well.
    const onPanKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || actionForKey(event) !== 'pan') return;
      if (runKey(store, 'pan', { key: event.key })) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('keydown', onPanKey, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onPanKey, true);
      window.removeEventListener('keydown', onKeyDown);
      el?.removeEventListener('pointermove', move);
    };
  }, [store, area, screenToFlowPosition]);
}
