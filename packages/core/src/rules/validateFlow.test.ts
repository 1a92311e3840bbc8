import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeFlow } from '../format/serializeFlow.js';
import { buildFlow, functionNode, promptNode, sampleFlow, workflowNode } from '../testing/testFlows.js';
import { flowMessages, messages } from '../messages.js';
import type { Finding } from '../model/types.js';
import type { FlowDocument, FlowEdge, FlowNode } from '../format/types.js';
import { isIncomplete, ruleFinding, type RuleCode } from '../model/ruleCodes.js';
import { validateFlow, validateFlowText } from './validateFlow.js';

const error = (path: string, message: string, code: RuleCode): Finding => ruleFinding(code, path, message);

/** a -> b -> c in chain 1, d in chain 2: a valid flow to break. */
function flow(): FlowDocument {
  return buildFlow([[functionNode('a'), functionNode('b'), promptNode('c')], [functionNode('d')]]);
}

const edge = (source: string, target: string, kind: FlowEdge['kind'] = 'node'): FlowEdge => ({
  id: `edge-${source}-to-${target}`,
  source,
  target,
  kind,
});

const mapNodes = (doc: FlowDocument, change: (node: FlowNode, i: number) => FlowNode): FlowDocument => ({
  ...doc,
  nodes: doc.nodes.map(change),
});

describe('validateFlow', () => {
  it('finds nothing wrong with a valid flow', () => {
    expect(validateFlow(flow())).toEqual([]);
    expect(validateFlow(sampleFlow())).toEqual([]);
  });

  it('needs at least one node', () => {
    expect(validateFlow(buildFlow([]))).toEqual([error('$.nodes', messages.noChainsInFlow, 'no-chains')]);
  });

  it('reports a duplicate node id at the second node', () => {
    const doc = flow();
    const findings = validateFlow({ ...doc, nodes: [...doc.nodes, functionNode('b', '2')] });
    expect(findings).toContainEqual(error('$.nodes[4].id', flowMessages.duplicateNodeId('b'), 'duplicate-node-id'));
  });

  it('reports a duplicate edge id', () => {
    const doc = flow();
    const findings = validateFlow({ ...doc, edges: [...doc.edges, { ...edge('c', 'd', 'chain'), id: 'edge-a-to-b' }] });
    expect(findings).toContainEqual(error('$.edges[3].id', flowMessages.duplicateEdgeId('edge-a-to-b'), 'duplicate-edge-id'));
  });

  it('reports edges whose ends are not nodes', () => {
    const doc = flow();
    const findings = validateFlow({ ...doc, edges: [...doc.edges, edge('ghost', 'phantom')] });
    expect(findings).toEqual([
      error('$.edges[3].source', flowMessages.danglingEdge('source', 'ghost'), 'orphan-edge'),
      error('$.edges[3].target', flowMessages.danglingEdge('target', 'phantom'), 'orphan-edge'),
    ]);
  });

  it("refuses a self edge with the spec's message", () => {
    const doc = mapNodes(flow(), (n) => n);
    const findings = validateFlow({ ...doc, edges: [...doc.edges, edge('d', 'd')] });
    expect(findings).toEqual([error('$.edges[3]', 'Error: Cannot connect a node to itself', 'self-edge')]);
  });

  it("refuses a second incoming edge with the spec's message naming the target", () => {
    const doc = flow();
    const findings = validateFlow({ ...doc, edges: [...doc.edges, edge('d', 'b', 'chain')] });
    expect(findings).toContainEqual(error('$.edges[3]', 'Error: Node: Function b already has an incoming edge', 'second-incoming-edge'));
  });

  it('names a node without a name by its id', () => {
    const doc = buildFlow([[functionNode('a'), { ...promptNode('p'), data: { ...promptNode('p').data, name: '' } }, functionNode('z')]]);
    const findings = validateFlow({ ...doc, edges: [...doc.edges, edge('z', 'p')] });
    expect(findings).toContainEqual(error('$.edges[2]', messages.alreadyHasIncomingEdge('p'), 'second-incoming-edge'));
  });

  it('refuses a second outgoing edge', () => {
    const doc = flow();
    const twice = validateFlow({ ...doc, edges: [...doc.edges, edge('a', 'c')] });
    expect(twice).toContainEqual(error('$.edges[3]', flowMessages.moreThanOneFollowUp('Function a'), 'second-outgoing-edge'));
  });

  it('wants edge ids of the form edge-{source}-to-{target}', () => {
    const doc = flow();
    const findings = validateFlow({ ...doc, edges: doc.edges.map((e, i) => (i === 1 ? { ...e, id: 'e2' } : e)) });
    expect(findings).toEqual([error('$.edges[1].id', flowMessages.edgeIdForm('edge-b-to-c'), 'edge-id-form')]);
  });

  it('wants chain edges between chains and node edges within one', () => {
    const doc = flow();
    const findings = validateFlow({ ...doc, edges: doc.edges.map((e) => ({ ...e, kind: e.kind === 'node' ? 'chain' : 'node' })) });
    expect(findings).toEqual([
      error('$.edges[0].kind', flowMessages.edgeKindMismatch('node'), 'edge-kind'),
      error('$.edges[1].kind', flowMessages.edgeKindMismatch('node'), 'edge-kind'),
      error('$.edges[2].kind', flowMessages.edgeKindMismatch('chain'), 'edge-kind'),
    ]);
  });

  it('wants chains numbered 1, 2, … without gaps', () => {
    const doc = mapNodes(flow(), (n) => (n.id === 'd' ? { ...n, chain: '3' } : n));
    expect(validateFlow(doc)).toEqual([error('$.nodes[3].chain', flowMessages.chainsNotContiguous('1, 3'), 'chain-numbers')]);
    const noFirst = buildFlow([[functionNode('a')]]);
    expect(validateFlow(mapNodes(noFirst, (n) => ({ ...n, chain: '2' })))).toEqual([
      error('$.nodes[0].chain', flowMessages.chainsNotContiguous('2'), 'chain-numbers'),
    ]);
  });

  it('wants a function with a follow-up to have post_action_type function', () => {
    const doc = mapNodes(flow(), (n) =>
      n.type === 'function' && n.id === 'a' ? { ...n, data: { ...n.data, post_action_type: 'none' } } : n,
    );
    expect(validateFlow(doc)).toEqual([
      error('$.nodes[0].data.post_action_type', flowMessages.postActionTypeMismatch('Function a'), 'post-action-type'),
    ]);
  });

  it('wants post_action_function_id to be the target of the outgoing edge', () => {
    const doc = mapNodes(flow(), (n) =>
      n.type === 'function' && n.id === 'b' ? { ...n, data: { ...n.data, post_action_function_id: 'd' } } : n,
    );
    expect(validateFlow(doc)).toEqual([
      error('$.nodes[1].data.post_action_function_id', flowMessages.postActionMismatch('Function b'), 'post-action-target'),
    ]);
  });

  it('wants an outgoing edge for post_action_type function', () => {
    const doc = mapNodes(flow(), (n) =>
      n.type === 'function' && n.id === 'd' ? { ...n, data: { ...n.data, post_action_type: 'function', post_action_function_id: 'a' } } : n,
    );
    expect(validateFlow(doc)).toEqual([
      error('$.nodes[3].data.post_action_type', flowMessages.postActionWithoutEdge('Function d'), 'post-action-without-edge'),
    ]);
  });

  it('wants the uuid of a function to be its node id', () => {
    const doc = mapNodes(flow(), (n) => (n.type === 'function' && n.id === 'd' ? { ...n, data: { ...n.data, uuid: 'other' } } : n));
    expect(validateFlow(doc)).toEqual([error('$.nodes[3].data.uuid', flowMessages.uuidMismatch, 'uuid-mismatch')]);
  });

  it('refuses a start node that is not a node of the flow, and only when it is set', () => {
    expect(validateFlow({ ...flow(), startNodeId: '222' })).toEqual([
      error('$.startNodeId', flowMessages.startNodeMissing('222'), 'start-node-missing'),
    ]);
    expect(validateFlow({ ...flow(), startNodeId: '' })).toEqual([]);
  });

  it("reports every node not reached from the first node of chain 1 with the spec's message", () => {
    const doc = flow();
    const findings = validateFlow({ ...doc, edges: doc.edges.filter((e) => e.id !== 'edge-b-to-c') });
    expect(findings).toEqual([
      error('$.nodes[1].data.post_action_type', flowMessages.postActionWithoutEdge('Function b'), 'post-action-without-edge'),
      error('$.nodes[2]', 'Error: Disconnected @ : Instruct', 'disconnected'),
      error('$.nodes[3]', 'Error: Disconnected @ : Function d', 'disconnected'),
    ]);
  });

  it('reports the nodes of a loop cut off from the start as a cycle, without looping itself', () => {
    const doc = buildFlow([[promptNode('s'), functionNode('x'), functionNode('y')]]);
    const loop = validateFlow({
      ...doc,
      edges: [edge('x', 'y'), edge('y', 'x')],
      nodes: mapNodes(doc, (n) =>
        n.type === 'function'
          ? { ...n, data: { ...n.data, post_action_type: 'function', post_action_function_id: n.id === 'x' ? 'y' : 'x' } }
          : n,
      ).nodes,
    });
    expect(loop).toEqual([
      error('$.nodes[1]', flowMessages.cycleDetected('Function x'), 'cycle'),
      error('$.nodes[2]', flowMessages.cycleDetected('Function y'), 'cycle'),
    ]);
  });

  it('reports a loop through the start node as a cycle, and a tail leading into a loop as disconnected', () => {
    const alone = buildFlow([[functionNode('x'), functionNode('y')]]);
    const closed = { ...alone, edges: [...alone.edges, edge('y', 'x')] };
    const linked = (doc: FlowDocument) =>
      mapNodes(doc, (n) => {
        const target = doc.edges.find((e) => e.source === n.id)?.target;
        return n.type === 'function' && target
          ? { ...n, data: { ...n.data, post_action_type: 'function', post_action_function_id: target } }
          : n;
      });
    expect(validateFlow(linked(closed))).toEqual([
      error('$.nodes[0]', flowMessages.cycleDetected('Function x'), 'cycle'),
      error('$.nodes[1]', flowMessages.cycleDetected('Function y'), 'cycle'),
    ]);
    // s -> a -> b -> c -> b: the loop b, c is reached from the start; nothing else is cut off.
    const tail = buildFlow([[promptNode('s'), functionNode('a'), functionNode('b'), functionNode('c')]]);
    const looped = linked({ ...tail, edges: [...tail.edges, edge('c', 'b')] });
    expect(validateFlow(looped).filter(isIncomplete)).toEqual([
      error('$.nodes[2]', flowMessages.cycleDetected('Function b'), 'cycle'),
      error('$.nodes[3]', flowMessages.cycleDetected('Function c'), 'cycle'),
    ]);
  });

  it('runs extra rules on a well-formed document and sorts all findings by path', () => {
    const rule = (doc: FlowDocument): Finding[] => [ruleFinding('plain-secret', '$.nodes[0].data.name', `rule saw ${doc.nodes.length}`)];
    const doc = { ...flow(), startNodeId: 'nobody' };
    expect(validateFlow(doc, { rules: [rule] })).toEqual([
      error('$.startNodeId', flowMessages.startNodeMissing('nobody'), 'start-node-missing'),
      ruleFinding('plain-secret', '$.nodes[0].data.name', 'rule saw 4'),
    ]);
    expect(validateFlow({ format: 'flow/1' }, { rules: [() => [error('$', 'never', 'schema')]] }).map((f) => f.message)).not.toContain(
      'never',
    );
  });

  it('gives schema findings instead of rule findings for a document of the wrong shape', () => {
    const doc = { ...flow(), nodes: [...flow().nodes, { ...workflowNode('w', '2'), type: 'loop' }] };
    expect(validateFlow(doc)).toEqual([error('$.nodes[4].type', 'must be one of function, prompt, workflow', 'schema')]);
  });

  it('never throws, whatever it is given', () => {
    for (const value of [null, undefined, 0, 'x', [], [[]], {}, { format: 'flow/1', nodes: null, edges: {} }, Object.create(null)]) {
      expect(validateFlow(value).length).toBeGreaterThan(0);
    }
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(Array.isArray(validateFlow(value))).toBe(true);
      }),
    );
  });

  it('never throws on a valid flow with any part replaced by any JSON value', () => {
    const base: unknown = JSON.parse(serializeFlow(sampleFlow()));
    const paths: Array<Array<string | number>> = [];
    const collect = (value: unknown, path: Array<string | number>): void => {
      paths.push(path);
      if (Array.isArray(value)) value.forEach((item, i) => collect(item, [...path, i]));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, [...path, k]);
    };
    collect(base, []);
    const replace = (value: unknown, path: ReadonlyArray<string | number>, by: unknown): unknown => {
      const [head, ...rest] = path;
      if (head === undefined) return by;
      if (Array.isArray(value)) return value.map((item, i) => (i === head ? replace(item, rest, by) : item));
      if (value && typeof value === 'object')
        return { ...value, [head]: replace(Object.getOwnPropertyDescriptor(value, head)?.value, rest, by) };
      return value;
    };
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }), (path, by) => {
        expect(Array.isArray(validateFlow(replace(base, path, by)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('validateFlowText', () => {
  it('attaches the line and column of each finding', () => {
    const doc = flow();
    const text = serializeFlow({ ...doc, edges: [...doc.edges, edge('d', 'd')] });
    const [finding] = validateFlowText(text);
    const lines = text.split('\n');
    expect(finding?.message).toBe(messages.cannotConnectToItself);
    expect(lines[(finding?.line ?? 0) - 1]?.slice((finding?.column ?? 0) - 1)).toBe('{');
    expect(lines[finding?.line ?? 0]).toContain('"id": "edge-d-to-d"');
  });

  it('reports malformed text with its position and nothing else', () => {
    expect(validateFlowText('{\n  "format": "flow/1",\n  "nodes": [\n')).toEqual(
      [error('$', flowMessages.invalidJson('unexpected end of file'), 'invalid-json')].map((f) => ({ ...f, line: 4, column: 1 })),
    );
  });

  it('never throws on any text, and places every finding it can', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const findings = validateFlowText(text);
        expect(findings.length).toBeGreaterThan(0);
        for (const finding of findings) expect(finding.line).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('passes extra rules on and finds nothing in a valid file', () => {
    const text = serializeFlow(flow());
    expect(validateFlowText(text)).toEqual([]);
    const findings = validateFlowText(text, { rules: [() => [error('$.nodes[3].data.metadata', 'checked', 'schema')]] });
    expect(findings).toEqual([{ ...error('$.nodes[3].data.metadata', 'checked', 'schema'), line: expect.any(Number), column: 21 }]);
  });
});
