import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { isRecord } from '../model/paths.js';
import { flowMessages } from '../messages.js';
import type { FlowDocument, FlowEdge, FlowNode } from './types.js';
import { checkFlowShape, flowSchema } from './schema.js';
import { FLOW_AJV_OPTIONS, flowSchemaText, flowValidatorText } from './schemaText.js';
import { sampleFlow } from '../testing/testFlows.js';

/** The sample flow with node `index` replaced by whatever `change` makes of it. */
function withNode(index: number, change: (node: FlowNode) => unknown, doc: FlowDocument = sampleFlow()) {
  return { ...doc, nodes: doc.nodes.map((node, i) => (i === index ? change(node) : node)) };
}

function withEdge(index: number, change: (edge: FlowEdge) => unknown, doc: FlowDocument = sampleFlow()) {
  return { ...doc, edges: doc.edges.map((edge, i) => (i === index ? change(edge) : edge)) };
}

const lines = (value: unknown): string[] => checkFlowShape(value).findings.map((f) => `${f.path}: ${f.message}`);

describe('checkFlowShape', () => {
  it('accepts a flow document and gives it back typed', () => {
    const result = checkFlowShape(JSON.parse(JSON.stringify(sampleFlow())));
    expect(result.findings).toEqual([]);
    expect(result.doc?.nodes.length).toBe(5);
  });

  it('gives one clear error for an unknown node type', () => {
    expect(checkFlowShape(withNode(1, (n) => ({ ...n, type: 'decision' }))).findings).toEqual([
      { code: 'schema', path: '$.nodes[1].type', severity: 'error', message: 'must be one of function, prompt, workflow' },
    ]);
    expect(lines(withNode(1, (n) => ({ ...n, type: 7 })))).toEqual(['$.nodes[1].type: must be one of function, prompt, workflow']);
  });

  it('checks node data by node type and names the missing property', () => {
    const doc = sampleFlow();
    const broken = {
      ...doc,
      nodes: doc.nodes.map((n, i) =>
        i === 0 ? { ...n, data: { prompt: 1, name: 'Instruct' } } : i === 1 ? { ...n, data: { ...n.data, name: undefined } } : n,
      ),
    };
    expect(checkFlowShape(broken).findings).toEqual([
      { code: 'schema', path: '$.nodes[0].data.prompt', severity: 'error', message: 'must be string' },
      { code: 'schema', path: '$.nodes[1].data', severity: 'error', message: 'must have required property "name"' },
    ]);
  });

  it('names the allowed values of post_action_type and the types of nullable fields', () => {
    const doc = withNode(1, (n) => ({ ...n, data: { ...n.data, post_action_type: 'jump', config_id: 5, active: 'yes' } }));
    expect(lines(doc)).toEqual([
      '$.nodes[1].data.config_id: must be string or null',
      '$.nodes[1].data.post_action_type: must be one of none, function, trigger_response, run_tracking',
      '$.nodes[1].data.active: must be boolean',
    ]);
  });

  it('requires the workflow id of a workflow node', () => {
    expect(checkFlowShape(withNode(3, (n) => ({ ...n, data: { name: 'W', metadata: {}, steps: [] } }))).findings).toEqual([
      { code: 'schema', path: '$.nodes[3].data.metadata', severity: 'error', message: 'must have required property "workflow_id"' },
    ]);
  });

  it('refuses volatile UI fields on edges and unknown edge kinds', () => {
    expect(checkFlowShape(withEdge(0, (e) => ({ ...e, selected: true, animated: false, kind: 'dashed' }))).findings).toEqual([
      { code: 'schema', path: '$.edges[0].kind', severity: 'error', message: 'must be one of node, chain' },
      { code: 'schema', path: '$.edges[0].selected', severity: 'error', message: 'property "selected" is not allowed' },
      { code: 'schema', path: '$.edges[0].animated', severity: 'error', message: 'property "animated" is not allowed' },
    ]);
  });

  it('wants chain numbers written with digits and positions as numbers', () => {
    expect(lines(withNode(0, (n) => ({ ...n, chain: 'one', position: { x: '1', y: 2 } })))).toEqual([
      '$.nodes[0].chain: must be a chain number written with digits, such as "1"',
      '$.nodes[0].position.x: must be number',
    ]);
  });

  it('checks the steps of saved workflows', () => {
    const workflow = { id: 'wf', name: 'W', description: '', updated_at: '', plan_id: 'p', json: { steps: [{ skill: 'x' }] } };
    expect(lines({ ...sampleFlow(), workflows: [workflow] })).toEqual([
      '$.workflows[0].json.steps[0]: must have required property "name"',
      '$.workflows[0].json.steps[0]: must have required property "config"',
    ]);
  });

  it('reports another format once, without checking the rest', () => {
    expect(checkFlowShape({ format: 'flow/2', nodes: 3 }).findings).toEqual([
      { code: 'wrong-format', path: '$.format', severity: 'error', message: flowMessages.wrongFormat('flow/2') },
    ]);
    expect(checkFlowShape({ format: 1 }).findings[0]?.message).toBe(flowMessages.wrongFormat('1'));
  });

  it('reports a value that is not an object at the root', () => {
    for (const value of [null, [], 3, 'flow', true, undefined]) {
      expect(checkFlowShape(value).findings).toEqual([{ code: 'schema', path: '$', severity: 'error', message: 'must be object' }]);
    }
  });

  it('lists every missing top-level field and checks the viewport', () => {
    const findings = checkFlowShape({ format: 'flow/1', viewport: { x: 0, y: 0, zoom: 0 } }).findings;
    expect(findings.map((f) => f.message)).toContain('must have required property "planId"');
    expect(findings).toContainEqual({ code: 'schema', path: '$.viewport.zoom', severity: 'error', message: 'must be greater than 0' });
  });

  it('is a draft-07 schema', () => {
    expect(flowSchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });
});

describe('schema/flow.schema.json', () => {
  const file = readFileSync(new URL('../../schema/flow.schema.json', import.meta.url), 'utf8');

  it('is written from the one definition (run `pnpm --filter @flow/core schema` after changing format/flowSchema.ts)', () => {
    expect(file).toBe(flowSchemaText());
    // So is the validator compiled ahead of time, which checkFlowShape and isFlowDocument use.
    expect(readFileSync(new URL('./flowValidator.gen.js', import.meta.url), 'utf8')).toBe(flowValidatorText());
  });

  it('checks documents as the editor and flowctl do, with its parts written once under definitions', () => {
    const schema: unknown = JSON.parse(file);
    if (!isRecord(schema) || !isRecord(schema['definitions'])) throw new Error('no definitions');
    expect(Object.keys(schema['definitions'])).toContain('functionData');
    expect(file.match(/"uuid"/g)).toHaveLength(2); // the property and its place in `required`, once
    const validate = new Ajv(FLOW_AJV_OPTIONS).compile(schema);
    const good = sampleFlow();
    const broken = [
      withNode(1, (n) => ({ ...n, type: 'decision' })),
      withNode(1, (n) => ({ ...n, data: { ...n.data, post_action_type: 'jump' } })),
      withNode(0, (n) => ({ ...n, data: { name: 'Instruct' } })),
      withEdge(0, (e) => ({ ...e, selected: true })),
      { ...good, viewport: { x: 0, y: 0, zoom: 0 } },
    ];
    expect(validate(good)).toBe(true);
    for (const doc of broken) {
      expect(checkFlowShape(doc).ok).toBe(false);
      expect(validate(doc)).toBe(false);
    }
  });
});
