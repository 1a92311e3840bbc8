import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHistory, pushSnapshot, redo, restoreSnapshot, takeSnapshot, undo } from '../history/history.js';
import { applyGraphOp, graphOpArbitrary, initialGraphState, type GraphState } from '../testing/graphOperations.js';
import { invariantViolations } from './invariants.js';

describe('graph operations (property)', () => {
  it('keep every invariant of the flow format over 1,000 random operations, and undo then redo is the identity', () => {
    fc.assert(
      fc.property(fc.array(graphOpArbitrary, { minLength: 1000, maxLength: 1000 }), (ops) => {
        let state: GraphState = initialGraphState();
        let history = createHistory(takeSnapshot(state.doc, 'load'));
        for (const op of ops) {
          const before = state.doc;
          state = applyGraphOp(state, op);
          expect(invariantViolations(state.doc)).toEqual([]);
          if (state.doc === before) continue;
          history = pushSnapshot(history, takeSnapshot(state.doc, 'update'));
          const undone = undo(history);
          if (!undone) throw new Error('undo after a change must do something');
          expect(restoreSnapshot(state.doc, undone.snapshot).nodes).toEqual(before.nodes);
          const redone = redo(undone.history);
          if (!redone) throw new Error('redo after undo must do something');
          const again = restoreSnapshot(before, redone.snapshot);
          expect(again.nodes).toEqual(state.doc.nodes);
          expect(again.edges).toEqual(state.doc.edges);
          history = redone.history;
        }
      }),
      { numRuns: 6 },
    );
  });
});
