import {
  addGeneratedChain,
  agreesWithItself,
  amendSnapshot,
  addNode as addNodeToFlow,
  chainNumbers,
  connect,
  copy,
  createHistory,
  duplicate,
  duplicateSelection as duplicateNodes,
  flowMessages,
  flowWithChain,
  nodeIndex,
  nodeName,
  paste,
  pushSnapshot,
  redo as redoHistory,
  removeEdge as removeEdgeFromFlow,
  removeNodes as removeNodesFromFlow,
  restoreSnapshot,
  setPostAction as setPostActionInFlow,
  takeSnapshot,
  undo as undoHistory,
  withNodes,
  type FlowDocument,
  type FlowNode,
  type HistoryLabel,
} from '@flow/core';
import type { StateCreator } from 'zustand';
import type { EditGroup, EditorState, FlowSlice } from './types';
import { editorText } from '../messages';

type Set = Parameters<StateCreator<EditorState>>[0];
type Get = () => EditorState;

/** The highest chain of a flow, as the current chain after a load or an undo. */
export function lastChain(doc: FlowDocument): string {
  return chainNumbers(doc.nodes).at(-1) ?? '0';
}

/** The selection tab rule: Properties with a node selected, Functions without. */
function tabFor(selected: readonly string[]): Pick<EditorState, 'panelTab'> {
  return { panelTab: selected.length > 0 ? 'properties' : 'functions' };
}

export const createFlowSlice =
  (doc: FlowDocument): StateCreator<EditorState, [], [], FlowSlice> =>
  (set, get) => {
    /** The field being typed into, and when it last changed: its next change amends the same history step. */
    let editing: { key: string; at: number } | null = null;

    /**
     * Records a change: the new flow becomes current and a snapshot goes on the history. A change of
     * the field typed into last, within its pause, amends that field's step instead (one step per burst).
     */
    const commit = (doc: FlowDocument, label: HistoryLabel, extra: Partial<EditorState> = {}, group?: EditGroup): void => {
      const now = performance.now();
      const amend = group !== undefined && editing?.key === group.key && now - editing.at <= group.pauseMs;
      editing = group ? { key: group.key, at: now } : null;
      const snapshot = takeSnapshot(doc, label);
      const news = newsOf(get().doc, doc);
      set({
        ...extra,
        ...(news ? { announcement: nextNews(get(), news) } : {}),
        doc,
        history: amend ? amendSnapshot(get().history, snapshot) : pushSnapshot(get().history, snapshot),
      });
    };

    return {
      doc,
      currentChain: lastChain(doc),
      start_node_id: '222',
      selectedNodeIds: [],
      selectedEdgeId: null,
      history: createHistory(takeSnapshot(doc, 'load')),
      clipboard: null,
      measured: new Map(),

      loadDoc: (next) => {
        editing = null;
        // Checked once: a flow in step is then known to be, and its first linking change is quick.
        agreesWithItself(next);
        set({
          doc: next,
          currentChain: lastChain(next),
          history: createHistory(takeSnapshot(next, 'load')),
          selectedNodeIds: [],
          selectedEdgeId: null,
        });
      },

      addNode: (input, options = {}) => {
        const { doc: current, currentChain, selectedNodeIds } = get();
        const selectedId = selectedNodeIds.at(-1) ?? null;
        const dropped = options.position !== undefined;
        const result = addNodeToFlow(current, input, {
          currentChain,
          selectedId: options.newChain ? null : selectedId,
          newChain: options.newChain,
          position: options.position,
          detached: dropped && !selectedId && !options.newChain,
        });
        commit(result.doc, 'add', {
          currentChain: result.currentChain,
          selectedNodeIds: [result.nodeId],
          selectedEdgeId: null,
          ...tabFor([result.nodeId]),
        });
        return result.nodeId;
      },

      connectNodes: (source, target) => {
        const before = get().doc;
        const result = connect(before, source, target);
        if (!result.ok) return result.error;
        if (result.doc === before) return null;
        commit(result.doc, 'update');
        // A node has one follow-up: the old one is replaced (one undo step brings it back); say which.
        const replaced = before.edges.find((edge) => edge.source === source && edge.target !== target);
        if (!replaced) return null;
        const byId = nodeIndex(before.nodes);
        const from = byId.get(source);
        const old = byId.get(replaced.target);
        const to = byId.get(target);
        if (from && old && to) get().notify.info(flowMessages.followUpReplaced(nodeName(from), nodeName(old), nodeName(to)));
        return null;
      },

      removeEdge: (edgeId) => {
        const next = removeEdgeFromFlow(get().doc, edgeId);
        if (next !== get().doc) commit(next, 'delete', { selectedEdgeId: null });
      },

      removeNodes: (ids) => {
        const result = removeNodesFromFlow(get().doc, ids, get().currentChain);
        if (result.removed === 0) return 0;
        const gone = new Set(ids);
        const selected = get().selectedNodeIds.filter((id) => !gone.has(id));
        commit(result.doc, 'delete', { currentChain: result.currentChain, selectedNodeIds: selected, ...tabFor(selected) });
        return result.removed;
      },

      removeSelection: () => get().removeNodes(get().selectedNodeIds),

      duplicateNode: (id) => {
        const result = duplicate(get().doc, id, { currentChain: get().currentChain });
        if (result.nodeIds.length === 0) return;
        commit(result.doc, 'add', {
          currentChain: result.currentChain,
          selectedNodeIds: result.nodeIds,
          ...tabFor(result.nodeIds),
        });
      },

      copySelection: () => {
        const clipboard = copy(get().doc, get().selectedNodeIds);
        if (clipboard.nodes.length > 0) set({ clipboard });
        return clipboard.nodes.length;
      },

      duplicateSelection: () => {
        const result = duplicateNodes(get().doc, get().selectedNodeIds, { currentChain: get().currentChain });
        if (result.nodeIds.length === 0) return;
        commit(result.doc, 'add', {
          currentChain: result.currentChain,
          selectedNodeIds: result.nodeIds,
          ...tabFor(result.nodeIds),
        });
      },

      pasteClipboard: (position) => {
        const { clipboard, doc: current, currentChain, selectedNodeIds } = get();
        if (!clipboard || clipboard.nodes.length === 0) return 0;
        const result = paste(current, clipboard, { currentChain, selectedId: selectedNodeIds.at(-1) ?? null, position });
        commit(result.doc, 'add', {
          currentChain: result.currentChain,
          selectedNodeIds: result.nodeIds,
          ...tabFor(result.nodeIds),
        });
        return result.nodeIds.length;
      },

      selectNode: (id, toggle = false) => {
        const current = get().selectedNodeIds;
        let next: string[];
        if (!toggle) next = [id];
        else if (current.includes(id)) next = current.filter((x) => x !== id);
        else next = [...current, id];
        set({ selectedNodeIds: next, selectedEdgeId: null, ...tabFor(next) });
      },

      setSelection: (ids) => set({ selectedNodeIds: [...ids], selectedEdgeId: null, ...tabFor(ids) }),

      selectAll: () => {
        const ids = get().doc.nodes.map((n) => n.id);
        set({ selectedNodeIds: ids, selectedEdgeId: null, ...tabFor(ids) });
      },

      clearSelection: () => set({ selectedNodeIds: [], selectedEdgeId: null, ...tabFor([]) }),

      selectEdge: (id) => set({ selectedEdgeId: id, selectedNodeIds: [], ...tabFor([]) }),

      moveNodes: (moves) => {
        if (moves.length === 0) return;
        const byId = new Map(moves.map((m) => [m.id, m.position]));
        const current = get().doc;
        const nodes = current.nodes.map((node): FlowNode => {
          const position = byId.get(node.id);
          return position ? { ...node, position: { x: position.x, y: position.y } } : node;
        });
        set({ doc: withNodes(current, nodes) });
      },

      commitMove: () => commit(get().doc, 'update'),

      setMeasured: (sizes) => {
        if (sizes.length === 0) return;
        const measured = new Map(get().measured);
        for (const s of sizes) measured.set(s.id, { width: s.width, height: s.height });
        set({ measured });
      },

      updateNodeData: (id, update, group) => {
        const current = get().doc;
        let changed = false;
        const nodes = current.nodes.map((node) => {
          if (node.id !== id) return node;
          const next = update(node);
          changed = next !== node;
          return next;
        });
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- TypeScript does not see the assignment inside the callback above
        if (changed) commit(withNodes(current, nodes), 'update', {}, group);
      },

      updateFunction: (id, update, group) =>
        get().updateNodeData(
          id,
          (node) => {
            if (node.type !== 'function') return node;
            const data = update(node.data);
            return data === node.data ? node : { ...node, data };
          },
          group,
        ),

      setPostAction: (id, type, targetId) => {
        const result = setPostActionInFlow(get().doc, id, type, targetId);
        if (!result.ok) return result.error;
        if (result.doc !== get().doc) commit(result.doc, 'update');
        return null;
      },

      setText: (field, value, group) => {
        const current = get().doc;
        if (current[field] === value) return;
        const label: HistoryLabel =
          field === 'systemPrompt' ? 'system-prompt-edit' : field === 'agentContext' ? 'agent-context-edit' : 'agent-notes-edit';
        commit({ ...current, [field]: value }, label, {}, group);
      },

      insertGenerated: (flow) => {
        const result = addGeneratedChain(get().doc, flow);
        if (result.nodeIds.length === 0) return [];
        commit(result.doc, 'add', {
          currentChain: lastChain(result.doc),
          selectedNodeIds: result.nodeIds,
          selectedEdgeId: null,
          ...tabFor(result.nodeIds),
        });
        return result.nodeIds;
      },

      addChainToFlow: (chain) => {
        const result = flowWithChain(get().doc, chain);
        commit(result.doc, 'update', {
          currentChain: lastChain(result.doc),
          selectedNodeIds: [],
          selectedEdgeId: null,
        });
        return result.nodeIds.length;
      },

      endEdit: (key) => {
        if (editing?.key === key) editing = null;
      },

      undo: () => {
        editing = null;
        restore(set, get, undoHistory(get().history), editorText.undone);
      },
      redo: () => {
        editing = null;
        restore(set, get, redoHistory(get().history), editorText.redone);
      },
    };
  };

/** What a screen reader is told of a change: nodes added or deleted (nothing for edits). */
function newsOf(before: FlowDocument, after: FlowDocument): string | null {
  const diff = after.nodes.length - before.nodes.length;
  if (diff > 0) return editorText.nodesAdded(diff);
  if (diff < 0) return editorText.nodesDeleted(-diff);
  return null;
}

const nextNews = (s: EditorState, text: string) => ({ text, seq: (s.announcement?.seq ?? 0) + 1 });

function restore(set: Set, get: Get, step: ReturnType<typeof undoHistory>, said: string): void {
  if (!step) return;
  const doc = restoreSnapshot(get().doc, step.snapshot);
  const ids = new Set(doc.nodes.map((n) => n.id));
  const before = get().selectedNodeIds;
  const selected = before.filter((id) => ids.has(id));
  // The side panel stays where it is unless the step took a selected node away (its Properties go).
  const tabs = selected.length === before.length ? {} : tabFor(selected);
  const news = newsOf(get().doc, doc);
  const announcement = nextNews(get(), news ? `${said}: ${news}` : said);
  set({ doc, history: step.history, currentChain: lastChain(doc), selectedNodeIds: selected, announcement, ...tabs });
}
