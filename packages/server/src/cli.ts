#!/usr/bin/env node
import { errorMessage } from '@flow/core';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ServerConfigError } from './errors.js';
import { startServer, type ServerOptions } from './server.js';
import { repositoryRoot } from './store/seed.js';

const USAGE = `Usage: flow-server [--port 4321] [--dir ./flows | --database URL] [--host 127.0.0.1] [--token TOKEN] [--public-url URL] [--allow-host NAMES] [--secrets-from-env NAMES] [--trust-proxy] [--keep-days N] [--editor DIR] [--seed DIR]

  --port    port to listen on (0 picks a free one)           default 4321
  --dir     data folder of flow files (seeded when empty)    default ./flows
  --database  a PostgreSQL address instead of the folder (or FLOW_DATABASE_URL); servers may share it
  --host    address to bind; any other than loopback needs a token
  --token   the token every route but sign-in needs (or FLOW_TOKEN)
  --public-url  the address people use (or FLOW_PUBLIC_URL): allowed as Host, hosted links built from it
  --allow-host  more Host names to answer, comma-separated (.example.com: every subdomain)
  --secrets-from-env  environment variables copied into the secret store at start, comma-separated
  --trust-proxy  behind a reverse proxy: count wrong tokens per client as named by the proxy (the right-most X-Forwarded-For entry)
  --keep-days  days a served conversation is kept after its last update   default 30
  --editor  folder of the built editor to serve              default apps/editor/dist when built
  --seed    folder to seed an empty data folder from         default examples/`;

/** The options of a command line (a leading `--` from `pnpm serve -- …` is ignored). */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): ServerOptions | 'help' {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      dir: { type: 'string' },
      database: { type: 'string' },
      host: { type: 'string' },
      token: { type: 'string' },
      'public-url': { type: 'string' },
      'allow-host': { type: 'string' },
      'secrets-from-env': { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      'keep-days': { type: 'string' },
      editor: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const port = values.port === undefined ? 4321 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ServerConfigError(`Invalid port: ${values.port ?? ''}`);
  // Checked by startServer (checkedKeepDays), as flowctl serve's is.
  const keepDays = values['keep-days'];
  const token = values.token ?? env.FLOW_TOKEN;
  const publicUrl = values['public-url'] ?? env.FLOW_PUBLIC_URL;
  const database = values.database ?? env.FLOW_DATABASE_URL;
  if (database !== undefined && database !== '' && values.dir !== undefined) {
    throw new ServerConfigError('Give either --dir or --database, not both');
  }
  const commaList = (text: string | undefined): string[] =>
    (text ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
  const allowHosts = commaList(values['allow-host']);
  const secretsFromEnv = commaList(values['secrets-from-env']);
  const root = repositoryRoot();
  const builtEditor = root === null ? undefined : join(root, 'apps', 'editor', 'dist');
  const editorDir = values.editor ?? (builtEditor && existsSync(join(builtEditor, 'index.html')) ? builtEditor : undefined);
  return {
    port,
    dir: values.dir ?? './flows',
    host: values.host ?? '127.0.0.1',
    ...(token ? { token } : {}),
    ...(database ? { database } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(allowHosts.length > 0 ? { allowHosts } : {}),
    ...(secretsFromEnv.length > 0 ? { secretsFromEnv } : {}),
    ...(values['trust-proxy'] ? { trustProxy: true } : {}),
    ...(keepDays === undefined ? {} : { keepDays }),
    ...(editorDir ? { editorDir } : {}),
    ...(values.seed ? { seedDir: values.seed } : {}),
  };
}

async function main(): Promise<void> {
  let options: ServerOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${errorMessage(error)}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  try {
    const server = await startServer(options);
    const stop = (): void => {
      void server.close().finally(() => process.exit(0));
    };
    // Before saying it listens: a supervisor may stop it as soon as it reads that.
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // The URL only: the token is never printed.
    process.stdout.write(`Flow provider listening on ${server.url}\n`);
    process.stderr.write(
      `${options.database ? 'database' : 'data folder'}: ${server.store}${options.token ? ' · sign-in with the token required' : ''}\n`,
    );
  } catch (error) {
    const message = errorMessage(error);
    process.stderr.write(`flow server: ${options.token ? message.split(options.token).join('***') : message}\n`);
    process.exitCode = error instanceof ServerConfigError ? 2 : 1;
  }
}

await main();
