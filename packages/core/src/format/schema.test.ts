import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@cfworker/json-schema';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { FUNCTION_DEFINITIONS } from '../functions/registry.js';
import { isRecord } from '../model/paths.js';
import { flowMessages } from '../messages.js';
import type { FlowDocument, FlowEdge, FlowNode } from './types.js';
import type { JsonObject, JsonValue } from '../model/types.js';
import { validateFlow, validateFlowText } from '../rules/validateFlow.js';
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

/** The sample flow with function f1 (node 1) of `type` holding `metadata`. */
const withFunction = (type: string, metadata: JsonObject) =>
  withNode(1, (n) => (n.type === 'function' ? { ...n, data: { ...n.data, type, metadata } } : n));

/** A header list whose Authorization value is `value`. */
const callWithAuthorization = (value: JsonValue): JsonObject => ({
  apicalls: [{ method: 'GET', url: 'https://api.example/x', headers: [{ name: 'Authorization', value }] }],
});

// Issue 35: what the schema of 0.x accepted although flowctl validate's rules or the runtime cannot use it.
const BROKEN_METADATA: [string, FlowDocument | Record<string, unknown>, string[]][] = [
  [
    'a capture_variables list that is text',
    withFunction('capture_variables', { variables: 'oops' }),
    ['$.nodes[1].data.metadata.variables: must be array or null'],
  ],
  [
    'an HTTP method that does not exist',
    withFunction('http_calls', { apicalls: [{ method: 'FETCH', url: 'https://api.example/x' }] }),
    ['$.nodes[1].data.metadata.apicalls[0].method: Method: "FETCH" is not one of the options'],
  ],
  ['apicalls that are text', withFunction('http_calls', { apicalls: 'x' }), ['$.nodes[1].data.metadata.apicalls: must be array or null']],
  [
    'a metadata key the type does not have',
    withFunction('custom_gpt', { prompt: 'Hi', tempreature: 0.2 }),
    ['$.nodes[1].data.metadata.tempreature: property "tempreature" is not allowed'],
  ],
  [
    'a key in the second HTTP call that calls do not have',
    withFunction('http_calls', { apicalls: [{ method: 'GET' }, { method: 'GET', verb: 'GET' }] }),
    ['$.nodes[1].data.metadata.apicalls[1].verb: property "verb" is not allowed'],
  ],
  [
    'a variable without its description',
    withFunction('capture_variables', { variables: [{ name: 'email' }] }),
    ['$.nodes[1].data.metadata.variables[0]: must have required property "description"'],
  ],
  [
    'an API key that is both a reference and a key',
    withFunction('custom_gpt', { api_key: { env: 'OPENAI_API_KEY', key: '' } }),
    ['$.nodes[1].data.metadata.api_key: must have at most 1 property'],
  ],
  [
    'a header value that is a number',
    withFunction('http_calls', callWithAuthorization(7)),
    ['$.nodes[1].data.metadata.apicalls[0].headers[0].value: must be object or string or null'],
  ],
];

describe('the metadata of each function type (issue 35)', () => {
  it.each(BROKEN_METADATA)('refuses %s, with one finding (the flow is still a document to open and fix)', (_, doc, expected) => {
    expect(checkFlowShape(doc).ok).toBe(true);
    const findings = validateFlow(doc);
    expect(findings.map((f) => `${f.path}: ${f.message}`)).toEqual(expected);
    expect(findings.every((f) => f.severity === 'error')).toBe(true);
  });

  it('reports a slider out of range, a value that is not an option and a number field holding text once, as their rules word them', () => {
    const doc = withFunction('custom_gpt', { temperature: 5, output: { type: 'xml' } });
    expect(validateFlow(doc)).toEqual([
      {
        code: 'out-of-range',
        path: '$.nodes[1].data.metadata.temperature',
        severity: 'error',
        message: flowMessages.outOfRange('Temperature', 0, 1),
      },
      {
        code: 'not-an-option',
        path: '$.nodes[1].data.metadata.output.type',
        severity: 'error',
        message: flowMessages.notAnOption('Output Type', 'xml'),
      },
    ]);
    expect(validateFlow(withFunction('see_website', { width: 'wide' }))).toEqual([
      { code: 'not-a-number', path: '$.nodes[1].data.metadata.width', severity: 'error', message: flowMessages.notANumber('Width') },
    ]);
    expect(validateFlow(withFunction('generate_knowledge_base', { knowledge_base: { content_types: ['article', 'tweet'] } }))).toEqual([
      {
        code: 'not-an-option',
        path: '$.nodes[1].data.metadata.knowledge_base.content_types[1]',
        severity: 'error',
        message: flowMessages.notAnOption('Content Types', 'tweet'),
      },
    ]);
  });

  it('takes every secret form a flow holds: a reference, a key, plain text (a warning) or nothing', () => {
    const secrets: JsonValue[] = [{ env: 'OPENAI_API_KEY' }, { key: 'sk-test-1234567890' }, 'sk-test-1234567890', null];
    for (const secret of secrets) {
      const errors = (type: string, metadata: JsonObject) =>
        validateFlow(withFunction(type, metadata)).filter((f) => f.severity === 'error');
      expect(errors('custom_gpt', { model: 'Custom Assistant', api_key: secret })).toEqual([]);
      expect(errors('http_calls', { apicalls: [{ authorization: 'bearer', bearer_token: secret }] })).toEqual([]);
      expect(errors('http_calls', callWithAuthorization(secret))).toEqual([]);
    }
    expect(validateFlow(withFunction('custom_gpt', { api_key: 'sk-test-1234567890' }))).toEqual([
      { code: 'plain-secret', path: '$.nodes[1].data.metadata.api_key', severity: 'warning', message: flowMessages.plainSecret },
    ]);
  });

  it('lets a missing or null key take its default, and leaves the metadata of an unknown type open (a warning)', () => {
    expect(validateFlow(withFunction('custom_gpt', {}))).toEqual([]);
    expect(validateFlow(withFunction('custom_gpt', { temperature: null, output: { type: null }, model: null }))).toEqual([]);
    expect(validateFlow(withFunction('teleport', { anything: ['goes', 1] }))).toEqual([
      {
        code: 'unknown-function-type',
        path: '$.nodes[1].data.type',
        severity: 'warning',
        message: flowMessages.unknownFunctionType('teleport'),
      },
    ]);
  });
});

describe('schema/flow.schema.json read by another Draft-7 validator (@cfworker/json-schema)', () => {
  const schema: unknown = JSON.parse(readFileSync(new URL('../../schema/flow.schema.json', import.meta.url), 'utf8'));
  if (!isRecord(schema)) throw new Error('the schema is an object');
  const validator = new Validator(schema, '7', false);
  const examplesDir = fileURLToPath(new URL('../../../../examples/', import.meta.url));
  const examples = readdirSync(examplesDir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.flow.json'));

  it.each(examples)('accepts the example %s, as validate does', (path) => {
    const text = readFileSync(examplesDir + path, 'utf8');
    expect(validateFlowText(text).filter((f) => f.severity === 'error')).toEqual([]);
    expect(validator.validate(JSON.parse(text)).valid).toBe(true);
  });

  it('refuses the metadata that validate refuses, out-of-range sliders included', () => {
    const outOfRange = withFunction('custom_gpt', { max_tokens: 4001 });
    for (const doc of [...BROKEN_METADATA.map(([, broken]) => broken), outOfRange]) {
      expect(validateFlow(doc).some((f) => f.severity === 'error')).toBe(true);
      expect(validator.validate(doc).valid).toBe(false);
    }
  });

  it("accepts each function type's default and quick-card metadata", () => {
    for (const definition of FUNCTION_DEFINITIONS) {
      for (const metadata of [definition.defaults, definition.quick?.metadata ?? {}]) {
        const doc = withFunction(definition.type, metadata);
        // A new MCP Tool is incomplete (no server, no tool: mcp_tool's own rules), and still well-formed.
        expect(validateFlow(doc).map((f) => f.code)).toEqual(definition.type === 'mcp_tool' ? ['mcp-server-url', 'mcp-tool-name'] : []);
        expect(validator.validate(doc).valid, definition.type).toBe(true);
      }
    }
  });
});
