import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  ReactFlow,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
  type NodeMouseHandler,
  type EdgeMouseHandler,
} from '@xyflow/react';
import { createNodeProblemsMemo, type FlowDocument } from '@flow/core';
import { memo, useCallback, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCardDrop } from '../modals/useCardDrop';
import { NodeChangedContext } from '../nodes/NodeChangedContext';
import { NodeProblemsContext } from '../nodes/NodeProblemsContext';
import { NodeLabelsContext } from '../nodes/NodeLabelsContext';
import { useFlowChanges } from './useFlowChanges';
import { nodeTypes } from '../nodes/nodeTypes';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { CANVAS } from './fitFlow';
import { createWindowMemo, useFlowWindow, withSelected } from './flowWindow';
import { createEdgeAdapter, createNodeAdapter, type RFEdge, type RFNode } from './rfElements';
import { useOpeningViewport } from './useOpeningViewport';
import { useIdleValue } from './useIdleValue';
import { useRevealAddedNode } from './useRevealAddedNode';
import { useCanvasRequests } from './useCanvasRequests';
import { flowLabels, type FlowLabels } from './a11yLabels';
import { editorText } from '../messages';

const MULTI_SELECT_KEYS = ['Shift', 'Control', 'Meta'];

const docSelector = (s: EditorState) => s.doc;

const graphSelector = (s: EditorState) => ({
  nodes: s.doc.nodes,
  edges: s.doc.edges,
  selected: s.selectedNodeIds,
  selectedEdgeId: s.selectedEdgeId,
  measured: s.measured,
});

/** A flow with no nodes yet: the next one (a load) has its problems found at once. */
const wasEmpty = (doc: FlowDocument): boolean => doc.nodes.length === 0;

/** One empty set, so that the nodes do not re-render when nothing is changed. */
const NONE_CHANGED: ReadonlySet<string> = new Set();

/** The React Flow canvas (id main-flow), controlled by the editor store, with each node's problems. */
export function FlowCanvas() {
  // Problems come from the core rules, found again only when the graph changes (not text, not moves),
  // and off the input path: an added or removed node shows first, its problems once the page is idle.
  const problemsOf = useMemo(() => createNodeProblemsMemo(), []);
  const doc = useIdleValue(useEditor(docSelector), wasEmpty);
  const problems = useMemo(() => problemsOf(doc), [problemsOf, doc]);
  // Names for screen readers follow the flow once the page is idle, like the problems (each worked out when a node or edge shows).
  const labels = useMemo(() => flowLabels(doc), [doc]);
  const changed = useFlowChanges()?.changedIds ?? NONE_CHANGED;
  return (
    <NodeProblemsContext.Provider value={problems}>
      <NodeChangedContext.Provider value={changed}>
        <NodeLabelsContext.Provider value={labels.node}>
          <Canvas labels={labels} />
        </NodeLabelsContext.Provider>
      </NodeChangedContext.Provider>
    </NodeProblemsContext.Provider>
  );
}

/** The canvas itself: re-renders for the graph, the selection and sizes, never for problems alone. */
const Canvas = memo(function Canvas({ labels }: { labels: FlowLabels }) {
  const store = useEditorStoreApi();
  const { nodes, edges, selected, selectedEdgeId, measured } = useEditor(useShallow(graphSelector));
  const adapter = useMemo(() => createNodeAdapter(), []);
  const edgeAdapter = useMemo(() => createEdgeAdapter(), []);
  const { screenToFlowPosition } = useReactFlow();
  const { onDragOver, onDrop } = useCardDrop();
  useRevealAddedNode(nodes, selected, measured);
  useCanvasRequests(nodes, measured);
  const viewport = useOpeningViewport();

  const selectedSet = useMemo(() => new Set(selected), [selected]);
  // On a large flow React Flow gets the part around the view (flowWindow.ts), not all of it.
  const area = useFlowWindow(nodes.length);
  const windowOf = useMemo(() => createWindowMemo(), []);
  const windowed = useMemo(() => (area ? windowOf(nodes, edges, area, measured) : null), [windowOf, area, nodes, edges, measured]);
  const shown = useMemo(() => (windowed ? withSelected(windowed, nodes, selected) : { nodes, edges }), [windowed, nodes, edges, selected]);
  const rfNodes = useMemo(() => adapter.toRF(shown.nodes, selectedSet, measured), [adapter, shown.nodes, selectedSet, measured]);
  const rfEdges = useMemo(() => edgeAdapter(shown.edges, selectedEdgeId, labels.edge), [edgeAdapter, shown.edges, selectedEdgeId, labels]);

  const onNodesChange = useCallback(
    (changes: NodeChange<RFNode>[]) => {
      const state = store.getState();
      const moves: { id: string; position: { x: number; y: number } }[] = [];
      const sizes: { id: string; width: number; height: number }[] = [];
      let selection: string[] | null = null;
      for (const change of changes) {
        if (change.type === 'position' && change.position) moves.push({ id: change.id, position: change.position });
        else if (change.type === 'dimensions' && change.dimensions) sizes.push({ id: change.id, ...change.dimensions });
        else if (change.type === 'select') {
          selection ??= [...state.selectedNodeIds];
          const without: string[] = selection.filter((id) => id !== change.id);
          selection = change.selected ? [...without, change.id] : without;
        }
      }
      if (moves.length) state.moveNodes(moves);
      if (sizes.length) state.setMeasured(sizes);
      if (selection) state.setSelection(selection);
    },
    [store],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<RFEdge>[]) => {
      for (const change of changes) {
        if (change.type === 'select' && change.selected) store.getState().selectEdge(change.id);
      }
    },
    [store],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const error = store.getState().connectNodes(connection.source, connection.target);
      if (error) store.getState().notify.error(error);
    },
    [store],
  );

  const onNodeContextMenu: NodeMouseHandler<RFNode> = useCallback(
    (event, node) => {
      event.preventDefault();
      const state = store.getState();
      const inSelection = state.selectedNodeIds.length > 1 && state.selectedNodeIds.includes(node.id);
      if (inSelection) state.openContextMenu({ kind: 'selection', x: event.clientX, y: event.clientY });
      else {
        state.selectNode(node.id);
        state.openContextMenu({ kind: 'node', x: event.clientX, y: event.clientY, nodeId: node.id });
      }
    },
    [store],
  );

  const onEdgeContextMenu: EdgeMouseHandler<RFEdge> = useCallback(
    (event, edge) => {
      event.preventDefault();
      store.getState().selectEdge(edge.id);
      store.getState().openContextMenu({ kind: 'edge', x: event.clientX, y: event.clientY, edgeId: edge.id });
    },
    [store],
  );

  const onPaneContextMenu = useCallback(
    (event: MouseEvent | React.MouseEvent) => {
      event.preventDefault();
      const flowPosition = screenToFlowPosition({ x: event.clientX, y: event.clientY });
      store.getState().openContextMenu({ kind: 'canvas', x: event.clientX, y: event.clientY, flowPosition });
    },
    [store, screenToFlowPosition],
  );

  const onSelectionContextMenu = useCallback(
    (event: React.MouseEvent) => {
      event.preventDefault();
      store.getState().openContextMenu({ kind: 'selection', x: event.clientX, y: event.clientY });
    },
    [store],
  );

  const onPaneClick = useCallback(() => {
    store.getState().clearSelection();
    store.getState().closeContextMenu();
  }, [store]);

  const onNodeDragStop = useCallback(() => store.getState().commitMove(), [store]);

  return (
    <ReactFlow<RFNode, RFEdge>
      id="main-flow"
      // The canvas itself takes the focus, so its context menu (Shift+F10) and keys work without a mouse.
      tabIndex={0}
      aria-label={editorText.flowCanvas}
      nodes={rfNodes}
      edges={rfEdges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onNodeContextMenu={onNodeContextMenu}
      onEdgeContextMenu={onEdgeContextMenu}
      onPaneContextMenu={onPaneContextMenu}
      onSelectionContextMenu={onSelectionContextMenu}
      onPaneClick={onPaneClick}
      onNodeDragStop={onNodeDragStop}
      onMoveStart={viewport.onMoveStart}
      onMoveEnd={viewport.onMoveEnd}
      onDragOver={onDragOver}
      onDrop={onDrop}
      defaultViewport={{ x: 0, y: 0, zoom: CANVAS.zoom }}
      minZoom={CANVAS.minZoom}
      maxZoom={CANVAS.maxZoom}
      deleteKeyCode={null}
      panActivationKeyCode={null}
      selectionKeyCode={null}
      multiSelectionKeyCode={MULTI_SELECT_KEYS}
      onlyRenderVisibleElements
      proOptions={{ hideAttribution: true }}
    >
      <Background variant={BackgroundVariant.Dots} gap={CANVAS.gap} size={CANVAS.dot} />
      <Controls position="top-right" showInteractive={false} showFitView={false}>
        <ControlButton
          className="react-flow__controls-fitview"
          onClick={() => viewport.fit()}
          title={editorText.fitView}
          aria-label={editorText.fitView}
        >
          <FitViewIcon />
        </ControlButton>
      </Controls>
    </ReactFlow>
  );
});

/** React Flow's fit-view icon (the library does not export it). */
function FitViewIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
      <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
    </svg>
  );
}
