// The PostgreSQL store against the folder store, in one run: PUT and GET of a 1,000-node flow (goal:
// at least 0.5x the folder store) and update-functions with 20,000 new functions. The database is a
// throwaway cluster on this machine that syncs every commit to disk, as the folder store syncs
// every write.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTestDatabase, startTestCluster } from '@flow/server/testing';
import { etagCarrier } from '../server/etag.js';
import { startProvider, stop } from '../server/processes.js';
import { alternate, thousandNodeFlow } from '../server/run.js';
import { measureUpdateFunctions } from '../server/updateFunctions.js';

export interface DatabaseBenchResult {
  /** PUTs of a 1,000-node flow per second, one at a time, with If-Match: folder store, PostgreSQL, and their ratio (goal >= 0.5). */
  put: { folder: number; database: number; ratio: number };
  /** GETs of that flow per second, 32 at a time. */
  get: { folder: number; database: number; ratio: number };
  /** update-functions with 20,000 new functions into a fresh flow, median ms. */
  updateFunctions20k: { folder: number; database: number; ratio: number };
}

const FLOW = '/api/flows/bench/production';
const round = (n: number): string => n.toFixed(n < 10 ? 2 : 0);

async function createFlow(base: string, body: string): Promise<void> {
  const res = await fetch(`${base}${FLOW}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' }, body });
  if (res.status !== 200) throw new Error(`creating the 1,000-node flow answered ${res.status}`);
}

export async function runDatabaseBench(): Promise<DatabaseBenchResult> {
  const cluster = await startTestCluster(process.env, { durable: true });
  const dir = await mkdtemp(join(tmpdir(), 'flow-bench-db-'));
  const children: ChildProcess[] = [];
  try {
    const database = await createTestDatabase(cluster);
    const folder = await startProvider(join(dir, 'flows'));
    children.push(folder.child);
    const onDatabase = await startProvider(database.url);
    children.push(onDatabase.child);
    const body = await thousandNodeFlow();
    await createFlow(folder.url, body);
    await createFlow(onDatabase.url, body);

    const [getFolder, getDatabase] = await alternate(`${folder.url}${FLOW}`, `${onDatabase.url}${FLOW}`);
    const first = async (base: string): Promise<string> => (await fetch(`${base}${FLOW}`)).headers.get('etag') ?? '';
    const carriers = [etagCarrier(await first(folder.url)), etagCarrier(await first(onDatabase.url))] as const;
    const putOptions = (carrier: (typeof carriers)[number]) => ({
      concurrency: 1,
      method: 'PUT',
      body,
      headers: carrier.headers,
      onResponse: carrier.onResponse,
    });
    const [putFolder, putDatabase] = await alternate(
      `${folder.url}${FLOW}`,
      `${onDatabase.url}${FLOW}`,
      putOptions(carriers[0]),
      putOptions(carriers[1]),
    );
    const [updateFolder] = await measureUpdateFunctions(folder.url, [20_000]);
    const [updateDatabase] = await measureUpdateFunctions(onDatabase.url, [20_000]);
    const folderMs = updateFolder?.updateMs ?? Number.NaN;
    const databaseMs = updateDatabase?.updateMs ?? Number.NaN;
    const result: DatabaseBenchResult = {
      put: { folder: putFolder, database: putDatabase, ratio: putDatabase / putFolder },
      get: { folder: getFolder, database: getDatabase, ratio: getDatabase / getFolder },
      // Time, so the ratio is the folder store's time over the database's: above 1 is faster.
      updateFunctions20k: { folder: folderMs, database: databaseMs, ratio: folderMs / databaseMs },
    };
    console.log('database (PostgreSQL store against the folder store, same machine, one run)');
    console.log(
      `  PUT 1,000-node flow      ${round(putDatabase)} docs/s = ${result.put.ratio.toFixed(2)}x the folder store (${round(putFolder)} docs/s; goal >= 0.5x)`,
    );
    console.log(
      `  GET 1,000-node flow      ${round(getDatabase)} req/s = ${result.get.ratio.toFixed(2)}x the folder store (${round(getFolder)} req/s; goal >= 0.5x)`,
    );
    console.log(
      `  update-functions 20,000  ${round(databaseMs)} ms on PostgreSQL, ${round(folderMs)} ms on the folder store (${result.updateFunctions20k.ratio.toFixed(2)}x its speed)`,
    );
    for (const child of children.splice(0)) await stop(child);
    await database.drop();
    return result;
  } finally {
    for (const child of children) await stop(child);
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runDatabaseBench();
