// A small pool of worker threads for the heavy part of large flow writes (flowWork.ts), so that
// parsing, checking, serializing and hashing a 20,000-node flow never holds another request.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isRecord } from './guards.js';
import { errorOf, runFlowJob, type FlowJob, type FlowJobOutcome, type FlowJobResult } from './flowWork.js';

/** What the main thread posts to a worker. */
export interface JobRequest {
  id: number;
  job: FlowJob;
}

/** What a worker posts back. */
export interface JobReply {
  id: number;
  outcome: FlowJobOutcome;
}

/** What a worker posts once it has loaded. */
export const READY = 'flow-worker-ready';

/** A message from the main thread (only this module posts to a flow worker). */
export function isJobRequest(value: unknown): value is JobRequest {
  return isRecord(value) && typeof value.id === 'number' && isRecord(value.job) && typeof value.job.kind === 'string';
}

/** A message from a flow worker (only flowWorker.ts posts them). */
function isJobReply(value: unknown): value is JobReply {
  return isRecord(value) && typeof value.id === 'number' && isRecord(value.outcome) && typeof value.outcome.ok === 'boolean';
}

/** What a job reads: its body, and the stored flow it starts from. */
const sizeOf = (job: FlowJob): number => job.body.byteLength + (job.kind === 'functions' ? job.current.content.length : 0);

/** Jobs below this size are handled on the calling thread: the hop to a worker would cost more than it saves. */
export const INLINE_BYTES = 256 * 1024;

const SOURCE = import.meta.url.endsWith('.ts');
// Built, the worker is dist/flowWorker.js beside the bundle (server and flowctl builds list it as an entry).
const ENTRY = new URL(SOURCE ? './flowWorker.ts' : './flowWorker.js', import.meta.url);

/** The worker's thread; from source (tests, `pnpm serve`, the bench) it registers tsx first, since Node 20 gives a worker no loader of its parent's. */
function spawnWorker(): Worker {
  // Not the parent's flags (such as --input-type or --eval), which a worker refuses: the bundle needs none.
  if (!SOURCE) return new Worker(ENTRY, { execArgv: [] });
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(ENTRY);
  const boot = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(entry)});`;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=development'] });
}

export interface FlowWorkers {
  /** Runs a job on a worker thread (on this one for a small body); rejects with what the job threw. `transfer` hands the body's bytes over. */
  run(job: FlowJob, options?: { transfer?: boolean }): Promise<FlowJobResult>;
  /**
   * Starts every thread now, so the first large write does not wait for one to load; resolves with
   * the number of threads loaded once each has (a thread loading takes CPU: a bench times requests only after).
   */
  warm(): Promise<number>;
  /** Stops the threads; a later job starts them again. */
  close(): Promise<void>;
}

interface Pending {
  resolve(result: FlowJobResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Settles once the thread has loaded (true) or failed to (false). */
  loaded: Promise<boolean>;
}

/** Threads of the pool: one less than the cores, at least 2 (two plans' writes go on side by side), at most 4. */
const defaultSize = (): number => Math.min(4, Math.max(2, availableParallelism() - 1));

/** A pool of up to `size` flow workers, started as jobs come. */
export function createFlowWorkers(size: number = defaultSize()): FlowWorkers {
  const slots: Slot[] = [];
  const available = existsSync(fileURLToPath(ENTRY));
  let nextId = 0;

  function start(): Slot {
    const worker = spawnWorker();
    let settle: (loaded: boolean) => void = () => undefined;
    const loaded = new Promise<boolean>((resolve) => (settle = resolve));
    const slot: Slot = { worker, pending: new Map(), loaded };
    worker.on('message', (message: unknown) => {
      if (message === READY) settle(true);
      if (!isJobReply(message)) return;
      const pending = slot.pending.get(message.id);
      slot.pending.delete(message.id);
      const { outcome } = message;
      if (outcome.ok) pending?.resolve(outcome.result);
      else pending?.reject(errorOf(outcome.error));
    });
    const fail = (error: Error): void => {
      settle(false);
      const at = slots.indexOf(slot);
      if (at !== -1) slots.splice(at, 1);
      for (const pending of slot.pending.values()) pending.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`flow worker stopped (exit code ${code})`)));
    // Idle workers never keep the process alive (the server's socket does while a request waits); after the listeners, which ref it again.
    worker.unref();
    slots.push(slot);
    return slot;
  }

  /** The least busy worker, or a new one while all are busy and the pool is not full. */
  function pick(): Slot {
    let best = slots[0];
    for (const slot of slots) if (best === undefined || slot.pending.size < best.pending.size) best = slot;
    if (best === undefined || (best.pending.size > 0 && slots.length < size)) return start();
    return best;
  }

  return {
    async run(job, options = {}) {
      if (!available || sizeOf(job) < INLINE_BYTES) return runFlowJob(job);
      const slot = pick();
      const id = (nextId += 1);
      return new Promise<FlowJobResult>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        const request: JobRequest = { id, job };
        const { buffer } = job.body;
        slot.worker.postMessage(request, options.transfer === true && buffer instanceof ArrayBuffer ? [buffer] : []);
      });
    },
    async warm() {
      if (!available) return 0;
      while (slots.length < size) start();
      const loaded = await Promise.all(slots.map((slot) => slot.loaded));
      return loaded.filter(Boolean).length;
    },
    async close() {
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

let shared: FlowWorkers | undefined;

/** The process's pool, shared by every server and store in it. */
export function flowWorkers(): FlowWorkers {
  shared ??= createFlowWorkers();
  return shared;
}
