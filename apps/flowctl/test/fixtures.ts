import { flowMessages, messages, type FlowDocument, type FunctionNode, type RuleCode } from '@flow/core';
import { sampleFlow } from './helpers/flows.js';

/** A broken flow file: its text and the finding `validate` must report for it. */
export interface BrokenFixture {
  name: string;
  /** The stable code of the finding. */
  code: RuleCode;
  text: string;
  path: string;
  message: string;
  severity: 'error' | 'warning';
  /** The message is only the start or a part of the finding's message. */
  partial?: boolean;
}

const text = (doc: unknown): string => `${JSON.stringify(doc, null, 2)}\n`;

/** The sample flow with a change; `change` works on a deep copy. */
function broken(change: (doc: FlowDocument) => unknown): string {
  return text(change(structuredClone(sampleFlow())));
}

function functionNode(doc: FlowDocument, id: string): FunctionNode {
  const node = doc.nodes.find((n): n is FunctionNode => n.id === id && n.type === 'function');
  if (!node) throw new Error(`no function node ${id}`);
  return node;
}

const nodeIndex = (doc: FlowDocument, id: string): number => doc.nodes.findIndex((n) => n.id === id);
const edgeIndex = (doc: FlowDocument, source: string): number => doc.edges.findIndex((e) => e.source === source);

const sample = sampleFlow();
const error = 'error' as const;
const warning = 'warning' as const;

/** One fixture per rule: bad files, the schema, every invariant and the function rules. */
export const BROKEN_FIXTURES: readonly BrokenFixture[] = [
  {
    name: 'not-json',
    code: 'invalid-json',
    text: '{\n  "format": "flow/1",\n  nope\n}\n',
    path: '$',
    message: 'Invalid JSON',
    severity: error,
    partial: true,
  },
  {
    name: 'wrong-format',
    code: 'wrong-format',
    text: broken((d) => ({ ...d, format: 'flow/2' })),
    path: '$.format',
    message: flowMessages.wrongFormat('flow/2'),
    severity: error,
  },
  {
    name: 'schema-missing-field',
    code: 'schema',
    text: broken((d) => {
      const { planId: _planId, ...rest } = d;
      return rest;
    }),
    path: '$',
    message: 'must have required property "planId"',
    severity: error,
  },
  {
    name: 'schema-chain-pattern',
    code: 'schema',
    text: broken((d) => {
      const node = d.nodes[0];
      if (node) node.chain = 'one';
      return d;
    }),
    path: '$.nodes[0].chain',
    message: 'must be a chain number written with digits, such as "1"',
    severity: error,
  },
  {
    name: 'no-chains',
    code: 'no-chains',
    text: broken((d) => ({ ...d, nodes: [], edges: [], startNodeId: '' })),
    path: '$.nodes',
    message: messages.noChainsInFlow,
    severity: error,
  },
  {
    name: 'self-edge',
    code: 'self-edge',
    text: broken((d) => {
      d.edges.push({ id: 'edge-capture-to-capture', source: 'capture', target: 'capture', kind: 'node' });
      return d;
    }),
    path: `$.edges[${sample.edges.length}]`,
    message: messages.cannotConnectToItself,
    severity: error,
  },
  {
    name: 'second-incoming-edge',
    code: 'second-incoming-edge',
    text: broken((d) => {
      d.edges.push({ id: 'edge-capture-to-wrap', source: 'capture', target: 'wrap', kind: 'chain' });
      functionNode(d, 'capture').data.post_action_type = 'function';
      functionNode(d, 'capture').data.post_action_function_id = 'wrap';
      return d;
    }),
    path: `$.edges[${sample.edges.length}]`,
    message: messages.alreadyHasIncomingEdge('Wrap up'),
    severity: error,
  },
  {
    name: 'second-outgoing-edge',
    code: 'second-outgoing-edge',
    text: broken((d) => {
      d.edges.push({ id: 'edge-answer-to-capture', source: 'answer', target: 'capture', kind: 'chain' });
      return d;
    }),
    path: `$.edges[${sample.edges.length}]`,
    message: flowMessages.moreThanOneFollowUp('Answer'),
    severity: error,
  },
  {
    name: 'dangling-edge',
    code: 'orphan-edge',
    text: broken((d) => {
      d.edges.push({ id: 'edge-capture-to-ghost', source: 'capture', target: 'ghost', kind: 'node' });
      functionNode(d, 'capture').data.post_action_type = 'function';
      functionNode(d, 'capture').data.post_action_function_id = 'ghost';
      return d;
    }),
    path: `$.edges[${sample.edges.length}].target`,
    message: flowMessages.danglingEdge('target', 'ghost'),
    severity: error,
  },
  {
    name: 'edge-id-form',
    code: 'edge-id-form',
    text: broken((d) => {
      const edge = d.edges[edgeIndex(d, 'answer')];
      if (edge) edge.id = 'answer-wrap';
      return d;
    }),
    path: `$.edges[${edgeIndex(sample, 'answer')}].id`,
    message: flowMessages.edgeIdForm('edge-answer-to-wrap'),
    severity: error,
  },
  {
    name: 'edge-kind',
    code: 'edge-kind',
    text: broken((d) => {
      const edge = d.edges[edgeIndex(d, 'wrap')];
      if (edge) edge.kind = 'node';
      return d;
    }),
    path: `$.edges[${edgeIndex(sample, 'wrap')}].kind`,
    message: flowMessages.edgeKindMismatch('chain'),
    severity: error,
  },
  {
    name: 'chain-gap',
    code: 'chain-numbers',
    text: broken((d) => {
      const node = d.nodes[nodeIndex(d, 'capture')];
      if (node) node.chain = '3';
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'capture')}].chain`,
    message: flowMessages.chainsNotContiguous('1, 3'),
    severity: error,
  },
  {
    name: 'post-action-target',
    code: 'post-action-target',
    text: broken((d) => {
      functionNode(d, 'answer').data.post_action_function_id = 'capture';
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'answer')}].data.post_action_function_id`,
    message: flowMessages.postActionMismatch('Answer'),
    severity: error,
  },
  {
    name: 'post-action-type',
    code: 'post-action-type',
    text: broken((d) => {
      functionNode(d, 'answer').data.post_action_type = 'none';
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'answer')}].data.post_action_type`,
    message: flowMessages.postActionTypeMismatch('Answer'),
    severity: error,
  },
  {
    name: 'post-action-without-edge',
    code: 'post-action-without-edge',
    text: broken((d) => {
      functionNode(d, 'capture').data.post_action_type = 'function';
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'capture')}].data.post_action_type`,
    message: flowMessages.postActionWithoutEdge('Capture email'),
    severity: error,
  },
  {
    name: 'uuid-mismatch',
    code: 'uuid-mismatch',
    text: broken((d) => {
      functionNode(d, 'wrap').data.uuid = 'other';
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'wrap')}].data.uuid`,
    message: flowMessages.uuidMismatch,
    severity: error,
  },
  {
    name: 'duplicate-node-id',
    code: 'duplicate-node-id',
    text: broken((d) => {
      const copy = structuredClone(d.nodes[nodeIndex(d, 'capture')]);
      if (copy) d.nodes.push(copy);
      return d;
    }),
    path: `$.nodes[${sample.nodes.length}].id`,
    message: flowMessages.duplicateNodeId('capture'),
    severity: error,
  },
  {
    name: 'disconnected',
    code: 'disconnected',
    text: broken((d) => {
      d.edges = d.edges.filter((e) => e.source !== 'wrap');
      functionNode(d, 'wrap').data.post_action_type = 'none';
      functionNode(d, 'wrap').data.post_action_function_id = '';
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'capture')}]`,
    message: messages.disconnected('Capture email'),
    severity: error,
  },
  {
    name: 'slider-range',
    code: 'out-of-range',
    text: broken((d) => {
      functionNode(d, 'answer').data.metadata.temperature = 3;
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'answer')}].data.metadata.temperature`,
    message: flowMessages.outOfRange('Temperature', 0, 1),
    severity: error,
  },
  {
    name: 'select-option',
    code: 'not-an-option',
    text: broken((d) => {
      functionNode(d, 'answer').data.metadata.output = { type: 'xml', raw: '', json: [] };
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'answer')}].data.metadata.output.type`,
    message: '"xml" is not one of the options',
    severity: error,
    partial: true,
  },
  {
    name: 'unknown-function-type',
    code: 'unknown-function-type',
    text: broken((d) => {
      functionNode(d, 'wrap').data.type = 'teleport';
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'wrap')}].data.type`,
    message: flowMessages.unknownFunctionType('teleport'),
    severity: warning,
  },
  {
    name: 'plain-secret',
    code: 'plain-secret',
    text: broken((d) => {
      functionNode(d, 'answer').data.metadata.api_key = { key: 'sk-live-123' };
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'answer')}].data.metadata.api_key`,
    message: flowMessages.plainSecret,
    severity: warning,
  },
  {
    name: 'start-node-missing',
    code: 'start-node-missing',
    text: broken((d) => ({ ...d, startNodeId: 'nowhere' })),
    path: '$.startNodeId',
    message: flowMessages.startNodeMissing('nowhere'),
    severity: error,
  },
  {
    name: 'cycle',
    code: 'cycle',
    text: broken((d) => {
      d.edges.push({ id: 'edge-capture-to-intro', source: 'capture', target: 'intro', kind: 'chain' });
      functionNode(d, 'capture').data.post_action_type = 'function';
      functionNode(d, 'capture').data.post_action_function_id = 'intro';
      return d;
    }),
    path: `$.nodes[${nodeIndex(sample, 'capture')}]`,
    message: flowMessages.cycleDetected('Capture email'),
    severity: error,
  },
  {
    name: 'duplicate-key',
    code: 'duplicate-key',
    text: text(sample).replace('"versionName": "production",', '"versionName": "production",\n  "versionName": "staging",'),
    path: '$.versionName',
    message: flowMessages.duplicateKey('versionName'),
    severity: error,
  },
  { name: 'bom', code: 'bom', text: `\uFEFF${text(sample)}`, path: '$', message: flowMessages.byteOrderMark, severity: warning },
];
