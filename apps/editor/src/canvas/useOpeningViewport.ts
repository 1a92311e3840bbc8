import { useReactFlow, useStoreApi, type Viewport } from '@xyflow/react';
import { useCallback, useEffect, useRef } from 'react';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { fitFlowViewport } from './fitFlow';
import { readViewport, writeViewport } from './viewportStorage';

/**
 * The viewport of an opened plan: the one this browser kept for the plan version, else the whole
 * flow fitted into the free part of the canvas (refitted once when the nodes have been measured).
 * Moves the person makes are kept for the next opening. Returns the fit action and the handlers
 * for the canvas's move events.
 */
export function useOpeningViewport() {
  const store = useEditorStoreApi();
  const rf = useStoreApi();
  const { setViewport } = useReactFlow();
  const opened = useRef(false);
  // After a first fit on estimated sizes, one more once every node has its measured size.
  const refit = useRef(false);

  const fit = useCallback(() => {
    const { doc, measured } = store.getState();
    const { width, height } = rf.getState();
    const viewport = fitFlowViewport(doc.nodes, measured, width, height);
    if (viewport) void setViewport(viewport);
  }, [store, rf, setViewport]);

  useEffect(() => {
    const open = (state: EditorState) => {
      opened.current = true;
      if (state.planMissing || state.doc.nodes.length === 0) return;
      const kept = readViewport(state.planId, state.versionName);
      if (kept) void setViewport(kept);
      else {
        fit();
        refit.current = true;
      }
    };
    const stop = store.subscribe((state, previous) => {
      if (!opened.current && previous.loading && !state.loading) open(state);
      else if (refit.current && state.measured !== previous.measured && state.doc.nodes.every((n) => state.measured.has(n.id))) {
        refit.current = false;
        fit();
      }
    });
    // The first render usually waits for the load (main.tsx): the plan is there already.
    const now = store.getState();
    if (!opened.current && !now.loading && now.doc.nodes.length > 0) open(now);
    return stop;
  }, [store, fit, setViewport]);

  const onMoveStart = useCallback((event: MouseEvent | TouchEvent | null) => {
    if (event) refit.current = false;
  }, []);

  const onMoveEnd = useCallback(
    (event: MouseEvent | TouchEvent | null, viewport: Viewport) => {
      if (!event || !opened.current) return;
      const { planId, versionName } = store.getState();
      if (planId) writeViewport(planId, versionName, viewport);
    },
    [store],
  );

  return { fit, onMoveStart, onMoveEnd };
}
