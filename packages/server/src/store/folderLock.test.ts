import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyFlow } from '@flow/core';
import { DataFolderInUseError, ServerConfigError } from '../errors.js';
import { startServer } from '../server.js';
import { startTestServer, type TestServer } from '../testServer.test-helper.js';

/** The pid of a process that ran and is gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

describe('one server per data folder', () => {
  let dir: string;
  const running: TestServer[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flow-lock-'));
  });
  afterEach(async () => {
    for (const server of running.splice(0)) await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (): Promise<TestServer> => {
    const server = await startTestServer({ dir, seedDir: null });
    running.push(server);
    return server;
  };
  const lockFile = async (): Promise<unknown> => JSON.parse(await readFile(join(dir, '.flow-server.lock'), 'utf8'));

  it('holds { pid, url } in the lock while serving, and frees it on close', async () => {
    const first = await start();
    expect(await lockFile()).toEqual({ pid: process.pid, url: first.url });
    await running.pop()?.close();
    expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);
    const second = await start();
    expect(await lockFile()).toEqual({ pid: process.pid, url: second.url });
  });

  it('refuses a second server on the same folder in the same process, naming the folder and the running server', async () => {
    const first = await start();
    const error = await startServer({ dir, port: 0, seedDir: null, log: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderInUseError);
    expect(error).toBeInstanceOf(ServerConfigError);
    expect(error instanceof Error && error.message).toBe(
      `The data folder ${dir} is already served by ${first.url} (process ${process.pid}): stop it, or use another --dir`,
    );
    expect(error).toMatchObject({ dir, url: first.url, pid: process.pid });
    // On the same port too: the folder is what the message is about, not the port.
    const port = Number(new URL(first.url).port);
    await expect(startServer({ dir, port, seedDir: null, log: () => undefined })).rejects.toBeInstanceOf(DataFolderInUseError);
    // The first one still serves, and still holds the lock.
    expect((await first.call('GET', '/api/plans')).status).toBe(200);
    expect(await lockFile()).toEqual({ pid: process.pid, url: first.url });
  });

  it('takes over a stale lock: one whose process is gone, or one it cannot read', async () => {
    const pid = await deadPid();
    await writeFile(join(dir, '.flow-server.lock'), JSON.stringify({ pid, url: 'http://127.0.0.1:9' }));
    const first = await start();
    expect(await lockFile()).toEqual({ pid: process.pid, url: first.url });
    await running.pop()?.close();
    await writeFile(join(dir, '.flow-server.lock'), 'not a lock');
    const second = await start();
    expect(await lockFile()).toEqual({ pid: process.pid, url: second.url });
  });

  it('keeps the lock and other dot files out of every listing', async () => {
    const server = await start();
    expect((await server.call('PUT', '/api/flows/plan-a/v1', { json: emptyFlow('plan-a', 'v1') })).status).toBe(200);
    await writeFile(join(dir, 'plan-a', '.journal-v2.json'), '{}');
    expect(await (await server.call('GET', '/api/plans')).json()).toMatchObject([{ planId: 'plan-a', versions: ['v1'] }]);
  });
});
