// What the page and the save worker tell each other. A flow crosses with every node and edge the
// worker already holds named by its id, so a 5,000-node flow one edit away from the last crosses as
// the changed parts (a whole flow's structured clone held the page ~35 ms).
import { ApiError, FlowConflictError, type FlowClient, type FlowDocument, type FlowEdge, type FlowNode } from '@flow/core';

/**
 * A flow's nodes or edges as sent: each whole or as the id of one sent before, or (as many as
 * before) only those that changed, by position.
 */
export type SentParts<T> = { list: (T | string)[] } | { length: number; changed: [number, T][] };

/** A flow whose nodes and edges are sent as their changes. */
export type SentFlow = Omit<FlowDocument, 'nodes' | 'edges'> & { nodes: SentParts<FlowNode>; edges: SentParts<FlowEdge> };

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

/** What the worker says: a put's answer, or that it could not rebuild a key's flow (the page then sends it whole). */
export type SaveWorkerReply = ({ type: 'put' } & PutReply) | { type: 'outOfStep'; key: string };

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

function swap(parts: Set<object>, out: object | undefined, into: object): void {
  if (out !== undefined) parts.delete(out);
  parts.add(into);
}

/** The page's side: the next flow sent under a key names what was sent before (the page never changes a part in place). */
export function createFlowSender(): { flow(key: string, doc: FlowDocument): SentFlow; forget(key: string): void } {
  const sent = new Map<string, { nodes: readonly FlowNode[]; edges: readonly FlowEdge[]; parts: Set<object> }>();
  function parts<T extends { id: string }>(list: readonly T[], before: readonly T[] | undefined, known: Set<object>): SentParts<T> {
    if (before?.length === list.length) {
      const changed: [number, T][] = [];
      list.forEach((part, i) => {
        if (part !== before[i]) changed.push([i, part]);
      });
      return { length: list.length, changed };
    }
    return { list: list.map((part) => (known.has(part) ? part.id : part)) };
  }
  return {
    flow(key, doc) {
      const last = sent.get(key);
      const known = last?.parts ?? new Set<object>();
      const flow: SentFlow = { ...doc, nodes: parts(doc.nodes, last?.nodes, known), edges: parts(doc.edges, last?.edges, known) };
      // Exactly the parts of this flow: an id names the part the worker holds now, never an older one of that id.
      let partSet: Set<object>;
      if (last !== undefined && 'changed' in flow.nodes && 'changed' in flow.edges) {
        partSet = known;
        for (const [i, part] of flow.nodes.changed) swap(partSet, last.nodes[i], part);
        for (const [i, part] of flow.edges.changed) swap(partSet, last.edges[i], part);
      } else partSet = new Set<object>([...doc.nodes, ...doc.edges]);
      sent.set(key, { nodes: doc.nodes, edges: doc.edges, parts: partSet });
      return flow;
    },
    forget: (key) => sent.delete(key),
  };
}

/** The worker's side: rebuilds each key's flow from what was sent and the parts received before. */
export function createFlowReceiver(): { flow(key: string, sent: SentFlow): FlowDocument; forget(key: string): void } {
  const held = new Map<string, { nodes: FlowNode[]; edges: FlowEdge[] }>();
  function take<T extends { id: string }>(sent: SentParts<T>, before: T[] | undefined, kind: string): T[] {
    if ('changed' in sent) {
      if (before?.length !== sent.length) throw new Error(`The page changed ${kind}s of a list it never sent`);
      const list = [...before];
      for (const [i, part] of sent.changed) list[i] = part;
      return list;
    }
    const known = new Map((before ?? []).map((part) => [part.id, part]));
    return sent.list.map((part) => {
      if (typeof part !== 'string') return part;
      const found = known.get(part);
      if (found === undefined) throw new Error(`The page named a ${kind} it never sent: ${part}`);
      return found;
    });
  }
  return {
    flow(key, sent) {
      const last = held.get(key);
      const nodes = take(sent.nodes, last?.nodes, 'node');
      const edges = take(sent.edges, last?.edges, 'edge');
      held.set(key, { nodes, edges });
      return { ...sent, nodes, edges };
    },
    forget: (key) => held.delete(key),
  };
}
