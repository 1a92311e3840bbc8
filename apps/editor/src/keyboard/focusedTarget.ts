import type { XYPosition } from '@flow/core';
import type { ActionTarget } from '../actions/actions';

/** The canvas element (React Flow's wrapper, focusable so its menu can be opened by key). */
export const CANVAS_SELECTOR = '#main-flow';

/**
 * What a context-menu key press acts on: the focused node or edge, or the focused canvas, with
 * the centre of the focused element as the point the menu opens at.
 */
export function focusedTarget(target: EventTarget | null, toFlow: (point: XYPosition) => XYPosition): ActionTarget {
  if (!(target instanceof Element) || !target.closest(CANVAS_SELECTOR)) return {};
  const rect = target.getBoundingClientRect();
  const point = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  const node = target.closest<HTMLElement>('.react-flow__node[data-id]');
  if (node?.dataset.id) return { point, nodeId: node.dataset.id };
  const edge = target.closest<SVGElement>('.react-flow__edge[data-id]');
  if (edge?.dataset.id) return { point, edgeId: edge.dataset.id };
  return { point, onCanvas: true, flowPosition: toFlow(point) };
}
