// The entry of a flow worker thread (flowWorkers.ts starts it): runs each job it is sent and posts back its outcome.
import { parentPort } from 'node:worker_threads';
import { READY, isJobRequest } from './flowWorkers.js';
import { outcomeOf, transferablesOf } from './flowWork.js';

const port = parentPort;
if (port === null) throw new Error('flowWorker.ts runs as a worker thread (flowWorkers.ts starts it)');
port.on('message', (message: unknown) => {
  if (!isJobRequest(message)) return;
  const outcome = outcomeOf(message.job);
  port.postMessage({ id: message.id, outcome }, transferablesOf(outcome));
});
// Loaded: the pool's warm() waits for this.
port.postMessage(READY);
