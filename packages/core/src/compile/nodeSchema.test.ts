import { describe, expect, it } from 'vitest';
import { buildFlow, functionNode, promptNode } from './flowFixtures.js';
import { nodeSchema } from './nodeSchema.js';

describe('nodeSchema', () => {
  it('maps each chain to its nodes by id, in walk order', () => {
    const doc = buildFlow([[promptNode('z-first', 'Hello'), functionNode('a-second', 'instruct')], [functionNode('m-only', 'http_calls')]]);
    const schema = nodeSchema({ ...doc, nodes: [...doc.nodes].reverse() });
    expect(Object.keys(schema)).toEqual(['1', '2']);
    expect(Object.keys(schema['1'] ?? {})).toEqual(['z-first', 'a-second']);
    expect(schema['1']?.['z-first']).toBe(doc.nodes[0]?.data);
    expect(Object.keys(schema['2'] ?? {})).toEqual(['m-only']);
  });

  it('is empty for a flow without nodes', () => {
    expect(nodeSchema(buildFlow([]))).toEqual({});
  });
});
