// What the page and the save worker tell each other. A flow crosses with every node and edge the
// worker already holds named by its id, so a 5,000-node flow one edit away from the last crosses as
// the changed parts (a whole flow's structured clone held the page ~35 ms).
import { ApiError, FlowConflictError, type FlowClient, type FlowDocument, type FlowEdge, type FlowNode } from '@flow/core';

/** A flow whose nodes and edges are either whole or the id of the one the worker last received. */
export type SentFlow = Omit<FlowDocument, 'nodes' | 'edges'> & { nodes: (FlowNode | string)[]; edges: (FlowEdge | string)[] };

/** Keep this draft of the plan version under `key`. */
export interface DraftMessage {
  type: 'draft';
  key: string;
  flow: SentFlow;
  synced: boolean;
  baseEtag: string | null;
}

/** Write this flow to the provider (core's putFlow), over the version the page knows (`etag`). */
export interface PutMessage {
  type: 'put';
  id: number;
  key: string;
  flow: SentFlow;
  planId: string;
  versionName: string;
  precondition: Parameters<FlowClient['putFlow']>[3];
  etag: string | null;
  /** The options of the page's client that cross to a worker. */
  client: { baseUrl: string; hostedCredentials?: 'omit' | 'same-origin' };
}

export type SaveWorkerMessage = DraftMessage | PutMessage;

/** An error of the worker's client, as it crosses back (an Error's class does not survive a structured clone). */
export interface SentError {
  name: string;
  message: string;
  kind: ApiError['kind'];
  status?: number;
  providerMessage?: string;
  code?: string;
  currentEtag?: string | null;
}

/** The answer to a put: the provider's ETag and the version the client now knows, or the error. */
export type PutReply = { id: number; ok: true; etag: string | null; version: string | null } | { id: number; ok: false; error: SentError };

/** `error` as it crosses from the worker. */
export function sendError(error: unknown): SentError {
  if (!(error instanceof ApiError))
    return { name: 'Error', message: error instanceof Error ? error.message : String(error), kind: 'network' };
  const { name, message, kind, status, providerMessage, code } = error;
  const currentEtag = error instanceof FlowConflictError ? error.currentEtag : undefined;
  return { name, message, kind, status, providerMessage, code, ...(currentEtag === undefined ? {} : { currentEtag }) };
}

/** The error the worker's client threw, of its own class again (a conflict is still a FlowConflictError). */
export function receivedError(sent: SentError): Error {
  const { message, kind, status, providerMessage, code } = sent;
  const details = { status, providerMessage, code };
  if (sent.name === 'FlowConflictError') return new FlowConflictError(message, details, sent.currentEtag ?? null);
  if (sent.name === 'ApiError') return new ApiError(message, { kind, ...details });
  return new Error(message);
}

/** The page's side: the next flow sent under a key names what was sent before by id. */
export function createFlowSender(): { flow(key: string, doc: FlowDocument): SentFlow } {
  const sent = new Map<string, Set<object>>();
  return {
    flow(key, doc) {
      const before = sent.get(key) ?? new Set<object>();
      const ref = <T extends { id: string }>(part: T): T | string => (before.has(part) ? part.id : part);
      const flow: SentFlow = { ...doc, nodes: doc.nodes.map(ref), edges: doc.edges.map(ref) };
      sent.set(key, new Set<object>([...doc.nodes, ...doc.edges]));
      return flow;
    },
  };
}

/** The worker's side: rebuilds each key's flow from what was sent and the parts received before. */
export function createFlowReceiver(): { flow(key: string, sent: SentFlow): FlowDocument } {
  const held = new Map<string, { nodes: Map<string, FlowNode>; edges: Map<string, FlowEdge> }>();
  const take = <T>(parts: (T | string)[], known: Map<string, T> | undefined, kind: string): T[] =>
    parts.map((part) => {
      if (typeof part !== 'string') return part;
      const found = known?.get(part);
      if (found === undefined) throw new Error(`The page named a ${kind} it never sent: ${part}`);
      return found;
    });
  return {
    flow(key, sent) {
      const last = held.get(key);
      const nodes = take(sent.nodes, last?.nodes, 'node');
      const edges = take(sent.edges, last?.edges, 'edge');
      held.set(key, { nodes: new Map(nodes.map((n) => [n.id, n])), edges: new Map(edges.map((e) => [e.id, e])) });
      return { ...sent, nodes, edges };
    },
  };
}
