import { Worker } from 'node:worker_threads';

/** What a write answered: its status, or why it failed to get an answer. */
export type WriteOutcome = { status: number } | { failed: string };

export interface WriteRequest {
  method: string;
  headers: Record<string, string>;
  /** The body, already encoded (and handed to the writer's thread). */
  body: Uint8Array;
}

// Plain JavaScript (an eval'd worker has no TypeScript loader): waits for 'go', sends the request, reads the whole answer.
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, method, headers, body } = workerData;
parentPort.once('message', () => {
  fetch(url, { method, headers, body }).then(
    async (res) => { await res.arrayBuffer(); parentPort.postMessage({ status: res.status }); },
    (error) => parentPort.postMessage({ failed: String(error && error.cause ? error.cause.message : error) }),
  );
});
parentPort.postMessage('ready');
`;

const isOutcome = (value: unknown): value is WriteOutcome =>
  typeof value === 'object' && value !== null && ('status' in value || 'failed' in value);

/**
 * A client of its own thread ready to send one write: the bench's reader does not share an event
 * loop or a heap with it, as a client of another plan would not (encoding a 23 MB body and reading a
 * large answer on the reader's thread delayed the reads it timed). Resolves once the thread is up.
 */
export async function startWriter(url: string, request: WriteRequest): Promise<{ go(): Promise<WriteOutcome> }> {
  const { body } = request;
  const transferList = body.buffer instanceof ArrayBuffer ? [body.buffer] : [];
  const worker = new Worker(WRITER, { eval: true, workerData: { url, ...request }, transferList });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    go: () =>
      new Promise<WriteOutcome>((resolve, reject) => {
        worker.once('message', (message: unknown) => {
          void worker.terminate();
          if (isOutcome(message)) resolve(message);
          else reject(new Error('the writer thread answered something else'));
        });
        worker.once('error', reject);
        worker.postMessage('go');
      }),
  };
}
