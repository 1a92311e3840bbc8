import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFlow } from './compileFlow.js';
import { deconstructFlow } from './deconstructFlow.js';
import { arbitraryFlow } from './flowArbitrary.js';
import { flowSteps } from './flowSteps.js';
import { nodeSchema } from './nodeSchema.js';

describe('deconstructFlow of compileFlow', () => {
  it("gives back the flow's steps for any flow", () => {
    fc.assert(
      fc.property(arbitraryFlow, (flow) => {
        const steps = deconstructFlow(nodeSchema(flow), compileFlow(flow).system_message);
        expect(steps).toEqual(flowSteps(flow));
      }),
      { numRuns: 400 },
    );
  });

  it('writes exactly one heading per chain, whatever the author text', () => {
    fc.assert(
      fc.property(arbitraryFlow, (flow) => {
        const lines = compileFlow(flow).system_message.split('\n');
        const headings = lines.filter((line) => line.startsWith('## '));
        expect(headings).toEqual(flowSteps(flow).map((step) => `## Chain ${step.Chain}`));
      }),
      { numRuns: 200 },
    );
  });

  it('compiles the same flow to the same text every time', () => {
    fc.assert(
      fc.property(arbitraryFlow, (flow) => {
        const reordered = { ...flow, nodes: [...flow.nodes].reverse(), edges: [...flow.edges].reverse() };
        expect(compileFlow(reordered)).toEqual(compileFlow(flow));
      }),
      { numRuns: 100 },
    );
  });
});
