import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { etagCarrier } from './etag.js';
import { load, type LoadOptions } from './load.js';
import { createTestDatabase, startTestCluster } from '@flow/server/testing';
import { REPO, startHello, startProvider, stop } from './processes.js';
import { measureServedChat, printServedChat, type ServedChatFigures } from './servedChat.js';
import {
  measureConcurrentReads,
  measureUpdateFunctions,
  type ConcurrentReadFigures,
  type UpdateFunctionsFigures,
} from './updateFunctions.js';

export interface ServerBenchResult {
  /** GET …/functions requests per second over a bare node:http hello-world's (budget: at least 0.5). */
  functionsRatio: number;
  functionsPerSecond: number;
  helloPerSecond: number;
  /** PUTs of a 1,000-node flow document per second, one at a time. */
  put1000PerSecond: number;
  /** update-functions with 1,000 / 4,000 / 20,000 new functions, each against a PUT of its result (budget: at most 2x). */
  updateFunctions: UpdateFunctionsFigures[];
  /** Latency of small reads of another plan while the 20,000-function update (and the PUT of its flow) runs, on the folder store and on PostgreSQL. */
  concurrentReads: ConcurrentReadFigures[];
  /** A served chat turn (/v1/chat/completions) against the model endpoint's own time, alone and 50 at once (goal <= 1.1x). */
  servedChat: ServedChatFigures;
}

const CONCURRENCY = 32;
const SECONDS = 3;
/** The two servers are measured in alternating windows, so a busy machine weighs on both alike. */
const ROUNDS = 4;
const WINDOW_SECONDS = 1.5;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A valid 1,000-node flow: one chain of copies of an example's first function node. */
export async function thousandNodeFlow(): Promise<string> {
  const example: { nodes: { type: string; data: { [key: string]: Json } }[] } = JSON.parse(
    await readFile(join(REPO, 'examples', 'support-desk', 'production.flow.json'), 'utf8'),
  );
  const template = example.nodes.find((n) => n.type === 'function')?.data ?? {};
  const ids = Array.from({ length: 1000 }, (_, i) => `bench-${i}`);
  const nodes = ids.map((id, i) => {
    const next = ids[i + 1];
    const data = {
      ...template,
      uuid: id,
      name: `Step ${i}`,
      post_action_type: next ? 'function' : 'none',
      post_action_function_id: next ?? '',
    };
    return { id, type: 'function', chain: '1', position: { x: 50, y: 200 + 150 * i }, data };
  });
  const edges = ids.slice(1).map((id, i) => ({ id: `edge-${ids[i]}-to-${id}`, source: ids[i], target: id, kind: 'node' }));
  const doc = {
    format: 'flow/1',
    planId: 'bench',
    versionName: 'production',
    agentContext: '',
    agentNotes: '',
    systemPrompt: '',
    startNodeId: ids[0],
    nodes,
    edges,
  };
  return JSON.stringify(doc);
}

/** Requests per second of both URLs, measured in alternating windows after a warm-up. */
export async function alternate(
  a: string,
  b: string,
  optionsA: Omit<LoadOptions, 'seconds'> = { concurrency: CONCURRENCY },
  optionsB: Omit<LoadOptions, 'seconds'> = optionsA,
): Promise<[number, number]> {
  const options = [optionsA, optionsB];
  await load(a, { ...optionsA, seconds: 1 });
  await load(b, { ...optionsB, seconds: 1 });
  const totals = [0, 0];
  const seconds = [0, 0];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, url] of [a, b].entries()) {
      const result = await load(url, { ...(options[i] ?? optionsA), seconds: WINDOW_SECONDS });
      if (result.errors > 0) throw new Error(`${url} failed ${result.errors} times`);
      totals[i] = (totals[i] ?? 0) + result.requests;
      seconds[i] = (seconds[i] ?? 0) + result.seconds;
    }
  }
  return [(totals[0] ?? 0) / (seconds[0] ?? 1), (totals[1] ?? 0) / (seconds[1] ?? 1)];
}

const round = (n: number): string => n.toFixed(n < 10 ? 2 : 0);
const count = (n: number): string => n.toLocaleString('en');

function printServer(result: ServerBenchResult): void {
  const { functionsPerSecond, helloPerSecond } = result;
  console.log('server');
  console.log(
    `  GET …/functions          ${round(functionsPerSecond)} req/s = ${result.functionsRatio.toFixed(2)}x node:http hello-world (${round(helloPerSecond)} req/s; budget >= 0.5x)`,
  );
  console.log(`  PUT 1,000-node flow      ${round(result.put1000PerSecond)} docs/s`);
  for (const f of result.updateFunctions) {
    const label = `update-functions ${count(f.functions)}`.padEnd(25);
    const size = `${(f.documentBytes / 1024 / 1024).toFixed(1)} MB`;
    const put = f.putRefused === undefined ? `${round(f.putMs)} ms` : `PUT failed: ${f.putRefused}`;
    const ratio = Number.isNaN(f.ratio) ? 'n/a' : `${f.ratio.toFixed(2)}x`;
    console.log(`  ${label}${round(f.updateMs)} ms = ${ratio} PUT of the resulting ${size} flow (${put}; budget <= 2x)`);
  }
  for (const r of result.concurrentReads) {
    const label = `GET during a write (${r.store})`.padEnd(36);
    if (r.failed !== undefined) console.log(`  ${label}(${r.during} failed: ${r.failed})`);
    console.log(
      `  ${label}worst ${round(r.worstMs)} ms, p99 ${round(r.p99Ms)} ms, median ${round(r.medianMs)} ms over ${r.reads} reads while ${r.during} ran (${round(r.writeMs)} ms; goal: worst <= 50 ms)`,
    );
  }
  printServedChat(result.servedChat);
}

/**
 * The concurrent reads on the PostgreSQL store, in a throwaway cluster that syncs every commit (as
 * the database section's); none when PostgreSQL is not installed (the figures say so).
 */
async function concurrentReadsOnPostgres(bare: string): Promise<ConcurrentReadFigures[]> {
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  try {
    cluster = await startTestCluster(process.env, { durable: true });
  } catch (error) {
    console.log(`  (no PostgreSQL figures: ${error instanceof Error ? error.message : String(error)})`);
    return [];
  }
  const children: ChildProcess[] = [];
  try {
    const database = await createTestDatabase(cluster);
    const provider = await startProvider(database.url);
    children.push(provider.child);
    // The database starts empty: the plan the reads ask for is written first.
    const seed = await readFile(join(REPO, 'examples', 'support-desk', 'production.flow.json'), 'utf8');
    const created = await fetch(`${provider.url}/api/flows/support-desk/production`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' },
      body: seed,
    });
    if (created.status !== 200) throw new Error(`creating support-desk/production on PostgreSQL answered ${created.status}`);
    const figures = await measureConcurrentReads(provider.url, 'PostgreSQL', { warmUp: true, bare });
    for (const child of children.splice(0)) await stop(child);
    await database.drop();
    return figures;
  } finally {
    for (const child of children) await stop(child);
    await cluster.stop();
  }
}

/** Runs the server section of `pnpm bench`: prints the figures and returns them. */
export async function runServerBench(): Promise<ServerBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'flow-bench-'));
  const children: ChildProcess[] = [];
  try {
    const hello = await startHello();
    children.push(hello.child);
    const provider = await startProvider(join(dir, 'flows'));
    children.push(provider.child);
    const functions = `${provider.url}/api/mate/support-desk/production/functions`;
    const [helloPerSecond, functionsPerSecond] = await alternate(hello.url, functions);
    const body = await thousandNodeFlow();
    // The first PUT creates the flow, each next one names the ETag the last one answered with.
    const carrier = etagCarrier();
    const put = await load(`${provider.url}/api/flows/bench/production`, {
      concurrency: 1,
      seconds: SECONDS,
      method: 'PUT',
      body,
      headers: carrier.headers,
      onResponse: carrier.onResponse,
    });
    if (put.errors > 0) throw new Error(`PUT of the 1,000-node flow failed ${put.errors} times`);
    const updateFunctions = await measureUpdateFunctions(provider.url);
    // The hello-world, idle, stays up for the concurrent reads: its floor is the machine's.
    const concurrentReads = await measureConcurrentReads(provider.url, 'folder', { bare: hello.url });
    await stop(provider.child);
    concurrentReads.push(...(await concurrentReadsOnPostgres(hello.url)));
    await stop(hello.child);
    const servedChat = await measureServedChat();
    const result: ServerBenchResult = {
      functionsRatio: functionsPerSecond / helloPerSecond,
      functionsPerSecond,
      helloPerSecond,
      put1000PerSecond: put.perSecond,
      updateFunctions,
      concurrentReads,
      servedChat,
    };
    printServer(result);
    return result;
  } finally {
    for (const child of children) await stop(child);
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runServerBench();
