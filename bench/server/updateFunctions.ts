import { etagCarrier } from './etag.js';
import { startWriter, type WriteOutcome } from './writer.js';

/** New functions per call: each into a fresh flow. */
export const UPDATE_SIZES = [1_000, 4_000, 20_000] as const;
/** Timed runs per size (the median counts); the small ones are quick, so more of them. */
const runsFor = (functions: number): number => (functions <= 4_000 ? 5 : 3);
/** Untimed runs first, so that the update path is as warm as the PUT path the bench has just run. */
const WARM_UP = { runs: 3, functions: 1_000 };
const PLAN = 'bench-update';
/** How long the reads of the floor go on. */
const IDLE_MS = 2_000;
/** A plan the bench never writes: its functions are what the concurrent reads ask for. */
const OTHER = '/api/mate/support-desk/production/functions';

export interface UpdateFunctionsFigures {
  functions: number;
  /** Median ms of `update-functions` adding this many functions to a fresh flow. */
  updateMs: number;
  /** Median ms of a PUT (with `If-Match`) of the document that call stored. */
  putMs: number;
  /** updateMs / putMs (budget: at most 2). NaN when the PUT was refused. */
  ratio: number;
  /** Size of the stored document. */
  documentBytes: number;
  /** Why the PUT failed (a 413, or a closed connection, when the document passes the body limit). */
  putRefused?: string;
}

export interface ConcurrentReadFigures {
  /** The provider's store: `folder` or `PostgreSQL`. */
  store: string;
  /** What ran meanwhile: `update-functions` with 20,000 new functions, or the PUT of its document. */
  during: string;
  /** Worst, 99th percentile and median latency of small GETs of another plan's functions, sent one after another (goal: worst <= 50 ms). */
  worstMs: number;
  p99Ms: number;
  medianMs: number;
  reads: number;
  /** How long the write itself took. */
  writeMs: number;
  /** Why the write failed, if it did. */
  failed?: string;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The value that `p` percent of the values are at or below (nearest rank). */
const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

function functionsBody(count: number): string {
  const functions = Array.from({ length: count }, (_, i) => ({ uuid: `bench-fn-${i}`, name: `Bench ${i}`, type: 'instruct' }));
  return JSON.stringify({ functions });
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; res: Response; text: string }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  return { ms: performance.now() - started, res, text };
}

interface Run {
  updateMs: number;
  putMs: number;
  documentBytes: number;
  /** Why the PUT failed, if it did. */
  putRefused?: string;
}

/** One update-functions call into a fresh version, then a PUT of the document it stored. */
async function runOnce(base: string, version: string, body: string): Promise<Run> {
  const update = await timed(`${base}/api/mate/${PLAN}/${version}/update-functions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  if (update.res.status !== 200) throw new Error(`update-functions answered ${update.res.status}: ${update.text.slice(0, 200)}`);
  const flowUrl = `${base}/api/flows/${PLAN}/${version}`;
  const current = await fetch(flowUrl);
  const document = await current.text();
  const etag = current.headers.get('etag');
  if (current.status !== 200 || etag === null) throw new Error(`GET of the stored flow answered ${current.status}`);
  const carrier = etagCarrier(etag);
  const documentBytes = Buffer.byteLength(document);
  try {
    const put = await timed(flowUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...carrier.headers() },
      body: document,
    });
    const putRefused = put.res.status === 200 ? {} : { putRefused: `status ${put.res.status}` };
    return { updateMs: update.ms, putMs: put.ms, documentBytes, ...putRefused };
  } catch (error) {
    // A server refusing a body over its limit closes the connection while the body is being sent.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { updateMs: update.ms, putMs: Number.NaN, documentBytes, putRefused: cause };
  }
}

/** update-functions with 1,000 / 4,000 / 20,000 new functions, each against a PUT of its result. */
export async function measureUpdateFunctions(base: string, sizes: readonly number[] = UPDATE_SIZES): Promise<UpdateFunctionsFigures[]> {
  const figures: UpdateFunctionsFigures[] = [];
  for (let run = 0; run < WARM_UP.runs; run++) await runOnce(base, `warm-up-${run}`, functionsBody(WARM_UP.functions));
  for (const functions of sizes) {
    const body = functionsBody(functions);
    const runs: Run[] = [];
    for (let run = 0; run < runsFor(functions); run++) runs.push(await runOnce(base, `f${functions}-r${run}`, body));
    const refused = runs.find((run) => run.putRefused !== undefined)?.putRefused;
    const updateMs = median(runs.map((run) => run.updateMs));
    const putMs = refused === undefined ? median(runs.map((run) => run.putMs)) : Number.NaN;
    const documentBytes = runs[0]?.documentBytes ?? 0;
    figures.push({
      functions,
      updateMs,
      putMs,
      ratio: updateMs / putMs,
      documentBytes,
      ...(refused === undefined ? {} : { putRefused: refused }),
    });
  }
  return figures;
}

interface ReadsDuringWrite {
  latencies: number[];
  writeMs: number;
  failed?: string;
}

/** Small GETs of `url` sent one after another until `write` settles: their latencies, and the write's time. */
async function readWhile(url: string, write: () => Promise<WriteOutcome>): Promise<ReadsDuringWrite> {
  const latencies: number[] = [];
  let done = false;
  let failed: string | undefined;
  const started = performance.now();
  const writing = write()
    .then((outcome) => {
      if ('failed' in outcome) failed = outcome.failed;
      else if (outcome.status >= 400) failed = `status ${outcome.status}`;
    })
    .catch((error: unknown) => {
      failed = error instanceof Error ? error.message : String(error);
    })
    .finally(() => {
      done = true;
    });
  const reading = (async () => {
    while (!done) {
      const t = await timed(url, {});
      if (t.res.status !== 200) throw new Error(`GET ${url} answered ${t.res.status}`);
      latencies.push(t.ms);
    }
  })();
  await writing;
  const writeMs = performance.now() - started;
  await reading;
  return failed === undefined ? { latencies, writeMs } : { latencies, writeMs, failed };
}

/**
 * Does the server keep answering small reads while it takes the 20,000 functions, and the PUT of
 * their flow? `warmUp` first runs the same writes untimed (a provider that has not written yet).
 * `bare`, a bare node:http server's URL, gives the machine's own floor: the same reads of a server doing nothing else.
 */
export async function measureConcurrentReads(
  base: string,
  store: string,
  { warmUp = false, bare }: { warmUp?: boolean; bare?: string } = {},
): Promise<ConcurrentReadFigures[]> {
  const functions = UPDATE_SIZES[UPDATE_SIZES.length - 1] ?? 0;
  const version = `f${functions}-concurrent`;
  const body = functionsBody(functions);
  if (warmUp) await runOnce(base, `f${functions}-concurrent-warm-up`, body);
  const reads = `${base}${OTHER}`;
  for (let i = 0; i < 20; i++) await fetch(reads).then((res) => res.arrayBuffer());
  // The floor: the same reads with no write, for as long as a write takes, so a busy machine's own delays show.
  const noWrite = (): Promise<WriteOutcome> => new Promise((resolve) => setTimeout(() => resolve({ status: 200 }), IDLE_MS));
  const idle = await readWhile(reads, noWrite);
  const machine = bare === undefined ? null : await readWhile(bare, noWrite);
  const figures = (during: string, { latencies, writeMs, failed }: ReadsDuringWrite): ConcurrentReadFigures => ({
    store,
    during,
    worstMs: Math.max(...latencies),
    p99Ms: percentile(latencies, 99),
    medianMs: median(latencies),
    reads: latencies.length,
    writeMs,
    ...(failed === undefined ? {} : { failed }),
  });
  // Each write is sent from a thread of its own, its body encoded before the reads begin (writer.ts says why).
  const json = { 'Content-Type': 'application/json' };
  const updater = await startWriter(`${base}/api/mate/${PLAN}/${version}/update-functions`, {
    method: 'POST',
    headers: json,
    body: new TextEncoder().encode(body),
  });
  const update = await readWhile(reads, updater.go);
  const flowUrl = `${base}/api/flows/${PLAN}/${version}`;
  const current = await fetch(flowUrl);
  const document = new Uint8Array(await current.arrayBuffer());
  const carrier = etagCarrier(current.headers.get('etag') ?? undefined);
  const putter = await startWriter(flowUrl, { method: 'PUT', headers: { ...json, ...carrier.headers() }, body: document });
  const put = await readWhile(reads, putter.go);
  return [
    ...(machine === null ? [] : [figures('no write, a bare node:http server', machine)]),
    figures('no write (the floor)', idle),
    figures(`update-functions, ${functions.toLocaleString('en')} new`, update),
    figures('PUT of its document', put),
  ];
}
