import { describe, expect, it } from 'vitest';
import { addNode } from '../graph/addNode.js';
import { testFlow, testFunction } from '../testing/flowBuilder.js';
import type { FlowDocument } from '../format/types.js';
import {
  HISTORY_LIMIT,
  amendSnapshot,
  canRedo,
  canUndo,
  createHistory,
  pushSnapshot,
  redo,
  restoreSnapshot,
  takeSnapshot,
  undo,
} from './history.js';

function grow(doc: FlowDocument, id: string): FlowDocument {
  return addNode(doc, testFunction(id), { currentChain: doc.nodes.length ? '1' : '0', id }).doc;
}

describe('history', () => {
  it('does nothing on undo with one or fewer snapshots', () => {
    expect(undo(createHistory())).toBeNull();
    expect(undo(createHistory(takeSnapshot(testFlow(), 'load')))).toBeNull();
    expect(canUndo(createHistory(takeSnapshot(testFlow(), 'load')))).toBe(false);
  });

  it('restores the previous snapshot and pushes the current one to redo', () => {
    const d0 = testFlow();
    const d1 = grow(d0, 'a');
    let h = pushSnapshot(createHistory(takeSnapshot(d0, 'load')), takeSnapshot(d1, 'add'));
    const u = undo(h);
    if (!u) throw new Error('expected undo');
    expect(restoreSnapshot(d1, u.snapshot).nodes).toEqual([]);
    h = u.history;
    expect(canRedo(h)).toBe(true);
    const r = redo(h);
    expect(r && restoreSnapshot(d0, r.snapshot).nodes.map((n) => n.id)).toEqual(['a']);
  });

  it('clears the redo stack when a new snapshot is pushed', () => {
    const d0 = testFlow();
    const d1 = grow(d0, 'a');
    const h = pushSnapshot(createHistory(takeSnapshot(d0, 'load')), takeSnapshot(d1, 'add'));
    const u = undo(h);
    if (!u) throw new Error('expected undo');
    const pushed = pushSnapshot(u.history, takeSnapshot(grow(d0, 'b'), 'add'));
    expect(pushed.future).toEqual([]);
    expect(redo(pushed)).toBeNull();
  });

  it('amending replaces the current step (one edit typed in several keystrokes), never the loaded flow, and clears redo', () => {
    const d0 = testFlow();
    const typed = (text: string) => takeSnapshot({ ...d0, systemPrompt: text }, 'system-prompt-edit');
    const first = amendSnapshot(createHistory(takeSnapshot(d0, 'load')), typed('H'));
    expect(first.past.map((s) => s.systemPrompt)).toEqual(['', 'H']);
    const amended = amendSnapshot(amendSnapshot(first, typed('He')), typed('Hello'));
    expect(amended.past.map((s) => s.systemPrompt)).toEqual(['', 'Hello']);
    const u = undo(amended);
    if (!u) throw new Error('expected undo');
    expect(u.snapshot.systemPrompt).toBe('');
    expect(amendSnapshot(pushSnapshot(u.history, typed('A')), typed('Ab')).future).toEqual([]);
  });

  it('keeps at most 50 snapshots, dropping the oldest', () => {
    let doc = testFlow();
    let h = createHistory(takeSnapshot(doc, 'load'));
    for (let i = 0; i < 70; i++) {
      doc = grow(doc, `n${i}`);
      h = pushSnapshot(h, takeSnapshot(doc, 'add'));
    }
    expect(HISTORY_LIMIT).toBe(50);
    expect(h.past).toHaveLength(50);
    expect(h.past[0]?.nodes).toHaveLength(21);
  });

  it('records the named dev text edits and restores the texts', () => {
    const d0 = testFlow();
    const d1 = { ...d0, systemPrompt: 'new prompt', agentContext: 'ctx', agentNotes: 'notes' };
    const h = pushSnapshot(createHistory(takeSnapshot(d0, 'load')), takeSnapshot(d1, 'system-prompt-edit'));
    expect(h.past.map((s) => s.label)).toEqual(['load', 'system-prompt-edit']);
    const u = undo(h);
    expect(u && restoreSnapshot(d1, u.snapshot)).toMatchObject({ systemPrompt: '', agentContext: '', agentNotes: '' });
  });

  it('shares node objects between snapshots instead of copying them', () => {
    const d1 = grow(grow(testFlow(), 'a'), 'b');
    const d2 = grow(d1, 'c');
    expect(takeSnapshot(d2, 'add').nodes[0]).toBe(takeSnapshot(d1, 'add').nodes[0]);
  });

  it('keeps the schema of the flow in every snapshot', () => {
    const snap = takeSnapshot(grow(testFlow(), 'a'), 'add');
    expect(Object.keys(snap.schema)).toEqual(['1']);
    expect(Object.keys(snap.schema['1'] ?? {})).toEqual(['a']);
  });
});
