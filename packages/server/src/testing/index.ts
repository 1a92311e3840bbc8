// What tests elsewhere (flowctl's) use of the provider's test kit: a throwaway PostgreSQL cluster.
export {
  POSTGRES_MISSING,
  createTestDatabase,
  postgresBin,
  startTestCluster,
  type TestCluster,
  type TestClusterOptions,
} from './pgCluster.js';
