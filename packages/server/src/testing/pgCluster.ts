// A throwaway PostgreSQL cluster for the tests: a copy of one initdb into a temporary folder, pg_ctl start on a
// free port of 127.0.0.1, stopped and removed at the end. Never a mock, never a shared database.
// As root (CI), initdb and pg_ctl run as the `postgres` user, since initdb refuses root.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);

/** What a test says when PostgreSQL is missing: how to get it, never a silent skip. */
export const POSTGRES_MISSING =
  'PostgreSQL is not installed: run `apt-get install -y postgresql` (Debian) or set PG_BIN to the folder of initdb and pg_ctl; the PostgreSQL tests start a throwaway cluster with them';

/** The folder of initdb and pg_ctl: PG_BIN, else the newest of Debian's /usr/lib/postgresql/<major>/bin. */
export function postgresBin(env: Record<string, string | undefined> = process.env): string | null {
  const fromEnv = env['PG_BIN'];
  if (fromEnv !== undefined) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? null : join(root, majors[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface TestCluster {
  /** `postgres://flow@127.0.0.1:<port>/postgres`, trust authentication, loopback only. */
  url: string;
  port: number;
  /**
   * Stops the database server, keeping its data, as a restart does (`resume` starts it again):
   * every connection is cut. A fast shutdown, not an immediate one: the cluster commits without
   * waiting for the disk (synchronous_commit=off), so a crash could lose the last commits.
   */
  halt(): Promise<void>;
  /** Starts it again on the same port after `halt`. */
  resume(): Promise<void>;
  /** Stops the cluster at once and removes its folder. */
  stop(): Promise<void>;
}

export interface TestClusterOptions {
  /**
   * Wait for the disk on every commit, as a production database does (the benchmarks). By default
   * the cluster neither syncs nor waits, which the tests can afford and which keeps them fast.
   */
  durable?: boolean;
}

/** A folder for a cluster's files, owned by the user that runs PostgreSQL (`postgres` when we are root). */
async function clusterFolder(asRoot: boolean): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'flow-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  return dir;
}

/**
 * initdb's result for `bin` and these options, made once per machine (kept in the temporary
 * folder, named after them) and copied for every cluster: initdb costs ~2 s of CPU, the copy of
 * its 39 MB a fifth of that. It is made in a folder of its own and renamed into place, so a
 * process never copies a half-made one; of two made at once, one is kept.
 */
async function templateData(bin: string, durable: boolean, asRoot: boolean, initdb: (data: string) => Promise<unknown>): Promise<string> {
  const folder = join(
    tmpdir(),
    `flow-pg-template-${createHash('sha256')
      .update(`${bin} ${String(durable)}`)
      .digest('hex')
      .slice(0, 12)}`,
  );
  const data = join(folder, 'data');
  if (existsSync(join(data, 'PG_VERSION'))) return data;
  const fresh = await clusterFolder(asRoot);
  try {
    await initdb(join(fresh, 'data'));
    renameSync(fresh, folder);
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    if (!existsSync(join(data, 'PG_VERSION'))) throw error;
  }
  return data;
}

export async function startTestCluster(
  env: Record<string, string | undefined> = process.env,
  clusterOptions: TestClusterOptions = {},
): Promise<TestCluster> {
  const bin = postgresBin(env);
  if (bin === null) throw new Error(POSTGRES_MISSING);
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args);
  const as = (command: string, args: string[]) => asPostgres(join(bin, command), args);
  const durable = clusterOptions.durable === true;
  const template = await templateData(bin, durable, asRoot, (data) =>
    as('initdb', ['-D', data, '-U', 'flow', '-A', 'trust', '-E', 'UTF8', '--locale=C', ...(durable ? [] : ['--no-sync'])]),
  );
  const dir = await clusterFolder(asRoot);
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres('cp', ['-a', template, data]);
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fast}`;
  const start = () => as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  let stopped = false;
  return {
    url: `postgres://flow@127.0.0.1:${port}/postgres`,
    port,
    async halt() {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async resume() {
      await start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let databases = 0;

/** A new empty database in the cluster, and how to drop it (after every client of it has ended). */
export async function createTestDatabase(cluster: TestCluster): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `flow_test_${process.pid}_${++databases}`;
  const admin = postgres(cluster.url, { max: 1, onnotice: () => undefined });
  try {
    // The name is made here of digits and a fixed prefix, never of input.
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: cluster.url.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const again = postgres(cluster.url, { max: 1, onnotice: () => undefined });
      try {
        await again.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}
