import type { FlowNode } from '@flow/core';
import { useReactFlow } from '@xyflow/react';
import { useEffect } from 'react';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { estimatedSize } from './flowBounds';

const requestSelector = (s: EditorState) => s.canvasRequest;

/** How many frames a revealed node may take to be drawn (the canvas draws only what is near the view). */
const MAX_FRAMES = 60;

/** Focuses a node's element once the canvas draws it; returns a cancel. */
function focusWhenDrawn(nodeId: string): () => void {
  let frame = 0;
  let handle = 0;
  const tryFocus = () => {
    const el = document.querySelector<HTMLElement>(`#main-flow .react-flow__node[data-id="${CSS.escape(nodeId)}"]`);
    if (el) el.focus({ preventScroll: true });
    else if ((frame += 1) < MAX_FRAMES) handle = requestAnimationFrame(tryFocus);
  };
  handle = requestAnimationFrame(tryFocus);
  return () => cancelAnimationFrame(handle);
}

/** Carries out the store's canvas requests: pan by keys, and reveal (centre and focus) a node. */
export function useCanvasRequests(nodes: readonly FlowNode[], measured: ReadonlyMap<string, { width: number; height: number }>): void {
  const request = useEditor(requestSelector);
  const { getViewport, setViewport, setCenter } = useReactFlow();
  useEffect(() => {
    if (!request) return;
    const { x, y, zoom } = getViewport();
    if (request.kind === 'pan') {
      void setViewport({ x: x + request.dx, y: y + request.dy, zoom }, { duration: 0 });
      return;
    }
    const node = nodes.find((n) => n.id === request.nodeId);
    if (!node) return;
    const size = measured.get(node.id) ?? estimatedSize(node);
    void setCenter(node.position.x + size.width / 2, node.position.y + size.height / 2, { zoom, duration: 0 });
    return focusWhenDrawn(node.id);
    // Only a new request acts; later changes to the flow do not pan again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
}
