// What tests elsewhere (flowctl's) use of the provider's test kit: a throwaway PostgreSQL cluster, and the builds that tests run as processes.
export {
  POSTGRES_MISSING,
  createTestDatabase,
  postgresBin,
  startTestCluster,
  type TestCluster,
  type TestClusterOptions,
} from './pgCluster.js';
export {
  CORE_SOURCES,
  EMBED_SCRIPT,
  REPO,
  SERVER_CLI,
  buildOnce,
  ensureEmbedBuilt,
  ensureServerBuilt,
  modified,
  newestSource,
  pnpmAtRoot,
} from './builds.js';
