import type { FlowEdge, FlowNode } from '@flow/core';
import { MarkerType, Position, type Edge, type Node, type NodeHandle } from '@xyflow/react';
import { HANDLE_PX, NODE_HANDLES } from '../nodes/NodeHandles';
import { estimatedSize } from './flowBounds';

export type RFNode = Node<FlowNode['data'], FlowNode['type']>;
export type RFEdge = Edge<{ kind: FlowEdge['kind'] }>;

type Size = { width: number; height: number };
interface CachedNode {
  selected: boolean;
  measured: Size | undefined;
  rf: RFNode;
}

/**
 * Turns flow nodes into React Flow nodes. A flow node that did not change (same object, same
 * selection and size) gives back the same React Flow node, so memoized nodes do not re-render.
 */
export function createNodeAdapter() {
  let cache = new WeakMap<FlowNode, CachedNode>();
  return {
    toRF(nodes: readonly FlowNode[], selected: ReadonlySet<string>, measured: ReadonlyMap<string, Size>): RFNode[] {
      return nodes.map((node) => {
        const isSelected = selected.has(node.id);
        const size = measured.get(node.id);
        const hit = cache.get(node);
        if (hit && hit.selected === isSelected && hit.measured === size) return hit.rf;
        const rf: RFNode = {
          id: node.id,
          type: node.type,
          position: node.position,
          data: node.data,
          selected: isSelected,
          // Unmeasured, its estimate: React Flow draws a node it has a size for in the first frame,
          // instead of hiding it until a frame has measured it; and, given its handles, it draws
          // only the nodes in view and their edges at once, instead of every node until measured.
          ...(size ? { measured: size } : estimated(estimatedSize(node))),
        };
        cache.set(node, { selected: isSelected, measured: size, rf });
        return rf;
      });
    },
    reset() {
      cache = new WeakMap();
    },
  };
}

/** Where a handle's box is on a node of `width` x `height`: centred on its side. */
function handleAt(position: Position, width: number, height: number): { x: number; y: number } {
  const half = HANDLE_PX / 2;
  switch (position) {
    case Position.Top:
      return { x: width / 2 - half, y: -half };
    case Position.Left:
      return { x: -half, y: height / 2 - half };
    case Position.Right:
      return { x: width - half, y: height / 2 - half };
    case Position.Bottom:
      return { x: width / 2 - half, y: height - half };
  }
}

/** A node's estimated size and handles, until React Flow has measured it. */
function estimated({ width, height }: Size): { initialWidth: number; initialHeight: number; handles: NodeHandle[] } {
  const handles = NODE_HANDLES.map((h) => ({ ...h, ...handleAt(h.position, width, height), width: HANDLE_PX, height: HANDLE_PX }));
  return { initialWidth: width, initialHeight: height, handles };
}

const CHAIN_STYLE = { stroke: '#3b82f6', strokeDasharray: '6 4', strokeWidth: 2 } as const;
const NODE_STYLE = { stroke: '#94a3b8', strokeWidth: 1.5 } as const;

/**
 * Turns flow edges into React Flow edges, giving back the same React Flow edge for an edge that
 * did not change (same object, same selection): adding or removing one edge of 5,000 makes one
 * new object, not 5,000, and the unchanged edges do not re-render.
 */
export function createEdgeAdapter() {
  const cache = new WeakMap<FlowEdge, RFEdge>();
  return (
    edges: readonly FlowEdge[],
    selectedId: string | null,
    labelOf: (edge: FlowEdge) => string | undefined = () => undefined,
  ): RFEdge[] =>
    edges.map((edge) => {
      const selected = edge.id === selectedId;
      const label = labelOf(edge);
      const hit = cache.get(edge);
      if (hit && hit.selected === selected && hit.ariaLabel === label) return hit;
      const rf = { ...toRFEdge(edge, selected), ...(label ? { ariaLabel: label } : {}) };
      cache.set(edge, rf);
      return rf;
    });
}

/**
 * Node edges run bottom to top; chain edges run right to left, animated, dashed blue, width 2.
 * Both end with an arrow.
 */
function toRFEdge(edge: FlowEdge, selected: boolean): RFEdge {
  const chain = edge.kind === 'chain';
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    sourceHandle: chain ? 'right' : 'bottom',
    targetHandle: chain ? 'left' : 'top',
    animated: chain,
    style: chain ? CHAIN_STYLE : NODE_STYLE,
    markerEnd: { type: MarkerType.ArrowClosed, color: chain ? CHAIN_STYLE.stroke : NODE_STYLE.stroke },
    selected,
    data: { kind: edge.kind },
  };
}
