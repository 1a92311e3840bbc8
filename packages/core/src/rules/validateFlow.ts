import { parseJsonText } from '../format/parseFlow.js';
import { sortFindingsByPath } from '../format/jsonPath.js';
import { withPositions } from '../format/jsonPositions.js';
import { limitFindings, textFindings } from '../format/limits.js';
import { checkFlowShape } from '../format/schema.js';
import { chainEnds } from '../graph/chains.js';
import { edgeId, edgeKindBetween, nodeName } from '../graph/edges.js';
import { chainNumbers, followUps, walkOrder } from '../format/walk.js';
import { flowMessages, messages } from '../messages.js';
import type { Finding } from '../model/types.js';
import type { FlowDocument, FlowEdge, FlowNode } from '../format/types.js';
import { functionDataFindings } from './functionRules.js';
import { ruleFinding as error } from '../model/ruleCodes.js';

/** A rule over a well-formed document, such as the per-function-type rules. */
export type FlowRule = (doc: FlowDocument) => Finding[];

export interface ValidateFlowOptions {
  /** Extra rules, run after the invariants on a document of the right shape. */
  rules?: readonly FlowRule[];
}

/** Node id -> the first node with that id and its index. */
function indexNodes(nodes: readonly FlowNode[]): Map<string, { node: FlowNode; index: number }> {
  const byId = new Map<string, { node: FlowNode; index: number }>();
  nodes.forEach((node, index) => {
    if (!byId.has(node.id)) byId.set(node.id, { node, index });
  });
  return byId;
}

function nodeFindings(doc: FlowDocument, byId: ReadonlyMap<string, { node: FlowNode; index: number }>): Finding[] {
  const findings: Finding[] = [];
  doc.nodes.forEach((node, i) => {
    if (byId.get(node.id)?.index !== i)
      findings.push(error('duplicate-node-id', `$.nodes[${i}].id`, flowMessages.duplicateNodeId(node.id)));
  });
  const chains = chainNumbers(doc.nodes);
  const expected = new Set(chains.map((_, i) => String(i + 1)));
  const reported = new Set<string>();
  doc.nodes.forEach((node, i) => {
    if (expected.has(node.chain) || reported.has(node.chain)) return;
    reported.add(node.chain);
    findings.push(error('chain-numbers', `$.nodes[${i}].chain`, flowMessages.chainsNotContiguous(chains.join(', '))));
  });
  if (doc.startNodeId !== '' && !byId.has(doc.startNodeId)) {
    findings.push(error('start-node-missing', '$.startNodeId', flowMessages.startNodeMissing(doc.startNodeId)));
  }
  return findings;
}

/** Per edge: ids, ends, self edges, kinds, and one incoming and one outgoing edge per node. */
function edgeFindings(doc: FlowDocument, byId: ReadonlyMap<string, { node: FlowNode; index: number }>): Finding[] {
  const findings: Finding[] = [];
  const ids = new Set<string>();
  const withIncoming = new Set<string>();
  const withOutgoing = new Set<string>();
  doc.edges.forEach((edge, i) => {
    const at = `$.edges[${i}]`;
    if (ids.has(edge.id)) findings.push(error('duplicate-edge-id', `${at}.id`, flowMessages.duplicateEdgeId(edge.id)));
    ids.add(edge.id);
    const source = byId.get(edge.source)?.node;
    const target = byId.get(edge.target)?.node;
    if (!source) findings.push(error('orphan-edge', `${at}.source`, flowMessages.danglingEdge('source', edge.source)));
    if (!target) findings.push(error('orphan-edge', `${at}.target`, flowMessages.danglingEdge('target', edge.target)));
    if (edge.source === edge.target) {
      findings.push(error('self-edge', at, messages.cannotConnectToItself));
    } else {
      const expectedId = edgeId(edge.source, edge.target);
      if (edge.id !== expectedId) findings.push(error('edge-id-form', `${at}.id`, flowMessages.edgeIdForm(expectedId)));
      if (target && withIncoming.has(edge.target)) {
        findings.push(error('second-incoming-edge', at, messages.alreadyHasIncomingEdge(nodeName(target))));
      }
      if (source && withOutgoing.has(edge.source)) {
        findings.push(error('second-outgoing-edge', at, flowMessages.moreThanOneFollowUp(nodeName(source))));
      }
      withIncoming.add(edge.target);
      withOutgoing.add(edge.source);
    }
    if (source && target) {
      const kind = edgeKindBetween(source, target);
      if (edge.kind !== kind) findings.push(error('edge-kind', `${at}.kind`, flowMessages.edgeKindMismatch(kind)));
    }
  });
  return findings;
}

/** Function nodes: uuid is the node id, and the post action agrees with the outgoing edge. */
function functionFindings(doc: FlowDocument, outgoing: ReadonlyMap<string, FlowEdge>): Finding[] {
  const findings: Finding[] = [];
  doc.nodes.forEach((node, i) => {
    if (node.type !== 'function') return;
    const at = `$.nodes[${i}].data`;
    const { data } = node;
    if (data.uuid !== node.id) findings.push(error('uuid-mismatch', `${at}.uuid`, flowMessages.uuidMismatch));
    const edge = outgoing.get(node.id);
    if (edge && data.post_action_type !== 'function') {
      findings.push(error('post-action-type', `${at}.post_action_type`, flowMessages.postActionTypeMismatch(nodeName(node))));
    } else if (edge && data.post_action_function_id !== edge.target) {
      findings.push(error('post-action-target', `${at}.post_action_function_id`, flowMessages.postActionMismatch(nodeName(node))));
    } else if (!edge && data.post_action_type === 'function') {
      findings.push(error('post-action-without-edge', `${at}.post_action_type`, flowMessages.postActionWithoutEdge(nodeName(node))));
    }
  });
  return findings;
}

/** Ids of the nodes on a loop of follow-ups (each node has at most one, so a walk finds every loop). */
function cycleMembers(doc: FlowDocument, outgoing: ReadonlyMap<string, FlowEdge>): Set<string> {
  const done = new Set<string>();
  const onCycle = new Set<string>();
  for (const node of doc.nodes) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let id: string | undefined = node.id;
    while (id !== undefined && !done.has(id) && !onPath.has(id)) {
      onPath.add(id);
      path.push(id);
      id = outgoing.get(id)?.target;
    }
    if (id !== undefined && onPath.has(id)) for (const member of path.slice(path.indexOf(id))) onCycle.add(member);
    for (const visited of path) done.add(visited);
  }
  return onCycle;
}

/**
 * Nodes on a loop of follow-ups ('Cycle detected at {name}'), and nodes not reached walking from
 * the start node along outgoing edges ('Error: Disconnected @ : {name}'). Both leave a
 * flow that can be stored but not compiled.
 */
function reachFindings(doc: FlowDocument, outgoing: ReadonlyMap<string, FlowEdge>): Finding[] {
  // The flow's start node; without one, the first node of chain "1" (ids decide between loose ends).
  const start = doc.nodes.find((n) => n.id === doc.startNodeId) ?? chainEnds(doc, '1')?.first ?? walkOrder(doc)[0];
  if (!start) return [];
  const reached = new Set<string>();
  for (let id: string | undefined = start.id; id !== undefined && !reached.has(id); id = outgoing.get(id)?.target) {
    reached.add(id);
  }
  const cycle = cycleMembers(doc, outgoing);
  const findings: Finding[] = [];
  doc.nodes.forEach((node, i) => {
    if (cycle.has(node.id)) findings.push(error('cycle', `$.nodes[${i}]`, flowMessages.cycleDetected(nodeName(node))));
    else if (!reached.has(node.id)) findings.push(error('disconnected', `$.nodes[${i}]`, messages.disconnected(nodeName(node))));
  });
  return findings;
}

/** Every invariant of the flow document (ARCHITECTURE section 2) on a document of the right shape. */
export function flowInvariantFindings(doc: FlowDocument): Finding[] {
  if (doc.nodes.length === 0) {
    const findings: Finding[] = [error('no-chains', '$.nodes', messages.noChainsInFlow)];
    return findings.concat(edgeFindings(doc, new Map()));
  }
  const byId = indexNodes(doc.nodes);
  // A node's follow-up, as every walk picks it (the same whatever the order of the edges).
  const outgoing = followUps(doc);
  return [...nodeFindings(doc, byId), ...edgeFindings(doc, byId), ...functionFindings(doc, outgoing), ...reachFindings(doc, outgoing)];
}

/** The per-function-type rules (sliders, options, secrets) of every function node. */
export const functionNodeRules: FlowRule = (doc) =>
  doc.nodes.flatMap((node, i) => (node.type === 'function' ? functionDataFindings(node.data, `$.nodes[${i}].data`) : []));

/** The verdict of validateFlow, with the typed document whenever the value has the shape of one. */
export interface FlowCheck {
  doc: FlowDocument | undefined;
  findings: Finding[];
}

/**
 * validateFlow's verdict and the typed document, for a writer that stores what passes: the limits
 * (depth, reserved keys) first, then the schema, every invariant, the function rules and any extra rules.
 * @example const { doc, findings } = checkFlow(body)
 */
export function checkFlow(input: unknown, options: ValidateFlowOptions = {}): FlowCheck {
  // Past the limits, nothing else looks at the value: the walks that follow may recurse.
  const limits = limitFindings(input);
  if (limits.length > 0) return { doc: undefined, findings: limits };
  const shape = checkFlowShape(input);
  if (!shape.ok) return { doc: undefined, findings: shape.findings };
  const findings = flowInvariantFindings(shape.doc);
  for (const rule of [functionNodeRules, ...(options.rules ?? [])]) findings.push(...rule(shape.doc));
  return { doc: shape.doc, findings: sortFindingsByPath(findings, input) };
}

/**
 * Validates any value as a flow document: the limits, then schema findings, then (when the shape
 * is right) every invariant, the function rules and any extra rules. Findings come in document
 * order. Never throws on bad input.
 * @example validateFlow(JSON.parse(text), { rules: [functionRules] })
 */
export function validateFlow(input: unknown, options: ValidateFlowOptions = {}): Finding[] {
  return checkFlow(input, options).findings;
}

/** Parses and validates the text of a flow file (a BOM, repeated keys, the limits, then every rule); findings carry line and column. */
export function validateFlowText(text: string, options: ValidateFlowOptions = {}): Finding[] {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return [parsed.finding];
  // Text is checked where there is text: a walk of every string costs about what parsing does.
  const texts = textFindings(parsed.value, text);
  if (texts.length > 0) return [...parsed.findings, ...withPositions(texts, text)];
  return [...parsed.findings, ...withPositions(validateFlow(parsed.value, options), text)];
}
