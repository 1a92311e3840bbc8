import {
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
  type NodeMouseHandler,
  type EdgeMouseHandler,
} from '@xyflow/react';
import { useCallback, useMemo } from 'react';
import { toast } from 'sonner';
import { useShallow } from 'zustand/react/shallow';
import { useCardDrop } from '../modals/useCardDrop';
import { nodeTypes } from '../nodes/nodeTypes';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { createNodeAdapter, toRFEdge, type RFEdge, type RFNode } from './rfElements';
import { useRevealAddedNode } from './useRevealAddedNode';

/** Canvas constants of spec section 9. */
export const CANVAS = { zoom: 1.5, minZoom: 0.3, maxZoom: 3, gap: 20, dot: 3 } as const;
const MULTI_SELECT_KEYS = ['Shift', 'Control', 'Meta'];
const FIT_VIEW = { padding: 0.1, maxZoom: CANVAS.zoom } as const;

const graphSelector = (s: EditorState) => ({
  nodes: s.doc.nodes,
  edges: s.doc.edges,
  selected: s.selectedNodeIds,
  selectedEdgeId: s.selectedEdgeId,
  measured: s.measured,
});

/** The React Flow canvas (id main-flow), controlled by the editor store. */
export function FlowCanvas() {
  const store = useEditorStoreApi();
  const { nodes, edges, selected, selectedEdgeId, measured } = useEditor(useShallow(graphSelector));
  const adapter = useMemo(createNodeAdapter, []);
  const { screenToFlowPosition } = useReactFlow();
  const { onDragOver, onDrop } = useCardDrop();
  useRevealAddedNode(nodes, selected, measured);

  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const rfNodes = useMemo(() => adapter.toRF(nodes, selectedSet, measured), [adapter, nodes, selectedSet, measured]);
  const rfEdges = useMemo(() => edges.map((e) => toRFEdge(e, e.id === selectedEdgeId)), [edges, selectedEdgeId]);

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
      if (error) toast.error(error);
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
      <Controls position="top-right" showInteractive={false} fitViewOptions={FIT_VIEW} />
    </ReactFlow>
  );
}
