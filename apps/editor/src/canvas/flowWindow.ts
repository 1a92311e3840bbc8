import type { FlowEdge, FlowNode } from '@flow/core';
import { useStoreApi, type ReactFlowState } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { changedRun } from './changedRun';
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

type Sizes = ReadonlyMap<string, Size>;

/** A node's rectangle: its measured size, or an estimate before it has been drawn. */
function rectOf(node: FlowNode, measured: Sizes): FlowRect {
  const { width, height } = measured.get(node.id) ?? estimatedSize(node);
  const { x, y } = node.position;
  return { left: x, top: y, right: x + width, bottom: y + height };
}

const sameRect = (a: FlowRect | undefined, b: FlowRect | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom);

const overlapsRect = (area: FlowRect, r: FlowRect): boolean => overlaps(area, r.left, r.top, r.right, r.bottom);

/**
 * What the window holds of a flow, with the indexes that let it follow a change by what changed:
 * the flow's nodes by id, the ids of the nodes inside the window, the edges shown, the nodes
 * given (inside, or an end of an edge shown), and (made when first needed) every edge by each of
 * its ends.
 */
interface WindowState {
  nodes: readonly FlowNode[];
  edges: readonly FlowEdge[];
  area: FlowRect;
  measured: Sizes;
  byId: Map<string, FlowNode>;
  touching: Map<string, FlowEdge[]> | null;
  inside: Set<string>;
  shown: Set<FlowEdge>;
  wanted: Set<string>;
  part: FlowPart;
}

/**
 * Whether an edge is shown: both its ends are in the flow, and one is inside the window or the
 * box around both may cross it (its line may).
 */
function edgeShown(edge: FlowEdge, s: Pick<WindowState, 'byId' | 'inside' | 'area' | 'measured'>): boolean {
  const source = s.byId.get(edge.source);
  const target = s.byId.get(edge.target);
  if (!source || !target) return false;
  if (s.inside.has(source.id) || s.inside.has(target.id)) return true;
  // Without a rectangle per end: most edges of a large flow have both ends outside.
  const a = s.measured.get(source.id) ?? estimatedSize(source);
  const b = s.measured.get(target.id) ?? estimatedSize(target);
  const left = Math.min(source.position.x, target.position.x);
  const top = Math.min(source.position.y, target.position.y);
  const right = Math.max(source.position.x + a.width, target.position.x + b.width);
  const bottom = Math.max(source.position.y + a.height, target.position.y + b.height);
  return overlaps(s.area, left, top, right, bottom);
}

/** The nodes given: those inside, and both ends of every edge shown. */
function wantedOf(inside: ReadonlySet<string>, shown: ReadonlySet<FlowEdge>): Set<string> {
  const wanted = new Set(inside);
  for (const edge of shown) wanted.add(edge.source).add(edge.target);
  return wanted;
}

/** The window's sets made again from the whole flow: for a new window, or a change too large to follow. */
function fillWindow(s: WindowState): void {
  s.inside = new Set();
  // rectOf and overlapsRect, inline: no rectangle made per node.
  for (const node of s.nodes) {
    const { width, height } = s.measured.get(node.id) ?? estimatedSize(node);
    const { x, y } = node.position;
    if (overlaps(s.area, x, y, x + width, y + height)) s.inside.add(node.id);
  }
  s.shown = new Set(s.edges.filter((edge) => edgeShown(edge, s)));
  s.wanted = wantedOf(s.inside, s.shown);
  s.part = { nodes: s.nodes.filter((node) => s.wanted.has(node.id)), edges: s.edges.filter((edge) => s.shown.has(edge)) };
}

/**
 * The flow's nodes by id: the previous state's map when the nodes are the same or changed in a
 * short run (a pan after New Chain keeps 5,000 nodes), else made from every node. The previous
 * state is dropped after this, so its map is taken over, not copied.
 */
function byIdOf(nodes: readonly FlowNode[], previous: WindowState | null): Map<string, FlowNode> {
  if (previous && previous.nodes === nodes) return previous.byId;
  const run = previous && changedRun(previous.nodes, nodes);
  if (previous && run && Math.max(run.beforeEnd - run.start, run.afterEnd - run.start) <= FOLLOW_LIMIT) {
    const byId = previous.byId;
    for (const node of previous.nodes.slice(run.start, run.beforeEnd)) byId.delete(node.id);
    for (const node of nodes.slice(run.start, run.afterEnd)) byId.set(node.id, node);
    return byId;
  }
  const byId = new Map<string, FlowNode>();
  for (const node of nodes) byId.set(node.id, node);
  return byId;
}

function freshState(
  nodes: readonly FlowNode[],
  edges: readonly FlowEdge[],
  area: FlowRect,
  measured: Sizes,
  previous: WindowState | null = null,
): WindowState {
  const s: WindowState = {
    nodes,
    edges,
    area,
    measured,
    byId: byIdOf(nodes, previous),
    // Every edge by its ends, kept when the edges are the same (made again when first needed otherwise).
    touching: previous && previous.edges === edges ? previous.touching : null,
    inside: new Set(),
    shown: new Set(),
    wanted: new Set(),
    part: { nodes: [], edges: [] },
  };
  fillWindow(s);
  return s;
}

/** Past this many changed nodes, edges or sizes in one change, the window is made again from the whole flow. */
const FOLLOW_LIMIT = 64;

function link(touching: Map<string, FlowEdge[]>, edge: FlowEdge): void {
  for (const end of new Set([edge.source, edge.target])) {
    const list = touching.get(end);
    if (list) list.push(edge);
    else touching.set(end, [edge]);
  }
}

function unlink(touching: Map<string, FlowEdge[]>, edge: FlowEdge): void {
  for (const end of new Set([edge.source, edge.target])) {
    const list = touching.get(end);
    const at = list ? list.indexOf(edge) : -1;
    if (list && at >= 0) list.splice(at, 1);
    if (list?.length === 0) touching.delete(end);
  }
}

function touchingOf(edges: readonly FlowEdge[]): Map<string, FlowEdge[]> {
  const touching = new Map<string, FlowEdge[]>();
  for (const edge of edges) link(touching, edge);
  return touching;
}

/**
 * Follows one change of the flow (same window) by what changed: the nodes and edges in the
 * changed runs and the nodes whose size changed. False when the change is too large to follow.
 */
function followChange(s: WindowState, nodes: readonly FlowNode[], edges: readonly FlowEdge[], measured: Sizes): boolean {
  const nodeRun = changedRun(s.nodes, nodes);
  const edgeRun = changedRun(s.edges, edges);
  const removedNodes = s.nodes.slice(nodeRun.start, nodeRun.beforeEnd);
  const addedNodes = nodes.slice(nodeRun.start, nodeRun.afterEnd);
  const removedEdges = s.edges.slice(edgeRun.start, edgeRun.beforeEnd);
  const addedEdges = edges.slice(edgeRun.start, edgeRun.afterEnd);
  if (Math.max(removedNodes.length, addedNodes.length, removedEdges.length, addedEdges.length) > FOLLOW_LIMIT) return false;
  // The nodes whose object or size changed, as they were and as they are.
  const after = new Map<string, FlowNode | undefined>();
  for (const node of removedNodes) after.set(node.id, undefined);
  for (const node of addedNodes) after.set(node.id, node);
  if (measured !== s.measured) {
    const resized = new Set<string>();
    for (const [id, size] of measured) if (s.measured.get(id) !== size) resized.add(id);
    for (const id of s.measured.keys()) if (!measured.has(id)) resized.add(id);
    if (resized.size > FOLLOW_LIMIT) return false;
    for (const id of resized) if (!after.has(id) && s.byId.has(id)) after.set(id, s.byId.get(id));
  }
  const recheck = new Set<FlowEdge>(addedEdges);
  // An edge shown that the change took out changes the part.
  let shownChanged = false;
  for (const edge of removedEdges) if (s.shown.delete(edge)) shownChanged = true;
  if (s.touching) {
    for (const edge of removedEdges) unlink(s.touching, edge);
    for (const edge of addedEdges) link(s.touching, edge);
  }
  const moved: string[] = [];
  for (const [id, node] of after) {
    const before = s.byId.get(id);
    const beforeRect = before && rectOf(before, s.measured);
    const afterRect = node && rectOf(node, measured);
    const wasInside = s.inside.has(id);
    const isInside = afterRect !== undefined && overlapsRect(s.area, afterRect);
    if (node) s.byId.set(id, node);
    else s.byId.delete(id);
    if (isInside) s.inside.add(id);
    else s.inside.delete(id);
    // An edge with an end inside before and after stays shown; otherwise where this end lies decides.
    if (!(wasInside && isInside) && !sameRect(beforeRect, afterRect)) moved.push(id);
  }
  s.measured = measured;
  if (moved.length > 0) {
    s.touching ??= touchingOf(edges);
    for (const id of moved) for (const edge of s.touching.get(id) ?? []) recheck.add(edge);
  }
  for (const edge of recheck) {
    const show = edgeShown(edge, s);
    if (show !== s.shown.has(edge)) shownChanged = true;
    if (show) s.shown.add(edge);
    else s.shown.delete(edge);
  }
  const wanted = wantedOf(s.inside, s.shown);
  const wantedChanged = wanted.size !== s.wanted.size || [...wanted].some((id) => !s.wanted.has(id));
  s.wanted = wanted;
  const nodesMoved = wantedChanged || addedNodes.some((node) => wanted.has(node.id));
  const edgesMoved = shownChanged || addedEdges.some((edge) => s.shown.has(edge));
  if (nodesMoved || edgesMoved) {
    s.part = {
      nodes: nodesMoved ? nodes.filter((node) => wanted.has(node.id)) : s.part.nodes,
      edges: edgesMoved ? edges.filter((edge) => s.shown.has(edge)) : s.part.edges,
    };
  }
  s.nodes = nodes;
  s.edges = edges;
  return true;
}

/**
 * The nodes and edges of the flow that React Flow needs for a window: every node that overlaps
 * it, and every edge whose line may cross it (its ends' bounding box overlaps it) with both of its
 * ends. Order and objects are the flow's own.
 */
export function inWindow(nodes: readonly FlowNode[], edges: readonly FlowEdge[], area: FlowRect, measured: Sizes): FlowPart {
  return freshState(nodes, edges, area, measured).part;
}

/**
 * inWindow kept from one call to the next, for the canvas: a change of the flow costs what
 * changed (the nodes and edges it replaced, the sizes it measured), not a look at every node and
 * edge again, which took ~1.5-4 ms at 5,000 nodes on each add, delete, connect or measure. The
 * same part (the same object) comes back when the change leaves it as it was; a new window, or
 * a change of more than FOLLOW_LIMIT nodes or edges, makes it again from the whole flow.
 */
export function createWindowMemo(): (nodes: readonly FlowNode[], edges: readonly FlowEdge[], area: FlowRect, measured: Sizes) => FlowPart {
  let state: WindowState | null = null;
  return (nodes, edges, area, measured) => {
    const s = state;
    if (s && s.nodes === nodes && s.edges === edges && s.area === area && s.measured === measured) return s.part;
    if (s && s.area === area && followChange(s, nodes, edges, measured)) return s.part;
    state = freshState(nodes, edges, area, measured, s);
    return state.part;
  };
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
