// Served chat figures: a turn through POST /v1/chat/completions (the provider in its own process,
// agent key, published flow, conversation log) against the model endpoint's own time for the same
// answer (goal <= 1.1x), one at a time and with 50 conversations at once (no error, the medians' ratio).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { REPO, startProvider, stop } from './processes.js';

/** What the scripted model waits before answering, as a model thinks. */
export const MODEL_LATENCY_MS = 200;
const RUNS = 15;
const CONCURRENT = 50;
const REPLY = 'Happy to help! What is your order number? It is on your confirmation email.';

export interface ServedChatFigures {
  /** Median ms of one served turn, and of the endpoint's own answer. */
  servedMs: number;
  directMs: number;
  ratio: number;
  /** The same with CONCURRENT conversations at once (each its second turn, going on from the stored one). */
  concurrentServedMs: number;
  concurrentDirectMs: number;
  concurrentRatio: number;
  errors: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function timed(call: () => Promise<Response>): Promise<{ ms: number; body: unknown; ok: boolean }> {
  const started = performance.now();
  const res = await call();
  const body: unknown = await res.json();
  return { ms: performance.now() - started, body, ok: res.ok };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** The endpoint's own answer: the request the runtime makes (streamed), straight to the model, read to its end. */
const direct = (model: ScriptedModelServer) => async (): Promise<{ ms: number; ok: boolean }> => {
  model.push({ content: REPLY, delayMs: MODEL_LATENCY_MS });
  const started = performance.now();
  const res = await post(`${model.baseUrl}/chat/completions`, {
    model: 'bench',
    stream: true,
    messages: [{ role: 'user', content: 'Hi' }],
  });
  await res.text();
  return { ms: performance.now() - started, ok: res.ok };
};

/** Measures the served chat figures. */
export async function measureServedChat(): Promise<ServedChatFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'flow-bench-served-'));
  const model = await startScriptedModel();
  const provider = await startProvider(join(dir, 'flows'), { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'bench' });
  try {
    const flow = await readFile(join(REPO, 'examples', 'support-desk', 'production.flow.json'), 'utf8');
    const path = `${provider.url}/api/flows/support-desk/production`;
    const etag = (await fetch(path)).headers.get('etag') ?? '';
    const published = await post(`${path}/publish`, JSON.parse(flow), etag === '' ? { 'If-None-Match': '*' } : { 'If-Match': etag });
    if (!published.ok) throw new Error(`publish failed: ${published.status} ${await published.text()}`);
    const created = await post(`${provider.url}/api/keys`, { name: 'bench', rate: 10_000 });
    const { key } = (await created.json()) as { key: string };
    const auth = { Authorization: `Bearer ${key}` };
    const served = async (conversationId?: string): Promise<{ ms: number; ok: boolean; id: string }> => {
      model.push({ content: REPLY, delayMs: MODEL_LATENCY_MS });
      const body = {
        model: 'support-desk',
        messages: [{ role: 'user', content: 'Hi' }],
        ...(conversationId ? { conversation_id: conversationId } : {}),
      };
      const { ms, ok, body: answer } = await timed(() => post(`${provider.url}/v1/chat/completions`, body, auth));
      const id = typeof answer === 'object' && answer !== null && 'conversation_id' in answer ? String(answer.conversation_id) : '';
      return { ms, ok, id };
    };
    // Warm-up: the first turn loads the published flow and opens the conversation log.
    await served();
    await direct(model)();
    const servedMs: number[] = [];
    const directMs: number[] = [];
    let errors = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = await served();
      const d = await direct(model)();
      if (!s.ok || !d.ok) errors++;
      servedMs.push(s.ms);
      directMs.push(d.ms);
    }
    // 50 conversations at once: each started, then its second turn (read from the log) measured, all together.
    const starts = await Promise.all(Array.from({ length: CONCURRENT }, () => served()));
    errors += starts.filter((s) => !s.ok).length;
    const seconds = await Promise.all(starts.map((s) => served(s.id)));
    errors += seconds.filter((s) => !s.ok).length;
    const directs = await Promise.all(Array.from({ length: CONCURRENT }, () => direct(model)()));
    errors += directs.filter((d) => !d.ok).length;
    const figures: ServedChatFigures = {
      servedMs: median(servedMs),
      directMs: median(directMs),
      ratio: median(servedMs) / median(directMs),
      concurrentServedMs: median(seconds.map((s) => s.ms)),
      concurrentDirectMs: median(directs.map((d) => d.ms)),
      concurrentRatio: median(seconds.map((s) => s.ms)) / median(directs.map((d) => d.ms)),
      errors,
    };
    return figures;
  } finally {
    await stop(provider.child);
    await model.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Prints the served chat figures (lines of the server section). */
export function printServedChat(figures: ServedChatFigures): void {
  console.log(
    `  served chat turn         ${figures.servedMs.toFixed(1)} ms vs the endpoint's own ${figures.directMs.toFixed(1)} ms = ${figures.ratio.toFixed(2)}x (goal <= 1.1x; model latency ${MODEL_LATENCY_MS} ms, median of ${RUNS})`,
  );
  console.log(
    `  ${CONCURRENT} conversations at once ${figures.concurrentServedMs.toFixed(1)} ms vs ${figures.concurrentDirectMs.toFixed(1)} ms at the median = ${figures.concurrentRatio.toFixed(2)}x, ${figures.errors} errors (goal <= 1.1x, none)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printServedChat(await measureServedChat());
