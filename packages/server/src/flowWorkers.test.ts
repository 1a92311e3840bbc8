import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseFlow, serializeFlow } from '@flow/core';
import { outcomeOf, runFlowJob, transferablesOf, type FlowJob } from './flowWork.js';
import { INLINE_BYTES, createFlowWorkers, type FlowWorkers } from './flowWorkers.js';
import { HttpError } from './http/HttpError.js';
import { etagOf } from './http/respond.js';
import { secretPaths } from './secrets/folderSecrets.js';
import { jsonOf, sampleFlow, startTestServer, type TestServer } from './testServer.test-helper.js';

const bytesOf = (value: unknown): Uint8Array => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

/** A flow body past INLINE_BYTES, so that the pool hands it to a worker thread. */
const largeFlow = sampleFlow('big', 'production', 1_500);

function documentJob(body: Uint8Array, planId = 'big'): FlowJob {
  return { kind: 'document', body, planId, versionName: 'production', secretNames: [] };
}

/** What a job throws on the calling thread, to compare with what the worker's refusal becomes. */
function inlineRefusal(job: FlowJob): unknown {
  try {
    runFlowJob(job);
  } catch (error) {
    return error;
  }
  throw new Error('the job did not refuse');
}

describe('flowWorkers', () => {
  let pool: FlowWorkers;
  beforeEach(() => {
    pool = createFlowWorkers(1);
  });
  afterEach(async () => {
    await pool.close();
  });

  it('warms every thread of the pool and says once all have loaded', async () => {
    const two = createFlowWorkers(2);
    try {
      expect(await two.warm()).toBe(2);
    } finally {
      await two.close();
    }
  });

  it('runs a large write on a worker thread: the event loop keeps turning meanwhile, and the result is the one the job gives on this thread', async () => {
    const body = bytesOf(largeFlow);
    expect(body.byteLength).toBeGreaterThan(INLINE_BYTES);
    const expected = runFlowJob(documentJob(body));
    let turns = 0;
    let done = false;
    // A timer, not setImmediate: a loop that spins on its own would take the CPU the worker needs on a busy machine.
    const turn = (): void => {
      turns += 1;
      if (!done) setTimeout(turn, 1);
    };
    setTimeout(turn, 1);
    const result = await pool.run(documentJob(body));
    done = true;
    // Run on this thread, the job would have held the loop: no turn until it is over.
    expect(turns).toBeGreaterThan(1);
    expect(result).toEqual(expected);
    if (result.kind !== 'document') throw new Error(`answered ${result.kind}`);
    // Only the bytes cross (handed over): a string of the text would be copied on this thread.
    expect(Object.keys(result.flow).sort()).toEqual(['bytes', 'hash', 'prepared', 'prompt']);
    const text = new TextDecoder().decode(result.flow.bytes);
    expect(text).toBe(serializeFlow(largeFlow));
    expect(result.flow.hash).toBe(etagOf(text));
  });

  it('refuses on a worker thread with the status, code, message and findings the job throws on this thread', async () => {
    const jobs: FlowJob[] = [
      documentJob(bytesOf(largeFlow), 'other'),
      documentJob(bytesOf(`${JSON.stringify(largeFlow)},`)),
      documentJob(bytesOf({ ...largeFlow, nodes: [...largeFlow.nodes, { id: 'odd', type: 'nope' }] })),
      {
        kind: 'check-functions',
        body: bytesOf({
          functions: Array.from({ length: 5_000 }, (_, i) => ({
            uuid: i === 4_000 ? '' : `f-${i}`,
            name: `Function ${i} of a bulk update`,
          })),
        }),
      },
    ];
    for (const job of jobs) {
      expect(job.body.byteLength).toBeGreaterThan(INLINE_BYTES);
      const expected = inlineRefusal(job);
      if (!(expected instanceof HttpError)) throw new Error('the job did not refuse with an HttpError');
      const refused = await pool.run(job).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(HttpError);
      if (!(refused instanceof HttpError)) return;
      expect({ status: refused.status, code: refused.code, message: refused.message, extra: refused.extra }).toEqual({
        status: expected.status,
        code: expected.code,
        message: expected.message,
        extra: expected.extra,
      });
    }
  });
});

describe('a flow job', () => {
  it("hands over the UTF-8 bytes of update-functions' flow and answer, so the main thread encodes neither", () => {
    const job: FlowJob = {
      kind: 'functions',
      body: bytesOf({ functions: [{ uuid: 'added', name: 'Added', type: 'instruct' }] }),
      current: { content: bytesOf(serializeFlow(largeFlow)), etag: '"e"', exists: true },
      planId: 'big',
      versionName: 'production',
      now: '2026-11-27T00:00:00.000Z',
    };
    const outcome = outcomeOf(job);
    if (!outcome.ok || outcome.result.kind !== 'functions') throw new Error('the functions job did not succeed');
    const { flow, answer } = outcome.result;
    const parsed: unknown = JSON.parse(new TextDecoder().decode(answer));
    expect(parsed).toMatchObject({ result: expect.arrayContaining([expect.objectContaining({ uuid: 'added', name: 'Added' })]) });
    expect(transferablesOf(outcome)).toEqual([flow.bytes.buffer, answer.buffer]);
  });
});

describe('a process with flow workers', () => {
  it('ends by itself once its work is done: idle workers keep nothing alive', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flow-workers-'));
    try {
      const script = join(dir, 'pool.mts');
      const pool = fileURLToPath(new URL('./flowWorkers.ts', import.meta.url));
      const body = 'new TextEncoder().encode(JSON.stringify({ functions: [] }))';
      await writeFile(
        script,
        `import { createFlowWorkers } from ${JSON.stringify(pool)};\n` +
          `const pool = createFlowWorkers(2);\npool.warm();\n` +
          `console.log(JSON.stringify(await pool.run({ kind: 'check-functions', body: ${body} })));\n`,
      );
      const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect({ code, out }).toEqual({ code: 0, out: '{"kind":"check-functions"}\n' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('large writes through the routes', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('PUT of a large flow stores and answers the canonical text with the ETag of its bytes, as GET serves it', async () => {
    const put = await server.call('PUT', '/api/flows/big/production', { json: largeFlow, headers: { 'If-None-Match': '*' } });
    expect(put.status).toBe(200);
    const text = serializeFlow(largeFlow);
    expect(await jsonOf(put)).toEqual({ etag: etagOf(text), findings: [] });
    expect(await readFile(join(server.dir, 'big', 'production.flow.json'), 'utf8')).toBe(text);
    const get = await server.call('GET', '/api/flows/big/production');
    expect(get.headers.get('etag')).toBe(etagOf(text));
    expect(await get.text()).toBe(text);
  });

  it('refuses a bad body before it reports a secret store it cannot read, as when the store was read after the body', async () => {
    const { folder, records } = secretPaths(server.dir);
    await mkdir(folder, { recursive: true });
    await writeFile(records, '{ not json');
    const put = await server.call('PUT', '/api/flows/big/production', {
      json: { ...largeFlow, planId: 'other' },
      headers: { 'If-None-Match': '*' },
    });
    expect(put.status).toBe(400);
    expect(await jsonOf(put)).toEqual({
      error: {
        code: 'PLAN_MISMATCH',
        message: 'The body is the flow other/production but the URL names big/production: planId and versionName must match the URL',
      },
    });
  });

  it('update-functions with 5,000 new functions stores and answers what the same job gives on this thread', async () => {
    const body = { functions: Array.from({ length: 5_000 }, (_, i) => ({ uuid: `bulk-${i}`, name: `Bulk ${i}`, type: 'instruct' })) };
    expect(bytesOf(body).byteLength).toBeGreaterThan(INLINE_BYTES);
    const before = await server.call('GET', '/api/flows/support-desk/production');
    const current = { content: await before.text(), etag: before.headers.get('etag') ?? '', exists: true };
    const res = await server.call('POST', '/api/mate/support-desk/production/update-functions', { json: body });
    expect(res.status).toBe(200);
    const stored = await readFile(join(server.dir, 'support-desk', 'production.flow.json'), 'utf8');
    const parsed = parseFlow(stored);
    const added = parsed.ok ? parsed.doc.nodes.find((node) => node.id === 'bulk-0') : undefined;
    // The provider's clock stamped the new functions: the same job on this thread is given that time.
    const updatedAt = (added?.type === 'function' ? added.data.updated_at : undefined) ?? '';
    const expected = runFlowJob({
      kind: 'functions',
      body: bytesOf(body),
      current,
      planId: 'support-desk',
      versionName: 'production',
      now: updatedAt,
    });
    if (expected.kind !== 'functions') throw new Error(`answered ${expected.kind}`);
    expect(stored).toBe(new TextDecoder().decode(expected.flow.bytes));
    expect(res.headers.get('etag')).toBe(expected.flow.hash);
    expect(await res.text()).toBe(new TextDecoder().decode(expected.answer));
  });
});
