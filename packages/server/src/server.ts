import { flowWorkers } from './flowWorkers.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { hostPolicy, isLoopback } from './access/hosts.js';
import { createAttemptLimiter } from './access/attempts.js';
import { createSessions } from './access/sessions.js';
import { signInRoutes } from './access/signin.js';
import { ServerConfigError } from './errors.js';
import { secretNameProblem } from '@flow/core';
import { startTelemetry } from '@flow/runtime';
import { secretPaths } from './secrets/folderSecrets.js';
import { SECRETS_KEY_ENV, keyFromFile, keyFromText, keyMissing } from './secrets/secretKey.js';
import { createSecretVault } from './secrets/secretVault.js';
import { secretRoutes } from './routes/secrets.js';
import { keyRoutes } from './routes/keys.js';
import { keysPageRoutes } from './hosted/keysRoutes.js';
import { createAgentKeys } from './keys/agentKeys.js';
import { secretsPageRoutes } from './hosted/secretsRoutes.js';
import { dashboardFrames } from './hosted/dashboardLayout.js';
import { createHandler } from './handler.js';
import { DEFAULT_KEEP_DAYS, checkedKeepDays, startRetention } from './conversations/retention.js';
import { conversationRoutes } from './routes/conversations.js';
import { chatCompletionRoutes } from './routes/chatCompletions.js';
import { mcpRoutes } from './routes/mcp.js';
import { modelRoutes } from './routes/models.js';
import { createAgentService, type AgentService } from './serving/agentService.js';
import { hostedRoutes } from './hosted/hostedRoutes.js';
import { editorFiles } from './routes/editorFiles.js';
import { emojiRoutes } from './routes/emoji.js';
import { embedScriptRoutes } from './routes/embedScript.js';
import { flowTestRoutes } from './routes/flowTests.js';
import { flowRoutes } from './routes/flows.js';
import { gptRoutes } from './routes/gpt.js';
import { mateRoutes } from './routes/mate.js';
import { runtimeRoutes } from './routes/runtime.js';
import { mcpToolRoutes } from './routes/mcpTools.js';
import { sessionStepRoutes } from './routes/sessionSteps.js';
import { workflowRoutes } from './routes/workflows.js';
import type { Services } from './services.js';
import type { Route } from './http/router.js';
import { cleanStart } from './store/cleanStart.js';
import { dataPaths } from './store/dataPaths.js';
import { checkDataFolderFree, lockDataFolder, type FolderLock } from './store/folderLock.js';
import type { StoreFaults } from './store/journal.js';
import { defaultSeedDir, seedDataFolder } from './store/seed.js';
import type { PlanSummary } from './store/flowStore.js';
import { openPgStorage, redactedUrl } from './store/pg/pgStorage.js';
import { createFileStorage, type Storage } from './store/storage.js';

export interface ServerOptions {
  /** Default 4321; 0 picks a free port. */
  port?: number;
  /** The data folder. Default `./flows`. Not used with `database`. */
  dir?: string;
  /**
   * A PostgreSQL address (`postgres://user:password@host:5432/flow`): the flows are kept in that
   * database instead of a folder, and several servers may share it. Migrated at start.
   */
  database?: string;
  /** Default 127.0.0.1. Any non-loopback address requires a token. */
  host?: string;
  /**
   * When set, every route but sign-in and the editor's static files needs it: the bearer header
   * (clients) or the cookie of a browser that signed in.
   */
  token?: string;
  /** The address people use to reach the server (behind a proxy, a name): its host is allowed and hosted links are built from it. */
  publicUrl?: string;
  /** More Host names to answer besides loopback ones, the bound address and the public URL (`.example.com`: every subdomain). */
  allowHosts?: readonly string[];
  /**
   * Behind a reverse proxy: wrong tokens are counted per client as the proxy names it (the
   * right-most `X-Forwarded-For` entry, which the proxy appends) instead of per socket address.
   * Only for a server that nothing but the proxy can reach.
   */
  trustProxy?: boolean;
  /** The built editor, served for any other GET when the folder exists. */
  editorDir?: string;
  /** Where the Playground's runtime reads the model settings (FLOW_MODEL_BASE_URL, FLOW_MODEL, FLOW_MODEL_API_KEY) and the flows' secrets. Default: process.env; read at each turn. */
  runtimeEnv?: Readonly<Record<string, string | undefined>>;
  /** The built <flow-chat> script served at /embed.js. Default: this package's build (dist/browser/embed.js). */
  embedScript?: string;
  /** The emoji picker's data (`<locale>/<source>/data.json`). Default: the emoji-picker-element-data package. */
  emojiDir?: string;
  /** Seeds an empty data folder. Default the repository's `examples/`; null for none. */
  seedDir?: string | null;
  /** Where unexpected errors are reported. Default stderr. */
  log?: (line: string) => void;
  /** The budget of the in-memory cache of flows, in characters of flow text. Default 64 MiB. */
  flowCacheBytes?: number;
  /** Test seam: how the sign-in form waits before answering a wrong token, and a slowed client before its token is looked at. */
  wrongTokenDelay?: (ms: number) => Promise<void>;
  /** Test seam: called after each step of an atomic change (journal, each file, journal removed; in a database, the row and the record). */
  faults?: StoreFaults;
  /**
   * The key of the secret store (32 bytes, base64 or hex). Default: FLOW_SECRETS_KEY of `runtimeEnv`;
   * without it a folder store keeps a key file (mode 600) in the data folder and a database store
   * refuses to seal or open secrets.
   */
  secretsKey?: string;
  /** Variables of `runtimeEnv` copied into the secret store at start (`--secrets-from-env`), for simple deployments. */
  secretsFromEnv?: readonly string[];
  /** Test seam: the time (ms) agent keys' requests are counted by, per minute. Default Date.now. */
  keyClock?: () => number;
  /** Test seam: more routes over the server's services (a served route that checks an agent key). */
  testRoutes?: (services: Services) => readonly Route[];
  /** Days a served conversation is kept after its last update (`--keep-days`, as a number or the option's text; checked). Default 30. */
  keepDays?: number | string;
}

export interface RunningServer {
  /** `http://host:port` */
  url: string;
  /** Where the flows are kept: the data folder's path, or the database's address without its password. */
  store: string;
  /** Every plan with its version names, sorted. */
  listPlans(): Promise<PlanSummary[]>;
  /** Every route this server answers (the editor's files besides), as method and pattern. */
  routes: readonly { method: string; pattern: string }[];
  /** Its published agents, in process: the turns its HTTP front ends serve, recorded in its conversation log. */
  agents: AgentService;
  close(): Promise<void>;
}

export { DataFolderInUseError, ServerConfigError } from './errors.js';
export { DatabaseStartError } from './store/pg/pgStorage.js';

/** A store opened for a server: checked before the port is bound, readied once the address is known. */
interface OpenedStore {
  storage: Storage;
  /** The secret store's key when FLOW_SECRETS_KEY gives none: the folder's key file, or a refusal. */
  fallbackKey(): Promise<Buffer>;
  /** True when `fallbackKey` gives a key (the folder's key file), so the store can seal secrets without one given. */
  ownsSecretsKey: boolean;
  /** Where the flows are kept, as said to people (never a password). */
  name: string;
  ready(url: string, log: (line: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** The folder store: one server per folder (a lock naming it), cleaned after a crash, seeded when empty. */
async function openFolderStore(options: ServerOptions): Promise<OpenedStore> {
  const dir = resolve(options.dir ?? './flows');
  await mkdir(dir, { recursive: true });
  const paths = dataPaths(dir);
  // Said before binding, so a second server on the same port hears about the folder, not the port.
  await checkDataFolderFree(dir, paths.lock);
  const flowStoreOptions = {
    ...(options.flowCacheBytes === undefined ? {} : { cacheBytes: options.flowCacheBytes }),
    ...(options.faults ? { faults: options.faults } : {}),
  };
  let lock: FolderLock | undefined;
  const storage = createFileStorage(paths, flowStoreOptions);
  return {
    storage,
    name: dir,
    fallbackKey: () => keyFromFile(secretPaths(dir).key),
    ownsSecretsKey: true,
    async ready(url, log) {
      lock = await lockDataFolder(dir, paths.lock, url);
      const report = await cleanStart(dir);
      for (const journal of report.replayed) log(`flow server: finished a change a crash interrupted (${journal})`);
      for (const journal of report.invalid) log(`flow server: removed a journal it could not apply (${journal})`);
      await seedDataFolder(dir, options.seedDir === undefined ? defaultSeedDir() : options.seedDir);
    },
    async close() {
      await storage.conversations.close();
      await lock?.release();
    },
  };
}

/** The PostgreSQL store: connected and migrated before the port is bound, so a bad address fails at once. */
async function openDatabaseStore(url: string, options: ServerOptions): Promise<OpenedStore> {
  const storage = await openPgStorage(url, {
    ...(options.flowCacheBytes === undefined ? {} : { cacheBytes: options.flowCacheBytes }),
    ...(options.faults ? { faults: options.faults } : {}),
  });
  return {
    storage,
    name: redactedUrl(url),
    fallbackKey: () => Promise.reject(keyMissing()),
    ownsSecretsKey: false,
    ready: async () => undefined,
    close: () => storage.close(),
  };
}

/** The variables `--secrets-from-env` names, with their values: each a secret name the store takes, each set. */
function importedSecrets(names: readonly string[], env: Readonly<Record<string, string | undefined>>): [string, string][] {
  return names.map((name) => {
    const problem = secretNameProblem(name);
    if (problem !== null) throw new ServerConfigError(`--secrets-from-env: ${problem}`);
    const value = env[name];
    if (value === undefined || value === '') throw new ServerConfigError(`--secrets-from-env: ${name} is not set in the environment`);
    return [name, value];
  });
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** A public URL as an origin (`http(s)://host[:port]`), or a ServerConfigError. */
function checkedPublicUrl(text: string): string {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new ServerConfigError(`Invalid public URL "${text}": give an address such as https://flow.example.com`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ServerConfigError(`Invalid public URL "${text}": it must start with http:// or https://`);
  return parsed.origin;
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((done, fail) => {
    server.close((error) => (error ? fail(error) : done()));
    server.closeAllConnections();
  });
}

/**
 * Starts the local provider over a data folder and resolves once it listens and the folder is
 * ready: locked for this server (DataFolderInUseError when another live server holds it), cleaned
 * of the temp files and unfinished journals of a crash, and seeded from examples when empty.
 * Requests that arrive before then wait.
 * @example const { url, close } = await startServer({ port: 0, dir: tmp });
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token === '' ? undefined : options.token;
  if (!isLoopback(host) && token === undefined) {
    throw new ServerConfigError(`A token is required to listen on ${host}: pass --token or set FLOW_TOKEN`);
  }
  const publicUrl = options.publicUrl === undefined ? undefined : checkedPublicUrl(options.publicUrl);
  const env = options.runtimeEnv ?? process.env;
  const secretsKeyText = options.secretsKey ?? env[SECRETS_KEY_ENV];
  // A bad key fails the start, not the first secret.
  const secretsKey = secretsKeyText === undefined || secretsKeyText === '' ? undefined : keyFromText(secretsKeyText);
  const imported = importedSecrets(options.secretsFromEnv ?? [], env);
  const keepDays = checkedKeepDays(options.keepDays ?? DEFAULT_KEEP_DAYS);
  const hosts = hostPolicy({ bindHost: host, publicUrl, allowHosts: options.allowHosts ?? [] });
  const store = options.database === undefined ? await openFolderStore(options) : await openDatabaseStore(options.database, options);
  let url = '';
  const now = (): string => new Date().toISOString();
  const vault = createSecretVault(store.storage.secrets, () => (secretsKey ? Promise.resolve(secretsKey) : store.fallbackKey()), now);
  const agentKeys = createAgentKeys(store.storage.keys, options.keyClock);
  // Spans of every agent turn go to the OTLP collector when the standard variables name one.
  const telemetry = await startTelemetry(env);
  const agents = createAgentService({
    env,
    secrets: vault,
    publishes: store.storage.publishes,
    conversations: store.storage.conversations,
    now,
    telemetry,
  });
  const services: Services = {
    ...store.storage,
    vault,
    agentKeys,
    agents,
    now,
    // Hosted links are built from the configured address, never from the request's Host header.
    origin: () => publicUrl ?? url,
  };
  // Secrets is a dashboard page when values can be sealed: a key given, or the folder's own key file.
  const frameOf = dashboardFrames(() => store.storage.flows.listPlans(), secretsKey !== undefined || store.ownsSecretsKey);
  const sessions = createSessions(store.storage.signIns);
  // One count of wrong tokens per client, whether they come by the sign-in form or the bearer header.
  const limiter = createAttemptLimiter(options.wrongTokenDelay ? { sleep: options.wrongTokenDelay } : {});
  const trustProxy = options.trustProxy ?? false;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const routes = [
    ...signInRoutes({
      token,
      sessions,
      limiter,
      trustProxy,
      secure: publicUrl?.startsWith('https:') ?? false,
      ...(options.wrongTokenDelay ? { delay: options.wrongTokenDelay } : {}),
    }),
    ...gptRoutes(services),
    ...mateRoutes(services),
    ...flowRoutes(services),
    ...flowTestRoutes(services, { env, secrets: vault, telemetry }),
    ...workflowRoutes(services),
    ...runtimeRoutes({ env, secrets: vault, telemetry }),
    ...mcpToolRoutes({ env, secrets: vault, telemetry }),
    ...sessionStepRoutes(services, { env, secrets: vault }),
    ...secretRoutes(vault),
    ...conversationRoutes(services),
    ...chatCompletionRoutes(services),
    ...modelRoutes(services),
    ...mcpRoutes(services, log),
    ...secretsPageRoutes(vault, frameOf),
    ...keyRoutes(agentKeys),
    ...keysPageRoutes(agentKeys, frameOf),
    ...(options.emojiDir === undefined ? emojiRoutes() : emojiRoutes(options.emojiDir)),
    ...hostedRoutes(services, frameOf),
    ...(options.embedScript === undefined ? embedScriptRoutes() : embedScriptRoutes(options.embedScript)),
    ...(options.testRoutes?.(services) ?? []),
  ];
  const editor = options.editorDir && existsSync(options.editorDir) ? await editorFiles(options.editorDir) : undefined;
  const trustedOrigins = publicUrl === undefined ? [] : [new URL(publicUrl).origin];
  const handle = createHandler({
    routes,
    token,
    hosts,
    sessions,
    limiter,
    trustProxy,
    trustedOrigins,
    agentKeys,
    log,
    ...(editor ? { editor } : {}),
  });
  // The address is known once listening, and the lock names it: requests wait for the folder.
  let openGate = (): void => undefined;
  const ready = new Promise<void>((done) => {
    openGate = done;
  });
  const server = createServer((req, res) => {
    void ready.then(() => handle(req, res));
  });
  await new Promise<void>((done, fail) => {
    const failed = (error: Error): void => {
      void Promise.all([store.close(), telemetry?.shutdown()]).finally(() => fail(error));
    };
    server.once('error', failed);
    server.listen(options.port ?? 4321, host, () => {
      server.off('error', failed);
      done();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : (options.port ?? 4321);
  url = `http://${urlHost(host)}:${port}`;
  try {
    await store.ready(url, log);
    for (const [name, value] of imported) await vault.set(name, value);
  } catch (error) {
    await closeServer(server);
    await store.close();
    await telemetry?.shutdown();
    throw error;
  }
  const retention = startRetention({ records: store.storage.conversations, keepDays, log });
  void flowWorkers().warm();
  openGate();
  return {
    url,
    store: store.name,
    listPlans: () => store.storage.flows.listPlans(),
    routes: routes.map(({ method, pattern }) => ({ method, pattern })),
    agents,
    async close() {
      retention.stop();
      await closeServer(server);
      await store.close();
      await telemetry?.shutdown();
    },
  };
}
