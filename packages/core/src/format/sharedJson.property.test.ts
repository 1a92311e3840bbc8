import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFlow } from '../compile/flowArbitrary.js';
import { nodeSchema } from '../compile/nodeSchema.js';
import { applyGraphOp, graphOpArbitrary, initialGraphState, type GraphState } from '../testing/graphOperations.js';
import { restoreSnapshot, takeSnapshot } from '../history/history.js';
import { flowJson, nodeSchemaJson } from './sharedJson.js';

describe('flowJson and nodeSchemaJson (property)', () => {
  it('write exactly what JSON.stringify writes, for any flow', () => {
    fc.assert(
      fc.property(arbitraryFlow, (doc) => {
        expect(flowJson(doc)).toBe(JSON.stringify(doc));
        const schema = nodeSchema(doc);
        expect(nodeSchemaJson(schema)).toBe(JSON.stringify(schema));
      }),
      { numRuns: 60 },
    );
  });

  it('stay exact along 300 random graph operations, undos and redos, each text written after the one before (the remembered parts never go stale)', () => {
    fc.assert(
      fc.property(fc.array(graphOpArbitrary, { minLength: 300, maxLength: 300 }), (ops) => {
        let state: GraphState = initialGraphState();
        for (const op of ops) {
          const before = state.doc;
          state = applyGraphOp(state, op);
          expect(flowJson(state.doc)).toBe(JSON.stringify(state.doc));
          expect(nodeSchemaJson(nodeSchema(state.doc))).toBe(JSON.stringify(nodeSchema(state.doc)));
          // Undo and redo as the editor does: the flow before, back from a snapshot.
          const undone = restoreSnapshot(state.doc, takeSnapshot(before, 'update'));
          expect(flowJson(undone)).toBe(JSON.stringify(undone));
        }
      }),
      { numRuns: 4 },
    );
  });

  it('leaves out undefined members as JSON.stringify does', () => {
    const doc = { ...initialGraphState().doc, note: undefined };
    expect(flowJson(doc)).toBe(JSON.stringify(doc));
  });
});
