import type { FlowEdge, FlowNode } from '@flow/core';
import { useStoreApi, type ReactFlowState } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { estimatedSize } from './flowBounds';

/** A rectangle in flow coordinates, from its left-top to its right-bottom corner. */
export interface FlowRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

type Size = { width: number; height: number };

/** Below this many nodes React Flow gets the whole flow: a window would save nothing a person feels. */
export const WINDOW_MIN_NODES = 400;

/**
 * The part of the flow React Flow is given on a large flow: the view grown by one view's size on
 * every side. React Flow's own work on a change (adopting nodes, rebuilding its edge lookups) is
 * proportional to what it is given, so adding, deleting or selecting a node costs the same on
 * 5,000 nodes as on 100; what lies outside is not drawn anyway (onlyRenderVisibleElements).
 */
export function windowAround(view: FlowRect): FlowRect {
  const width = view.right - view.left;
  const height = view.bottom - view.top;
  return { left: view.left - width, top: view.top - height, right: view.right + width, bottom: view.bottom + height };
}

/** The view of a pane of `width` × `height` pixels under React Flow's transform, in flow coordinates. */
export function viewOf(transform: readonly [number, number, number], width: number, height: number): FlowRect {
  const [x, y, zoom] = transform;
  return { left: (0 - x) / zoom, top: (0 - y) / zoom, right: (width - x) / zoom, bottom: (height - y) / zoom };
}

/**
 * Whether the window still serves the view: the view lies inside it with half a view to spare on
 * each side, and the window is not far larger than the view (after zooming in). Pans and zooms
 * within that keep the window, so React Flow's nodes do not change while panning.
 */
export function windowServes(area: FlowRect, view: FlowRect): boolean {
  const width = view.right - view.left;
  const height = view.bottom - view.top;
  const inside =
    view.left - width / 2 >= area.left &&
    view.top - height / 2 >= area.top &&
    view.right + width / 2 <= area.right &&
    view.bottom + height / 2 <= area.bottom;
  const windowArea = (area.right - area.left) * (area.bottom - area.top);
  return inside && windowArea <= 25 * width * height;
}

function overlaps(rect: FlowRect, left: number, top: number, right: number, bottom: number): boolean {
  return left <= rect.right && right >= rect.left && top <= rect.bottom && bottom >= rect.top;
}

/** What React Flow is given: nodes and edges, the flow's own objects in the flow's order. */
export interface FlowPart {
  nodes: readonly FlowNode[];
  edges: readonly FlowEdge[];
}

/**
 * The nodes and edges of the flow that React Flow needs for a window: every node that overlaps
 * it, and every edge whose line may cross it (its ends' bounding box overlaps it) with both of its
 * ends. Order and objects are the flow's own.
 */
export function inWindow(
  nodes: readonly FlowNode[],
  edges: readonly FlowEdge[],
  area: FlowRect,
  measured: ReadonlyMap<string, Size>,
): FlowPart {
  const byId = new Map<string, FlowNode>();
  const inside = new Set<string>();
  for (const node of nodes) {
    byId.set(node.id, node);
    const { width, height } = measured.get(node.id) ?? estimatedSize(node);
    const { x, y } = node.position;
    if (overlaps(area, x, y, x + width, y + height)) inside.add(node.id);
  }
  const wanted = new Set<string>(inside);
  const shownEdges: FlowEdge[] = [];
  for (const edge of edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) continue;
    // An edge with an end inside crosses the window; one with both ends outside may still cross it.
    if (!inside.has(source.id) && !inside.has(target.id)) {
      const a = measured.get(source.id) ?? estimatedSize(source);
      const b = measured.get(target.id) ?? estimatedSize(target);
      const left = Math.min(source.position.x, target.position.x);
      const top = Math.min(source.position.y, target.position.y);
      const right = Math.max(source.position.x + a.width, target.position.x + b.width);
      const bottom = Math.max(source.position.y + a.height, target.position.y + b.height);
      if (!overlaps(area, left, top, right, bottom)) continue;
    }
    shownEdges.push(edge);
    wanted.add(source.id);
    wanted.add(target.id);
  }
  return { nodes: nodes.filter((node) => wanted.has(node.id)), edges: shownEdges };
}

/**
 * The window's part with the selected nodes it lacks, after it: a dragged node stays while it
 * leaves the window. Apart from the window, so that selecting a node (often) does not look at
 * every node of the flow again; the flow is searched only for a selected node outside the window.
 */
export function withSelected(part: FlowPart, nodes: readonly FlowNode[], selected: readonly string[]): FlowPart {
  if (selected.length === 0) return part;
  const shown = new Set(part.nodes.map((n) => n.id));
  const missing = new Set(selected.filter((id) => !shown.has(id)));
  if (missing.size === 0) return part;
  return { nodes: [...part.nodes, ...nodes.filter((n) => missing.has(n.id))], edges: part.edges };
}

const paneOf = (s: ReactFlowState) => ({ transform: s.transform, width: s.width, height: s.height });

/**
 * The window React Flow is given, kept while it serves the view and moved when a pan or zoom
 * leaves it; null (the whole flow) until the pane has a size, and on flows too small to need one.
 */
export function useFlowWindow(nodeCount: number): FlowRect | null {
  const rf = useStoreApi();
  const [area, setArea] = useState<FlowRect | null>(null);
  const large = nodeCount >= WINDOW_MIN_NODES;
  useEffect(() => {
    if (!large) return undefined;
    let current: FlowRect | null = null;
    const update = (state: ReactFlowState) => {
      const { transform, width, height } = paneOf(state);
      if (width === 0 || height === 0) return;
      const view = viewOf(transform, width, height);
      if (current && windowServes(current, view)) return;
      current = windowAround(view);
      setArea(current);
    };
    update(rf.getState());
    return rf.subscribe(update);
  }, [rf, large]);
  return large ? area : null;
}
