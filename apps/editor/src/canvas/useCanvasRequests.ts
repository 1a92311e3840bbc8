import type { FlowNode } from '@flow/core';
import { useReactFlow } from '@xyflow/react';
import { useEffect } from 'react';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { estimatedSize } from './flowBounds';
import { focusWhenShown, nodeElement } from '../keyboard/focusWhenShown';

const requestSelector = (s: EditorState) => s.canvasRequest;

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
    return focusWhenShown(() => nodeElement(node.id));
    // Only a new request acts; later changes to the flow do not pan again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
}
