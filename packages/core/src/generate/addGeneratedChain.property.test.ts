import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFlow, authorText } from '../compile/flowArbitrary.js';
import { maxChain } from '../graph/chains.js';
import { invariantViolations } from '../graph/invariants.js';
import { chainsInWalkOrder } from '../format/walk.js';
import { addGeneratedChain } from './addGeneratedChain.js';
import { GENERATE_LIMITS, type GeneratedFlow, type GeneratedNode } from './generatedFlow.js';

const generatedNode: fc.Arbitrary<GeneratedNode> = fc.record({
  type: fc.constantFrom('prompt' as const, 'function' as const),
  label: fc.string({ minLength: 1, maxLength: 40 }),
  description: authorText,
  prompt: authorText,
  emoji: fc.constantFrom('⚡', '🔎', '👨‍👩‍👧', 'T', 'long text'),
});

/** Any workflow schema `checkGeneratedFlow` lets through. */
const generatedFlow: fc.Arbitrary<GeneratedFlow> = fc.record({
  nodes: fc.array(generatedNode, { minLength: 1, maxLength: GENERATE_LIMITS.maxNodes }),
  lastUpdated: fc.string(),
});

describe('addGeneratedChain (property)', () => {
  it('keeps every invariant of the flow format on any flow, and adds exactly one chain holding the nodes in order', () => {
    fc.assert(
      fc.property(arbitraryFlow, generatedFlow, (before, flow) => {
        const { doc, nodeIds } = addGeneratedChain(before, flow);
        expect(invariantViolations(doc)).toEqual([]);
        expect(maxChain(doc.nodes)).toBe(maxChain(before.nodes) + 1);
        const added = chainsInWalkOrder(doc).get(String(maxChain(doc.nodes))) ?? [];
        expect(added.map((n) => n.id)).toEqual(nodeIds);
        expect(added.map((n) => n.type)).toEqual(flow.nodes.map((n) => n.type));
        expect(doc.nodes).toHaveLength(before.nodes.length + flow.nodes.length);
      }),
      { numRuns: 200 },
    );
  });
});
