// What tests elsewhere (flowctl's) and the bench use of the provider's test kit: a throwaway PostgreSQL cluster, the builds that tests run as processes, the flow workers' pool.
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
export { flowWorkers } from '../flowWorkers.js';
