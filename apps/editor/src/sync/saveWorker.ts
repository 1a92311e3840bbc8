// The save worker: rebuilds each flow the page sends, keeps its drafts in IndexedDB and writes the
// autosave's request, all off the page's main thread (at 5,000 nodes the draft's text and write
// held it ~500 ms a save, the request's text and Blob ~100 ms more).
import { createClient, type FlowClient, type FlowDocument } from '@flow/core';
import { writeDraftRecord } from './draftDatabase';
import { draftRecord, type DraftRecord } from './draftRecord';
import {
  createFlowReceiver,
  sendError,
  type PutMessage,
  type PutReply,
  type SaveWorkerMessage,
  type SaveWorkerReply,
} from './saveMessages';

const receiver = createFlowReceiver();
/** The newest record of each key not yet written, and the keys being written. */
const waiting = new Map<string, DraftRecord>();
const writing = new Set<string>();

/** Writes the newest record of `key`, then any that came meanwhile: an older one is never written after a newer. */
async function drain(key: string): Promise<void> {
  writing.add(key);
  for (let record = waiting.get(key); record !== undefined; record = waiting.get(key)) {
    waiting.delete(key);
    try {
      await writeDraftRecord(key, record);
    } catch {
      // Storage failures are ignored silently (spec section 7).
    }
  }
  writing.delete(key);
}

/** One client per provider; its version table is the page's, set before each write (the page's client owns it). */
const versions = new Map<string, string | null>();
const clients = new Map<string, FlowClient>();
function clientFor({ client }: PutMessage): FlowClient {
  const known = clients.get(client.baseUrl);
  if (known) return known;
  const created = createClient({
    ...client,
    versions: {
      get: (planId, versionName) => versions.get(`${planId}/${versionName}`) ?? null,
      set: (p, v, etag) => versions.set(`${p}/${v}`, etag),
    },
  });
  clients.set(client.baseUrl, created);
  return created;
}

async function put(message: PutMessage, doc: FlowDocument): Promise<PutReply> {
  const { id, planId, versionName } = message;
  versions.set(`${planId}/${versionName}`, message.etag);
  try {
    const { etag } = await clientFor(message).putFlow(planId, versionName, doc, message.precondition);
    return { id, ok: true, etag, version: versions.get(`${planId}/${versionName}`) ?? null };
  } catch (error) {
    return { id, ok: false, error: sendError(error) };
  }
}

const reply = (message: SaveWorkerReply) => self.postMessage(message);

self.onmessage = (event: MessageEvent<SaveWorkerMessage>) => {
  const message = event.data;
  let doc: FlowDocument;
  try {
    doc = receiver.flow(message.key, message.flow);
  } catch (error) {
    // Out of step with the page: both start the key again from a whole flow.
    receiver.forget(message.key);
    reply({ type: 'outOfStep', key: message.key });
    if (message.type === 'put') reply({ type: 'put', id: message.id, ok: false, error: sendError(error) });
    return;
  }
  if (message.type === 'put') {
    void put(message, doc).then((answer) => reply({ type: 'put', ...answer }));
    return;
  }
  waiting.set(message.key, draftRecord(doc, message.synced, message.baseEtag, new Date().toISOString()));
  if (!writing.has(message.key)) void drain(message.key);
};
