// What every PostgreSQL test file of the server needs: one throwaway cluster for the file, a new
// database per test, and cleanup steps run after each test (newest first).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestDatabase, startTestCluster, type TestCluster } from '../../testing/pgCluster.js';

export interface PgTestKit {
  /** The file's cluster (started before its first test). */
  cluster(): TestCluster;
  /** A new empty database, dropped after the test. */
  database(): Promise<string>;
  /** Runs `step` after the test, before the steps registered earlier. */
  cleanup(step: () => Promise<void>): void;
}

/** Registers the hooks of a PostgreSQL test file and returns its kit. */
export function usePostgres(): PgTestKit {
  let started: TestCluster | undefined;
  const steps: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    started = await startTestCluster();
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
  });
  afterEach(async () => {
    for (const step of steps.splice(0).reverse()) await step();
  });
  const cluster = (): TestCluster => {
    if (started === undefined) throw new Error('the cluster starts before the first test');
    return started;
  };
  return {
    cluster,
    async database() {
      const db = await createTestDatabase(cluster());
      steps.push(() => db.drop());
      return db.url;
    },
    cleanup: (step) => {
      steps.push(step);
    },
  };
}
