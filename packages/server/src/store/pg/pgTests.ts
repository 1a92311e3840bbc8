// A plan version's tests in the PostgreSQL store: one row of flow_tests, whose `version` is the ETag
// and which goes when its flow's row goes (a foreign key with on delete cascade).
import type { Sql } from 'postgres';
import { requireId } from '../../ids.js';
import { flowNotFound } from '../../http/HttpError.js';
import { serialized } from '../fileQueue.js';
import { isUniqueViolation } from './pgCodes.js';
import { storedJsonText, storedTestsOf, type SavedTests, type StoredTests, type TestStorage } from '../testStore.js';

interface TestRow {
  version: string;
  flowtest: string;
  cassette: string | null;
}

/** The ETag of a tests row's version (`t`, so it is never mistaken for a flow's). */
const etagOfTests = (version: string): string => `"t${version}"`;

const NO_TESTS: StoredTests = { exists: false, etag: etagOfTests('0'), tests: null };

const storedOfRow = (row: TestRow | undefined): StoredTests =>
  row === undefined ? NO_TESTS : storedTestsOf(row.flowtest, row.cassette, etagOfTests(row.version));

/** Two servers inserted a version's first tests at once: the change is computed again. */
class Conflict extends Error {}

/** The tests over the flow_tests table; `queueKey` is the flow's, so this server's changes of a version queue together. */
export function pgTestRecords(
  sql: Sql,
  guarded: <T>(call: () => Promise<T>) => Promise<T>,
  queueKey: (planId: string, versionName: string) => string,
): TestStorage {
  return {
    async read(planId, versionName) {
      const rows = await guarded(
        () => sql<TestRow[]>`
          select version::text as version, flowtest, cassette from flow_tests
          where plan_id = ${requireId(planId, 'planId')} and version_name = ${requireId(versionName, 'versionName')}`,
      );
      return storedOfRow(rows[0]);
    },
    update(planId, versionName, change) {
      return serialized(queueKey(planId, versionName), async () => {
        for (;;) {
          try {
            return await guarded(() =>
              sql.begin(async (tx): Promise<SavedTests> => {
                // The flow's row is held (for share) so it cannot go while its tests are written.
                const flow = await tx`select 1 from flows where plan_id = ${planId} and version_name = ${versionName} for share`;
                if (flow.length === 0) throw flowNotFound(planId, versionName);
                const rows = await tx<TestRow[]>`
                  select version::text as version, flowtest, cassette from flow_tests
                  where plan_id = ${planId} and version_name = ${versionName} for update`;
                const current = storedOfRow(rows[0]);
                const next = change(current);
                const flowtest = storedJsonText(next.flowtest);
                const cassette = next.cassette === null ? null : storedJsonText(next.cassette);
                const written = current.exists
                  ? await tx<{ version: string }[]>`
                      update flow_tests set flowtest = ${flowtest}, cassette = ${cassette}, version = version + 1
                      where plan_id = ${planId} and version_name = ${versionName} returning version::text as version`
                  : await tx<{ version: string }[]>`
                      insert into flow_tests (plan_id, version_name, flowtest, cassette, version)
                      values (${planId}, ${versionName}, ${flowtest}, ${cassette}, 1)
                      on conflict do nothing returning version::text as version`;
                const row = written[0];
                if (row === undefined) throw new Conflict();
                return { exists: true, etag: etagOfTests(row.version), tests: next };
              }),
            );
          } catch (error) {
            if (error instanceof Conflict || isUniqueViolation(error)) continue;
            throw error;
          }
        }
      });
    },
  };
}
