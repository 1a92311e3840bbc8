import { describe, expect, it } from 'vitest';
import { emptyFlow } from './fromProvider.js';
import { createPromptData } from './nodeData.js';
import { testFunction } from '../testing/flowBuilder.js';
import type { FlowDocument, FunctionNodeData } from '../format/types.js';
import { analyzeChains } from './analyzeChains.js';
import { flowWithChain } from './chainFlow.js';
import { invariantViolations } from './invariants.js';

function fn(uuid: string, next = ''): FunctionNodeData {
  const base = testFunction(uuid);
  if (base.type !== 'function') throw new Error('expected a function');
  return { ...base.data, uuid, name: uuid.toUpperCase(), post_action_type: next ? 'function' : 'none', post_action_function_id: next };
}

const before: FlowDocument = {
  ...emptyFlow('p', 'production'),
  systemPrompt: 'SYS',
  agentContext: 'CTX',
  agentNotes: 'NOTES',
  nodes: [{ id: 'old', type: 'prompt', chain: '1', position: { x: 0, y: 0 }, data: { ...createPromptData(), prompt: 'Old' } }],
  edges: [],
  startNodeId: 'old',
};

describe('flowWithChain', () => {
  it("clears the nodes and adds the chain's functions in order, linked, as chain 1; prompts and notes stay", () => {
    const [chain] = analyzeChains([fn('b', 'c'), fn('a', 'b'), fn('c')]).chains;
    if (!chain) throw new Error('no chain');
    const { doc, nodeIds } = flowWithChain(before, chain);
    expect(nodeIds).toEqual(['a', 'b', 'c']);
    expect(doc.nodes.map((n) => [n.id, n.chain])).toEqual([
      ['a', '1'],
      ['b', '1'],
      ['c', '1'],
    ]);
    expect(doc.edges.map((e) => [e.source, e.target])).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ]);
    expect([doc.systemPrompt, doc.agentContext, doc.agentNotes]).toEqual(['SYS', 'CTX', 'NOTES']);
    expect(invariantViolations(doc)).toEqual([]);
  });

  it('skips a missing function and the cycle mark', () => {
    const structure = analyzeChains([fn('a', 'ghost'), fn('x', 'y'), fn('y', 'x')]);
    const [missing, loop] = structure.chains;
    if (!missing || !loop) throw new Error('expected two chains');
    expect(flowWithChain(before, missing).nodeIds).toEqual(['a']);
    const looped = flowWithChain(before, loop);
    expect(looped.nodeIds).toEqual(['x', 'y']);
    expect(looped.doc.edges.map((e) => [e.source, e.target])).toEqual([['x', 'y']]);
    expect(invariantViolations(looped.doc)).toEqual([]);
  });
});
