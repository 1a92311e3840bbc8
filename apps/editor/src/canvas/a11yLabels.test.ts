import { addNode, createFunctionData, createPromptData, emptyFlow, type FlowDocument } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { flowLabels } from './a11yLabels';

/** Chain 1: greet (prompt) -> ask (instruct); chain 2: wrap (prompt), linked from ask. */
function flow(): FlowDocument {
  let r = addNode(
    emptyFlow('p', 'production'),
    { type: 'prompt', data: { ...createPromptData('Hi'), name: 'Greet' } },
    { currentChain: '0', id: 'greet' },
  );
  const ask = createFunctionData('instruct', { uuid: 'ask', planId: 'p', name: 'Ask' });
  r = addNode(r.doc, { type: 'function', data: ask }, { currentChain: r.currentChain, id: 'ask' });
  r = addNode(
    r.doc,
    { type: 'prompt', data: { ...createPromptData('Bye'), name: 'Wrap' } },
    { currentChain: r.currentChain, newChain: true, id: 'wrap' },
  );
  return r.doc;
}

describe('flowLabels', () => {
  it('names each node by type, name, chain, step and follow-up, and each edge by its node names', () => {
    const doc = flow();
    const labels = flowLabels(doc);
    expect(labels.node('greet')).toBe('Prompt: Greet, chain 1, step 1, followed by Ask');
    expect(labels.node('ask')).toBe('Instruct: Ask, chain 1, step 2, followed by Wrap');
    expect(labels.node('wrap')).toBe('Prompt: Wrap, chain 2, step 1, followed by nothing');
    expect(labels.node('no-such-node')).toBeUndefined();
    expect(doc.edges.map(labels.edge)).toEqual(['Step link from Greet to Ask', 'Chain link from Ask to Wrap']);
  });
});
