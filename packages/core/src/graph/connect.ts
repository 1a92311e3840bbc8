import { flowMessages, messages } from '../messages.js';
import type { PostActionType } from '../model/types.js';
import type { FlowDocument } from '../format/types.js';
import { followUps } from '../format/walk.js';
import { makeEdge, nodeName, reconcileAround } from './edges.js';
import type { GraphResult } from './result.js';

/**
 * Connects source to target. The edge is a chain edge between chains, a node edge within one;
 * the source's previous follow-up is replaced and its post action points at the target. Refused
 * when the target already has an incoming edge or already leads back to the source (a loop).
 * @example connect(doc, 'greet', 'lookup') // { ok: true, doc } or { ok: false, error }
 */
export function connect(doc: FlowDocument, sourceId: string, targetId: string): GraphResult {
  if (sourceId === targetId) return { ok: false, error: messages.cannotConnectToItself };
  // Two nodes looked up, the links at three reconciled: work in the nodes touched, not the flow.
  const source = doc.nodes.find((n) => n.id === sourceId);
  const target = doc.nodes.find((n) => n.id === targetId);
  if (!source) return { ok: false, error: flowMessages.danglingEdge('source', sourceId) };
  if (!target) return { ok: false, error: flowMessages.danglingEdge('target', targetId) };
  const incoming = doc.edges.find((edge) => edge.target === targetId);
  if (incoming) {
    if (incoming.source === sourceId) return { ok: true, doc };
    return { ok: false, error: messages.alreadyHasIncomingEdge(nodeName(target)) };
  }
  if (followsInto(doc, targetId, sourceId)) return { ok: false, error: flowMessages.cycleDetected(nodeName(source)) };
  const edges = doc.edges.filter((edge) => edge.source !== sourceId);
  const unlinked = doc.edges.filter((edge) => edge.source === sourceId).map((edge) => edge.target);
  edges.push(makeEdge(source, target));
  return { ok: true, doc: reconcileAround(doc, { ...doc, edges }, [sourceId, targetId, ...unlinked]) };
}

/** Whether walking follow-ups from `fromId` reaches `toId` (so an edge toId -> fromId would close a loop); iterative. */
function followsInto(doc: FlowDocument, fromId: string, toId: string): boolean {
  const next = followUps(doc);
  const seen = new Set<string>();
  for (let id: string | undefined = fromId; id !== undefined && !seen.has(id); id = next.get(id)?.target) {
    if (id === toId) return true;
    seen.add(id);
  }
  return false;
}

/** Removes an edge; the source's post action goes back to none with no function id. */
export function removeEdge(doc: FlowDocument, edgeId: string): FlowDocument {
  const removed = doc.edges.find((edge) => edge.id === edgeId);
  if (!removed) return doc;
  return reconcileAround(doc, { ...doc, edges: doc.edges.filter((edge) => edge !== removed) }, [removed.source, removed.target]);
}

/**
 * Sets a function node's post action. `function` needs a target and connects to it (replacing the
 * old edge); any other type removes the node's follow-up.
 */
export function setPostAction(doc: FlowDocument, nodeId: string, type: PostActionType, targetId?: string): GraphResult {
  const node = doc.nodes.find((n) => n.id === nodeId);
  if (!node || node.type !== 'function') return { ok: false, error: flowMessages.danglingEdge('source', nodeId) };
  if (type === 'function') {
    if (!targetId) return { ok: false, error: flowMessages.postActionWithoutEdge(nodeName(node)) };
    return connect(doc, nodeId, targetId);
  }
  const edges = doc.edges.filter((edge) => edge.source !== nodeId);
  const nodes = doc.nodes.map((n) =>
    n.id === nodeId && n.type === 'function' ? { ...n, data: { ...n.data, post_action_type: type, post_action_function_id: '' } } : n,
  );
  const unlinked = doc.edges.filter((edge) => edge.source === nodeId).map((edge) => edge.target);
  return { ok: true, doc: reconcileAround(doc, { ...doc, nodes, edges }, [nodeId, ...unlinked]) };
}
