import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flagOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { loadServer } from '../loadServer.js';
import { openUrl } from '../openUrl.js';
import type { ServeReport } from '../reports.js';

/** `{url}/{planId}/{version}` for every plan version the server keeps. */
async function planLinks(server: { url: string; listPlans(): Promise<{ planId: string; versions: string[] }[]> }): Promise<string[]> {
  const plans = await server.listPlans();
  return plans
    .flatMap((plan) => plan.versions.map((version) => `${server.url}/${encodeURIComponent(plan.planId)}/${encodeURIComponent(version)}`))
    .sort();
}

/**
 * The built editor: FLOW_EDITOR_DIR, else apps/editor/dist beside this package in the repository,
 * else the copy the packed tarball carries (`dist/editor`, beside this bundled file).
 */
function editorFolder(io: Context['io']): string | null {
  const candidates = [
    io.env.FLOW_EDITOR_DIR,
    fileURLToPath(new URL('../../editor/dist', import.meta.url)),
    fileURLToPath(new URL('./editor', import.meta.url)),
  ];
  for (const dir of candidates) {
    const absolute = dir ? resolve(io.cwd, dir) : null;
    if (absolute !== null && existsSync(join(absolute, 'index.html'))) return absolute;
  }
  return null;
}

/** The emoji data the packed tarball carries (`dist/emoji`); in the repository, the package's own. */
function emojiFolder(): string | undefined {
  const packed = fileURLToPath(new URL('./emoji', import.meta.url));
  return existsSync(packed) ? packed : undefined;
}

/** The <flow-chat> script (/embed.js): the server's build in the repository, or the copy the packed tarball carries (`dist/browser`). */
function embedScriptFile(): string | undefined {
  const candidates = [
    new URL('../../../packages/server/dist/browser/embed.js', import.meta.url),
    new URL('./browser/embed.js', import.meta.url),
  ];
  return candidates.map((url) => fileURLToPath(url)).find((file) => existsSync(file));
}

/** The names of a comma-separated option, blanks dropped. */
const commaList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

function portOf(text: string | undefined): number {
  const port = Number(text ?? '4321');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`Invalid port "${text ?? ''}": expected 0 to 65535`);
  return port;
}

/**
 * `flowctl serve`: starts the local provider over the data folder (and the built editor) and keeps
 * running until SIGINT or SIGTERM. With a token every route but sign-in and the editor's static
 * files needs it; Host names are checked against loopback, --public-url and --allow-host; wrong
 * tokens are counted per client (per proxied client with --trust-proxy).
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const dir = resolve(ctx.io.cwd, stringOption(invocation, 'dir') ?? 'flows');
  const port = portOf(stringOption(invocation, 'port'));
  const host = stringOption(invocation, 'host') ?? '127.0.0.1';
  const editorDir = editorFolder(ctx.io);
  const emojiDir = emojiFolder();
  const embedScript = embedScriptFile();
  const publicUrl = stringOption(invocation, 'publicUrl');
  const allowHosts = commaList(stringOption(invocation, 'allowHost'));
  const secretsFromEnv = commaList(stringOption(invocation, 'secretsFromEnv'));
  const database = stringOption(invocation, 'database');
  const keepDays = stringOption(invocation, 'keepDays');
  const { startServer, ServerConfigError, DataFolderInUseError, DatabaseStartError } = await loadServer();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      port,
      dir,
      ...(database ? { database } : {}),
      host,
      allowHosts,
      secretsFromEnv,
      ...(keepDays === undefined ? {} : { keepDays }),
      ...(publicUrl ? { publicUrl } : {}),
      ...(flagOption(invocation, 'trustProxy') ? { trustProxy: true } : {}),
      ...(ctx.token ? { token: ctx.token } : {}),
      ...(editorDir ? { editorDir } : {}),
      ...(emojiDir ? { emojiDir } : {}),
      ...(embedScript ? { embedScript } : {}),
      // The Playground's model settings and secrets, and the server's log, are this run's.
      runtimeEnv: ctx.io.env,
      log: (line) => ctx.io.stderr.write(`${line}\n`),
    });
  } catch (error) {
    // Another server holds the folder: its message names the folder and that server's address.
    if (error instanceof DataFolderInUseError) throw usageError(error.message, 'DATA_FOLDER_IN_USE');
    if (error instanceof ServerConfigError) throw usageError(error.message);
    // Its message names the database without the password.
    if (error instanceof DatabaseStartError) throw new CliError('DATABASE_UNAVAILABLE', error.message, EXIT.provider);
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      throw usageError(`Port ${port} on ${host} is in use: pick another with --port`, 'PORT_IN_USE');
    }
    throw error;
  }
  const stop = (): void => {
    ctx.log('Stopping…');
    void server.close();
  };
  ctx.io.signals?.once('SIGINT', stop);
  ctx.io.signals?.once('SIGTERM', stop);
  const opened = flagOption(invocation, 'open') ? await openUrl(`${server.url}/`, ctx.io.env) : false;
  const data: ServeReport = {
    url: server.url,
    dir,
    database: database ? server.store : null,
    editorDir,
    tokenRequired: ctx.token !== undefined,
    opened,
    plans: await planLinks(server),
  };
  return { kind: 'serve', data, exitCode: EXIT.ok };
}
