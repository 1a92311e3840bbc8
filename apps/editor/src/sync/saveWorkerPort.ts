// The page's side of the save worker: one worker per page, created on first use; none where
// workers are missing (tests in Node) or the worker failed, and then the page does the work itself.
import type { FlowClient, FlowDocument, SavedFlow } from '@flow/core';
import type { LocalDraft } from './draftTypes';
import {
  createFlowSender,
  receivedError,
  type PutMessage,
  type PutReply,
  type SaveWorkerMessage,
  type SaveWorkerReply,
} from './saveMessages';

export interface SaveWorkerPort {
  /** Keeps `draft` under `key` (IndexedDB, written by the worker). */
  draft(key: string, draft: LocalDraft): void;
  /** Core's putFlow of `doc`, run by the worker's client; `client` is the page's, whose known version it reads and updates. */
  put(client: FlowClient, options: PutMessage['client'], key: string, args: Parameters<FlowClient['putFlow']>): Promise<SavedFlow>;
}

let port: SaveWorkerPort | null | undefined;

/** The page's save worker, or null where there are no workers. */
export function saveWorker(): SaveWorkerPort | null {
  if (port !== undefined) return port;
  if (typeof Worker === 'undefined') return (port = null);
  const worker = new Worker(new URL('./saveWorker.ts', import.meta.url), { type: 'module' });
  const sender = createFlowSender();
  const answers = new Map<number, (reply: PutReply) => void>();
  let next = 0;
  worker.onmessage = (event: MessageEvent<SaveWorkerReply>) => {
    const { data } = event;
    if (data.type === 'outOfStep') {
      sender.forget(data.key);
      return;
    }
    answers.get(data.id)?.(data);
    answers.delete(data.id);
  };
  // A worker that failed (its script did not load, it crashed) answers every put under way, as a network failure.
  worker.onerror = (event) => {
    for (const [id, answer] of answers)
      answer({ id, ok: false, error: { name: 'Error', message: event.message || 'The save worker stopped', kind: 'network' } });
    answers.clear();
    // From then on the page does the work itself.
    worker.terminate();
    port = null;
  };
  const send = (message: SaveWorkerMessage) => worker.postMessage(message);
  port = {
    draft(key, { doc, synced, baseEtag }) {
      send({ type: 'draft', key, flow: sender.flow(key, doc), synced, baseEtag });
    },
    async put(client, options, key, [planId, versionName, doc, precondition]) {
      const id = (next += 1);
      const reply = new Promise<PutReply>((resolve) => answers.set(id, resolve));
      const etag = client.versions.get(planId, versionName);
      send({ type: 'put', id, key, flow: sender.flow(key, doc), planId, versionName, precondition, etag, client: options });
      const answer = await reply;
      if (!answer.ok) throw receivedError(answer.error);
      client.versions.set(planId, versionName, answer.version);
      return { etag: answer.etag };
    },
  };
  return port;
}

/**
 * `client` with its flow writes (the autosave's PUT) made by the save worker, where there is one:
 * the request's text and body are made off the main thread. `keyOf` names the worker's copy of the
 * flow, the one its draft is sent under, so the request crosses as ids.
 */
export function withWorkerWrites(
  client: FlowClient,
  options: PutMessage['client'],
  keyOf: (planId: string, versionName: string) => string,
): FlowClient {
  if (typeof Worker === 'undefined') return client;
  return {
    ...client,
    putFlow: (planId: string, versionName: string, doc: FlowDocument, precondition?: Parameters<FlowClient['putFlow']>[3]) => {
      const worker = saveWorker();
      const args: Parameters<FlowClient['putFlow']> = [planId, versionName, doc, precondition];
      return worker ? worker.put(client, options, keyOf(planId, versionName), args) : client.putFlow(...args);
    },
  };
}
