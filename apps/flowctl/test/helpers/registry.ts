// A throwaway npm registry (Verdaccio) for install tests: on 127.0.0.1, its storage in a temp
// folder, no uplink (nothing is ever fetched from npmjs.org), only the packages named served.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import { join } from 'node:path';
import { runServer } from 'verdaccio';
import { stringify } from 'yaml';

export interface Registry {
  /** The registry's URL, with a trailing slash (as npm writes it). */
  url: string;
  /** An npm token of a user made on this registry, for `npm publish`. */
  token: string;
  /** The user config (.npmrc) content that points npm at this registry with that token. */
  npmrc: string;
  close(): Promise<void>;
}

/** Polls `url` until it answers 200 (a condition, not a sleep), for at most `timeoutMs`. */
async function waitForOk(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`the registry did not answer ${url} within ${timeoutMs} ms (last status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts Verdaccio in this process with its config and storage in `dir`, serving only `packages`
 * (anyone may read them, a registry user may publish them; any other name is a 404), and makes a user.
 */
export async function startRegistry(dir: string, packages: readonly string[]): Promise<Registry> {
  const configPath = join(dir, 'config.yaml');
  const config = {
    storage: join(dir, 'storage'),
    auth: { htpasswd: { file: join(dir, 'htpasswd'), max_users: 1 } },
    // No uplinks: a package not published here does not exist.
    uplinks: {},
    packages: {
      ...Object.fromEntries(packages.map((name) => [name, { access: '$all', publish: '$authenticated' }])),
      // Any other name: readable, so with no uplink it is a plain 404 as on a real registry; never publishable.
      '**': { access: '$all', publish: '$nobody' },
    },
    web: { enable: false },
    middlewares: { audit: { enabled: false } },
    log: { type: 'stdout', format: 'pretty', level: 'fatal' },
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(configPath, stringify(config));
  const server: unknown = await runServer(configPath);
  if (!(server instanceof Server)) throw new Error('Verdaccio runServer did not return an http.Server');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Verdaccio is not listening on a TCP port');
  const { port } = address;
  const url = `http://127.0.0.1:${port}/`;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  try {
    await waitForOk(`${url}-/ping`, 10_000);
    // What `npm adduser` does: the registry answers 201 with the new user's token.
    const user = 'flowctl-test';
    const response = await fetch(`${url}-/user/org.couchdb.user:${user}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: user, password: 'throwaway-registry-password' }),
    });
    const body: unknown = await response.json();
    const token = typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string' ? body.token : null;
    if (response.status !== 201 || token === null)
      throw new Error(`the registry refused a new user: ${response.status} ${JSON.stringify(body)}`);
    const npmrc = `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`;
    return { url, token, npmrc, close };
  } catch (error) {
    await close();
    throw error;
  }
}
