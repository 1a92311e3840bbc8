import type { XYPosition } from '@flow/core';
import { useReactFlow } from '@xyflow/react';
import { useEffect, type RefObject } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorStore } from '../store/createEditorStore';
import { isModalOpen } from '../store/modalOpen';
import { isControl, isTyping } from './isTyping';
import { shortcutFor, type ShortcutAction } from './shortcuts';

/** Where the pointer is: over the editor at all, and the flow point under it when over the canvas. */
interface PointerPlace {
  over(): boolean;
  canvasPoint(): XYPosition | undefined;
}

/** Runs a shortcut; returns false when it did not apply (so the browser keeps the key). */
function run(store: EditorStore, action: ShortcutAction, pointer: PointerPlace): boolean {
  const s = store.getState();
  const modalOpen = isModalOpen(s);
  if (action === 'escape') {
    if (s.contextMenu) s.closeContextMenu();
    else if (s.palette.open) s.closePalette();
    else if (!modalOpen) s.clearSelection();
    return true;
  }
  if (action === 'help') {
    s.setDialog('helpOpen', true);
    return true;
  }
  if (modalOpen) return false;
  switch (action) {
    case 'delete':
      if (s.selectedNodeIds.length > 0) s.removeSelection();
      else if (s.selectedEdgeId) s.removeEdge(s.selectedEdgeId);
      else return false;
      return true;
    case 'duplicate': {
      const [only] = s.selectedNodeIds;
      if (s.selectedNodeIds.length === 1 && only) s.duplicateNode(only);
      return true;
    }
    case 'copy':
      return s.copySelection() > 0;
    case 'paste':
      return s.pasteClipboard(pointer.canvasPoint()) > 0;
    case 'selectAll':
      s.selectAll();
      return true;
    case 'undo':
      s.undo();
      return true;
    case 'redo':
      s.redo();
      return true;
    case 'palette':
      if (!pointer.over()) return false;
      s.openPalette('functions');
      return true;
    case 'edit':
      if (s.selectedNodeIds.length === 0) return false;
      s.setPanelTab('properties');
      return true;
  }
}

/** Global keyboard shortcuts of the editor, ignored while typing in an input or textarea. */
export function useKeyboardShortcuts(area: RefObject<HTMLElement | null>): void {
  const store = useEditorStoreApi();
  const { screenToFlowPosition } = useReactFlow();
  useEffect(() => {
    let pointerOver = false;
    // The last pointer position over the canvas (screen coordinates): Ctrl+V pastes there.
    let overCanvas: { x: number; y: number } | null = null;
    const el = area.current;
    const enter = () => (pointerOver = true);
    const move = (event: PointerEvent) => {
      pointerOver = true;
      const onCanvas = event.target instanceof Element && event.target.closest('#main-flow') !== null;
      overCanvas = onCanvas ? { x: event.clientX, y: event.clientY } : overCanvas;
    };
    const leave = () => (pointerOver = false);
    const pointer: PointerPlace = {
      over: () => pointerOver,
      canvasPoint: () => (overCanvas ? screenToFlowPosition(overCanvas) : undefined),
    };
    // pointermove too: a pointer that was already over the editor when it loaded never 'enters'.
    el?.addEventListener('pointerenter', enter);
    el?.addEventListener('pointermove', move);
    el?.addEventListener('pointerleave', leave);
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (!action) return;
      // Enter presses a focused control; Space opens the palette wherever focus is (spec section 2).
      if (action === 'edit' && isControl(event.target)) return;
      if (run(store, action, pointer)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      el?.removeEventListener('pointerenter', enter);
      el?.removeEventListener('pointermove', move);
      el?.removeEventListener('pointerleave', leave);
    };
  }, [store, area, screenToFlowPosition]);
}
