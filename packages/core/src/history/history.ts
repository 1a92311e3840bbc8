import { nodeSchema } from '../compile/nodeSchema.js';
import type { FlowDocument, FlowEdge, FlowNode, NodeSchema } from '../format/types.js';

/** Spec section 9: at most 50 snapshots are kept. */
export const HISTORY_LIMIT = 50;

/** The names of history entries; dev text edits have their own (spec section 4). */
export type HistoryLabel = 'load' | 'add' | 'update' | 'delete' | 'system-prompt-edit' | 'agent-context-edit' | 'agent-notes-edit';

/**
 * What one history entry records. The node and edge arrays are the flow's own, shared, not copied
 * (flows are never changed in place): recording and restoring cost nothing per node.
 */
export interface Snapshot {
  label: HistoryLabel;
  nodes: FlowNode[];
  edges: FlowEdge[];
  schema: NodeSchema;
  systemPrompt: string;
  agentContext: string;
  agentNotes: string;
}

/** `past` ends with the snapshot of the current state; `future` is the redo stack (top last). */
export interface History {
  past: readonly Snapshot[];
  future: readonly Snapshot[];
}

/** A snapshot of the parts of a flow that history restores. */
export function takeSnapshot(doc: FlowDocument, label: HistoryLabel): Snapshot {
  const { nodes, edges } = doc;
  let schema: NodeSchema | undefined;
  return {
    label,
    nodes,
    edges,
    // Derived on first read: recording an edit on a large flow stays cheap.
    get schema() {
      schema ??= nodeSchema({ nodes, edges });
      return schema;
    },
    systemPrompt: doc.systemPrompt,
    agentContext: doc.agentContext,
    agentNotes: doc.agentNotes,
  };
}

/** A history holding the initial state, if given. */
export function createHistory(initial?: Snapshot): History {
  return { past: initial ? [initial] : [], future: [] };
}

/** Pushes a snapshot of the new state: capped at 50, and the redo stack is cleared. */
export function pushSnapshot(history: History, snapshot: Snapshot): History {
  const past = history.past.length >= HISTORY_LIMIT ? history.past.slice(history.past.length - HISTORY_LIMIT + 1) : [...history.past];
  past.push(snapshot);
  return { past, future: [] };
}

/**
 * Replaces the current snapshot with `snapshot`: one more keystroke of the edit it records stays one
 * step of the history. The first snapshot (the flow as loaded) is never replaced; redo is cleared.
 */
export function amendSnapshot(history: History, snapshot: Snapshot): History {
  if (history.past.length < 2) return pushSnapshot(history, snapshot);
  return { past: [...history.past.slice(0, -1), snapshot], future: [] };
}

/** Whether undo would do something: it needs more than one snapshot. */
export function canUndo(history: History): boolean {
  return history.past.length > 1;
}

/** Whether redo would do something. */
export function canRedo(history: History): boolean {
  return history.future.length > 0;
}

/** Steps back: the current snapshot moves to the redo stack and the previous one is restored. */
export function undo(history: History): { history: History; snapshot: Snapshot } | null {
  const current = history.past[history.past.length - 1];
  const previous = history.past[history.past.length - 2];
  if (!current || !previous) return null;
  return { history: { past: history.past.slice(0, -1), future: [...history.future, current] }, snapshot: previous };
}

/** Steps forward: the top of the redo stack becomes the current snapshot. */
export function redo(history: History): { history: History; snapshot: Snapshot } | null {
  const next = history.future[history.future.length - 1];
  if (!next) return null;
  return { history: { past: [...history.past, next], future: history.future.slice(0, -1) }, snapshot: next };
}

/** The flow with a snapshot's nodes, edges and texts put back. */
export function restoreSnapshot(doc: FlowDocument, snapshot: Snapshot): FlowDocument {
  return {
    ...doc,
    // By reference: documents are never changed in place, and an unchanged array (the edges, after
    // undoing a text edit) keeps its identity, so nothing derived from it is computed again.
    nodes: snapshot.nodes,
    edges: snapshot.edges,
    systemPrompt: snapshot.systemPrompt,
    agentContext: snapshot.agentContext,
    agentNotes: snapshot.agentNotes,
  };
}
