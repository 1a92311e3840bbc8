import { createHistory, pushSnapshot, redo, restoreSnapshot, takeSnapshot, undo } from '../../packages/core/src/history/history.js';
import type { History } from '../../packages/core/src/history/history.js';
import type { FlowDocument, FlowNode } from '../../packages/core/src/format/types.js';
import { syntheticFlow } from './syntheticFlow.js';
import { measure } from './measure.js';

const FRAME_MS = 16;

export interface HistoryFigures {
  nodes: number;
  entries: number;
  recordMs: number;
  undoMs: number;
  redoMs: number;
  /** Each step as a share of one 16 ms frame. */
  undoFrames: number;
  redoFrames: number;
}

// An edit as the editor makes one: a new nodes array sharing every node but the renamed one.
function rename(doc: FlowDocument, i: number): FlowDocument {
  const index = (i * 97) % doc.nodes.length;
  const nodes = doc.nodes.map((node, j) => (j === index ? renamed(node, `Edit ${i}`) : node));
  return { ...doc, nodes };
}

function renamed(node: FlowNode, name: string): FlowNode {
  if (node.type === 'function') return { ...node, data: { ...node.data, name } };
  if (node.type === 'prompt') return { ...node, data: { ...node.data, name } };
  return { ...node, data: { ...node.data, name } };
}

/** Undo and redo, each followed by restoring the flow, on a flow of `size` nodes with a full history. */
export function measureHistory(size: number): HistoryFigures {
  let doc = syntheticFlow(size, 7);
  let history: History = createHistory(takeSnapshot(doc, 'load'));
  for (let i = 1; i < 60; i++) {
    doc = rename(doc, i);
    history = pushSnapshot(history, takeSnapshot(doc, 'update'));
  }
  const full = history;
  const current = doc;
  const undone = undo(full);
  if (!undone) throw new Error('history has nothing to undo');
  const afterUndo = undone.history;
  const record = measure(() => pushSnapshot(full, takeSnapshot(rename(current, 61), 'update')));
  const undoStep = measure(() => {
    const step = undo(full);
    return step && restoreSnapshot(current, step.snapshot);
  });
  const redoStep = measure(() => {
    const step = redo(afterUndo);
    return step && restoreSnapshot(current, step.snapshot);
  });
  return {
    nodes: size,
    entries: full.past.length,
    recordMs: record.medianMs,
    undoMs: undoStep.medianMs,
    redoMs: redoStep.medianMs,
    undoFrames: undoStep.medianMs / FRAME_MS,
    redoFrames: redoStep.medianMs / FRAME_MS,
  };
}
