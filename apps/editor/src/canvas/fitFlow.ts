import type { FlowNode } from '@flow/core';
import { getViewportForBounds, type Viewport } from '@xyflow/react';
import { flowBounds } from './flowBounds';

/** Canvas constants of spec section 9. */
export const CANVAS = { zoom: 1.5, minZoom: 0.3, maxZoom: 3, gap: 20, dot: 3 } as const;

/**
 * Room kept free at the canvas's edges when fitting, in px: the bottom bar and the help button
 * below, the zoom controls on the right, and a margin of empty canvas to right-click on.
 */
export const CANVAS_INSETS = { top: 72, right: 72, bottom: 104, left: 72 } as const;

/**
 * The viewport that shows every node inside the free part of a canvas of the given size, at
 * most at the default zoom (1.5) and never below the minimum (0.3). Null for an empty flow.
 */
export function fitFlowViewport(
  nodes: readonly FlowNode[],
  measured: ReadonlyMap<string, { width: number; height: number }>,
  width: number,
  height: number,
): Viewport | null {
  const bounds = flowBounds(nodes, measured);
  if (!bounds || width <= 0 || height <= 0) return null;
  // Fit into the free area, then shift by its top-left inset: it never reaches under the bar.
  const free = {
    width: Math.max(1, width - CANVAS_INSETS.left - CANVAS_INSETS.right),
    height: Math.max(1, height - CANVAS_INSETS.top - CANVAS_INSETS.bottom),
  };
  const inner = getViewportForBounds(bounds, free.width, free.height, CANVAS.minZoom, CANVAS.zoom, 0);
  return { x: inner.x + CANVAS_INSETS.left, y: inner.y + CANVAS_INSETS.top, zoom: inner.zoom };
}
