import type { FlowNode } from '@flow/core';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { changedRun } from './changedRun';
import { CANVAS_INSETS } from './fitFlow';
import { estimatedSize } from './flowBounds';

/**
 * A node the person just added (the first selected node that was not there before: an added
 * node, the first of a pasted or generated group) is brought into view when it landed outside it,
 * at the same zoom: adding below the last node or in a new column would otherwise put it off
 * screen at the default zoom of 1.5.
 */
export function useRevealAddedNode(
  nodes: readonly FlowNode[],
  selected: readonly string[],
  measured: ReadonlyMap<string, { width: number; height: number }>,
): void {
  const { setCenter } = useReactFlow();
  const rf = useStoreApi();
  const known = useRef<readonly FlowNode[] | null>(null);
  useEffect(() => {
    const before = known.current;
    known.current = nodes;
    // Opening a flow keeps the default view.
    if (!before || before.length === 0 || selected.length === 0) return;
    // The nodes that are new lie in the run of nodes that changed (the others are the same
    // objects): found there, not by a look at every node of the flow on each change.
    const run = changedRun(before, nodes);
    const was = new Set(before.slice(run.start, run.beforeEnd).map((n) => n.id));
    const fresh = new Map(
      nodes
        .slice(run.start, run.afterEnd)
        .filter((n) => !was.has(n.id))
        .map((n) => [n.id, n]),
    );
    // The first of the selected nodes that is new: an added node, or the first of a generated chain.
    const added = fresh.size === 0 ? undefined : selected.find((id) => fresh.has(id));
    const node = added === undefined ? undefined : fresh.get(added);
    if (!node) return;
    const { width, height, transform } = rf.getState();
    const [tx, ty, zoom] = transform;
    const size = measured.get(node.id) ?? estimatedSize(node);
    const left = node.position.x * zoom + tx;
    const top = node.position.y * zoom + ty;
    const inView = left >= 0 && top >= 0 && left + size.width * zoom <= width && top + size.height * zoom <= height - CANVAS_INSETS.bottom;
    if (inView) return;
    // At once, at the same zoom: an animated pan redrew the canvas for 200 ms after the click and
    // held back the frame that shows the new node (New Chain 42-60 ms to its second frame at any
    // size, 27-31 ms at once: the benchmark's interaction table).
    void setCenter(node.position.x + size.width / 2, node.position.y + size.height / 2, { zoom, duration: 0 });
  }, [nodes, selected, measured, rf, setCenter]);
}
