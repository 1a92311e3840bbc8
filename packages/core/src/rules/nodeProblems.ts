import type { FlowDocument, FlowNode } from '../format/types.js';
import { flowInvariantFindings } from './validateFlow.js';

/** A finding about one whole node ('$.nodes[3]'): disconnected, on a cycle. */
const NODE_PATH = /^\$\.nodes\[(\d+)\]$/;

/**
 * The problems the rule engine finds with each node itself (not reached from the start, on a
 * loop), as messages by node id. Nodes without problems are absent.
 * @example nodeProblems(doc).get('lookup') // ['Error: Disconnected @ : Look up order']
 */
export function nodeProblems(doc: FlowDocument): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  for (const finding of flowInvariantFindings(doc)) {
    const match = NODE_PATH.exec(finding.path);
    const node = match ? doc.nodes[Number(match[1])] : undefined;
    if (!node) continue;
    problems.set(node.id, [...(problems.get(node.id) ?? []), finding.message]);
  }
  return problems;
}

/** What the node rules read of a node: never its text or position. */
function sameStructure(a: FlowNode, b: FlowNode): boolean {
  if (a === b) return true;
  if (a.id !== b.id || a.type !== b.type || a.chain !== b.chain || a.data.name !== b.data.name) return false;
  if (a.type !== 'function' || b.type !== 'function') return true;
  return (
    a.data.uuid === b.data.uuid &&
    a.data.post_action_type === b.data.post_action_type &&
    a.data.post_action_function_id === b.data.post_action_function_id
  );
}

/**
 * `nodeProblems`, computed again only when the graph changes (nodes added, removed, renamed or
 * relinked; edges or the start node changed), not when a node moves or its text changes; the same map comes back
 * while the problems stay the same.
 */
export function createNodeProblemsMemo(): (doc: FlowDocument) => ReadonlyMap<string, readonly string[]> {
  let last: { nodes: readonly FlowNode[]; edges: FlowDocument['edges']; start: string; problems: Map<string, string[]> } | null = null;
  return (doc) => {
    const previous = last;
    if (previous && previous.edges === doc.edges && previous.start === doc.startNodeId && sameNodes(previous.nodes, doc.nodes)) {
      last = { ...previous, nodes: doc.nodes };
      return previous.problems;
    }
    const found = nodeProblems(doc);
    const problems = previous && sameProblems(previous.problems, found) ? previous.problems : found;
    last = { nodes: doc.nodes, edges: doc.edges, start: doc.startNodeId, problems };
    return problems;
  };
}

function sameNodes(a: readonly FlowNode[], b: readonly FlowNode[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((node, i) => {
    const other = b[i];
    return other !== undefined && sameStructure(node, other);
  });
}

function sameProblems(a: ReadonlyMap<string, readonly string[]>, b: ReadonlyMap<string, readonly string[]>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, messages] of a) {
    const other = b.get(id);
    if (!other || other.length !== messages.length || other.some((m, i) => m !== messages[i])) return false;
  }
  return true;
}
