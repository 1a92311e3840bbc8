import { describe, expect, it } from 'vitest';
import { parseFlow } from '../format/parseFlow.js';
import { serializeFlow } from '../format/serializeFlow.js';
import { buildFlow, functionNode, promptNode } from '../testing/testFlows.js';
import { followUps, walkOrder } from '../format/walk.js';
import type { FlowDocument, FlowEdge } from '../format/types.js';
import { validateFlow } from '../rules/validateFlow.js';
import { diffFlows } from './flowDiff.js';

const edge = (source: string, target: string): FlowEdge => ({ id: `edge-${source}-to-${target}`, source, target, kind: 'node' });

/** p1 -> f1 -> f2 -> f3, plus a second outgoing edge p1 -> f2 (an invalid flow), put first or last. */
function forked(first: boolean): FlowDocument {
  const doc = buildFlow([[promptNode('p1'), functionNode('f1'), functionNode('f2'), functionNode('f3')]]);
  const extra = edge('p1', 'f2');
  return { ...doc, edges: first ? [extra, ...doc.edges] : [...doc.edges, extra] };
}

function formatted(doc: FlowDocument): FlowDocument {
  const parsed = parseFlow(serializeFlow(doc));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.findings));
  return parsed.doc;
}

describe('the walk of a node with two outgoing edges (issue 34, finding 14)', () => {
  it('does not depend on the order of the edges, so fmt changes nothing diff can see', () => {
    const ids = (doc: FlowDocument): string[] => walkOrder(doc).map((n) => n.id);
    expect(ids(forked(true))).toEqual(['p1', 'f1', 'f2', 'f3']);
    expect(ids(forked(false))).toEqual(['p1', 'f1', 'f2', 'f3']);
    for (const doc of [forked(true), forked(false)]) {
      const once = formatted(doc);
      expect(diffFlows(doc, once).same).toBe(true);
      expect(serializeFlow(formatted(once))).toBe(serializeFlow(once));
      const codes = (d: FlowDocument): string[] =>
        validateFlow(d)
          .map((f) => f.code)
          .sort();
      expect(codes(once)).toEqual(codes(doc));
    }
    expect(serializeFlow(forked(true))).toBe(serializeFlow(forked(false)));
  });

  it("follows the edge a function's post action names, then the smallest target id, never a self edge", () => {
    const doc = buildFlow([[functionNode('f1'), functionNode('f2'), functionNode('f3')]]);
    const both = { ...doc, edges: [edge('f1', 'f1'), edge('f1', 'f3'), ...doc.edges] };
    expect(followUps(both).get('f1')?.target).toBe('f2');
    const renamed = {
      ...both,
      nodes: both.nodes.map((n) =>
        n.id === 'f1' && n.type === 'function' ? { ...n, data: { ...n.data, post_action_function_id: 'f3' } } : n,
      ),
    };
    expect(followUps(renamed).get('f1')?.target).toBe('f3');
    expect(followUps({ ...both, edges: [...both.edges].reverse() }).get('f1')?.target).toBe('f2');
  });

  it('gives the same diff whatever the order of two edges with the same ends', () => {
    const doc = buildFlow([[promptNode('p1'), functionNode('f1')]]);
    const twin = { ...edge('p1', 'f1'), id: 'another-id' };
    const a = { ...doc, edges: [...doc.edges, twin] };
    const b = { ...doc, edges: [twin, ...doc.edges] };
    expect(diffFlows(a, b).same).toBe(true);
  });
});
