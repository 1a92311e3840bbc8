import { describe, expect, it } from 'vitest';
import type { FlowDocument } from './types.js';
import { parseFlow } from './parseFlow.js';
import { isRecord } from '../model/paths.js';
import type { JsonObject } from '../model/types.js';
import { canonicalOrder, serializeFlow } from './serializeFlow.js';
import { buildFlow, functionNode, promptNode, sampleFlow } from '../testing/testFlows.js';

const reversed = (doc: FlowDocument): FlowDocument => ({ ...doc, nodes: [...doc.nodes].reverse(), edges: [...doc.edges].reverse() });

describe('serializeFlow', () => {
  it('writes the top-level, node, edge and viewport keys in their fixed order', () => {
    const doc: FlowDocument = { $schema: '../flow.schema.json', ...sampleFlow(), workflows: [] };
    const parsed: unknown = JSON.parse(serializeFlow(reversed(doc)));
    const keys = (value: unknown): string[] => (value && typeof value === 'object' ? Object.keys(value) : []);
    expect(keys(parsed)).toEqual([
      '$schema',
      'format',
      'planId',
      'versionName',
      'agentContext',
      'agentNotes',
      'systemPrompt',
      'startNodeId',
      'viewport',
      'nodes',
      'edges',
      'workflows',
    ]);
    const text = serializeFlow(doc);
    expect(text).toContain('"viewport": {\n    "x": 0,\n    "y": 0,\n    "zoom": 1\n  }');
    expect(text).toContain(
      '{\n      "id": "p1",\n      "type": "prompt",\n      "chain": "1",\n      "position": {\n        "x": 50,\n        "y": 0\n      },\n      "data": {',
    );
    expect(text).toContain('{\n      "id": "edge-p1-to-f1",\n      "source": "p1",\n      "target": "f1",\n      "kind": "node"\n    }');
  });

  it('sorts the keys of node data and metadata, integer-like keys first, but keeps arrays in order', () => {
    const node = functionNode('f1', '1', { metadata: { zeta: 1, alpha: { b: [3, 1, 2], a: null }, '10': 'x', '2': 'y' } });
    const text = serializeFlow(buildFlow([[node]]));
    // JSON.stringify writes integer-like keys first, in numeric order, whatever the insertion order.
    expect(text).toContain(
      '"metadata": {\n          "2": "y",\n          "10": "x",\n          "alpha": {\n            "a": null,\n            "b": [\n              3,\n              1,\n              2\n            ]\n          },\n          "zeta": 1\n        },',
    );
    expect(text.indexOf('"active"')).toBeLessThan(text.indexOf('"uuid"'));
  });

  it('sorts an object of many keys with each value beside its key, and keeps a "__proto__" key as a field', () => {
    // Each value must move with its key; "__proto__" must stay a field, not become the prototype.
    const names = Array.from({ length: 40 }, (_, i) => `k${String(i).padStart(2, '0')}`).reverse();
    const metadata: JsonObject = Object.fromEntries(names.map((name) => [name, `value of ${name}`]));
    Object.defineProperty(metadata, '__proto__', { value: { b: 1, a: 2 }, enumerable: true, writable: true, configurable: true });
    const written: unknown = JSON.parse(serializeFlow(buildFlow([[functionNode('f1', '1', { metadata })]])));
    const nodes = isRecord(written) && Array.isArray(written['nodes']) ? written['nodes'] : [];
    const node: unknown = nodes[0];
    const data = isRecord(node) && isRecord(node['data']) ? node['data'] : {};
    const text = JSON.stringify(data['metadata']);
    expect(text).toBe(
      JSON.stringify({ ['__proto__']: { a: 2, b: 1 }, ...Object.fromEntries([...names].sort().map((n) => [n, `value of ${n}`])) }),
    );
  });

  it('sorts each object by its own keys when objects begin with the same key but differ after it', () => {
    // The sorted order of a key list is remembered by its first key; a list that only begins the same must not reuse it.
    const first: JsonObject = { zeta: 1, beta: 2, alpha: 3 };
    const second: JsonObject = { zeta: 1, alpha: 4, delta: 3 };
    const third: JsonObject = { zeta: 5, beta: 6, alpha: 7 };
    const flow = buildFlow([
      [
        functionNode('f1', '1', { metadata: first }),
        functionNode('f2', '1', { metadata: second }),
        functionNode('f3', '1', { metadata: third }),
      ],
    ]);
    const written: unknown = JSON.parse(serializeFlow(flow));
    const nodes = isRecord(written) && Array.isArray(written['nodes']) ? written['nodes'] : [];
    const metadata = nodes.map((node: unknown) =>
      isRecord(node) && isRecord(node['data']) ? JSON.stringify(node['data']['metadata']) : '',
    );
    expect(metadata).toEqual(['{"alpha":3,"beta":2,"zeta":1}', '{"alpha":4,"delta":3,"zeta":1}', '{"alpha":7,"beta":6,"zeta":5}']);
  });

  it('orders nodes by chain then walk order, and edges by their source then target', () => {
    const doc = buildFlow([
      [promptNode('z'), functionNode('b'), functionNode('a')],
      [functionNode('m'), promptNode('c')],
    ]);
    const { nodes, edges } = canonicalOrder(reversed(doc));
    expect(nodes.map((n) => n.id)).toEqual(['z', 'b', 'a', 'm', 'c']);
    expect(edges.map((e) => e.id)).toEqual(['edge-z-to-b', 'edge-b-to-a', 'edge-a-to-m', 'edge-m-to-c']);
    expect(serializeFlow(reversed(doc))).toBe(serializeFlow(doc));
  });

  it('keeps every node of a flow whose ids repeat, each copy right after the first node of its id', () => {
    const doc = buildFlow([[promptNode('p'), functionNode('f'), functionNode('g')]]);
    const repeated: FlowDocument = { ...doc, nodes: [functionNode('f', '1', { name: 'Second f' }), ...doc.nodes] };
    const { nodes } = canonicalOrder(repeated);
    expect(nodes.map((n) => (n.type === 'function' ? `${n.id}:${n.data.name}` : n.id))).toEqual([
      'p',
      'f:Second f',
      'f:Function f',
      'g:Function g',
    ]);
  });

  it('uses 2-space indent and ends with one newline', () => {
    const text = serializeFlow(sampleFlow());
    expect(text.startsWith('{\n  "format": "flow/1",\n')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.endsWith('\n\n')).toBe(false);
  });

  it('drops undefined fields and fields that are not part of the format', () => {
    const doc = sampleFlow();
    const loose = {
      ...doc,
      viewport: undefined,
      selectedNodeId: 'p1',
      nodes: doc.nodes.map((n) => ({ ...n, selected: true, measured: { width: 1 } })),
      edges: doc.edges.map((e) => ({ ...e, animated: true })),
    };
    const { viewport: _viewport, ...withoutViewport } = doc;
    expect(serializeFlow(loose)).toBe(serializeFlow(withoutViewport));
    const withUndefined = buildFlow([[functionNode('f1', '1', { title: undefined })]]);
    expect(serializeFlow(withUndefined)).not.toContain('"title"');
  });

  it('writes empty lists and objects compactly', () => {
    const doc = buildFlow([], { workflows: [] });
    expect(serializeFlow(doc)).toContain('"nodes": [],\n  "edges": [],\n  "workflows": []\n}');
  });

  it('gives back the same bytes when a canonical file is parsed and written again', () => {
    const text = serializeFlow(sampleFlow());
    const parsed = parseFlow(text);
    expect(parsed.ok && serializeFlow(parsed.doc)).toBe(text);
  });

  it('is idempotent, even on a broken flow', () => {
    const doc = sampleFlow();
    const broken: FlowDocument = {
      ...doc,
      nodes: [...doc.nodes, functionNode('f1', '7'), functionNode('orphan', '2')],
      edges: [
        ...doc.edges,
        { id: 'x', source: 'f1', target: 'p1', kind: 'node' },
        { id: 'y', source: 'ghost', target: 'f2', kind: 'chain' },
      ],
    };
    const once = serializeFlow(broken);
    const parsed = parseFlow(once);
    expect(parsed.ok && serializeFlow(parsed.doc)).toBe(once);
  });

  it('does not depend on the order of nodes and edges, even in a broken flow without duplicates', () => {
    const doc = sampleFlow();
    const broken: FlowDocument = {
      ...doc,
      nodes: [...doc.nodes, functionNode('orphan', '2'), functionNode('loose', '5')],
      edges: [
        ...doc.edges,
        { id: 'x', source: 'f1', target: 'p1', kind: 'node' },
        { id: 'y', source: 'ghost', target: 'f2', kind: 'chain' },
      ],
    };
    expect(serializeFlow(reversed(broken))).toBe(serializeFlow(broken));
  });

  it('keeps a node whose optional data fields are absent, and adds none', () => {
    const data = {
      uuid: 'f',
      type: 'instruct',
      name: 'F',
      metadata: {},
      post_action_type: 'none',
      post_action_function_id: '',
      active: true,
      sequence: 3,
    };
    const file = {
      format: 'flow/1',
      planId: 'p',
      versionName: 'v',
      agentContext: '',
      agentNotes: '',
      systemPrompt: '',
      startNodeId: 'f',
      nodes: [{ data, position: { y: 1, x: 2 }, chain: '1', type: 'function', id: 'f' }],
      edges: [],
    };
    const parsed = parseFlow(JSON.stringify(file));
    expect(parsed.ok).toBe(true);
    const text = parsed.ok ? serializeFlow(parsed.doc) : '';
    expect(JSON.parse(text)).toEqual(file);
    const again = parseFlow(text);
    expect(again.ok && serializeFlow(again.doc)).toBe(text);
  });
});
