// A plan version's tests in the folder store: `<version>.flowtest.json` and `<version>.cassette.json`
// beside `<version>.flow.json`, written as one atomic change in the queue of that flow's changes.
import { parseJsonValue, readFlowTests, type FlowTests, type JsonObject } from '@flow/core';
import { flowNotFound } from '../http/HttpError.js';
import { etagOf } from '../http/respond.js';
import type { DataPaths } from './dataPaths.js';
import { serialized } from './fileQueue.js';
import type { StoredFlow } from './flowStore.js';
import { commitWrites, settleJournal, type StoreFaults } from './journal.js';
import { readTextFile } from './listing.js';

/** A version's tests as stored: whether it has any, their ETag, and the tests when what is stored is valid. */
export interface StoredTests {
  exists: boolean;
  etag: string;
  /** Null when there are none, or when the stored files are not valid tests (hand-edited, say). */
  tests: FlowTests | null;
}

/** Stored tests known to be there and valid. */
export type SavedTests = StoredTests & { tests: FlowTests };

export interface TestStorage {
  /** The version's tests; `exists: false` when it has none. */
  read(planId: string, versionName: string): Promise<StoredTests>;
  /**
   * Replaces the version's tests with `change(current)`, in the queue of the flow's own changes; a
   * throw from `change` writes nothing, and a version whose flow was never written is 404 FLOW_NOT_FOUND.
   */
  update(planId: string, versionName: string, change: (current: StoredTests) => FlowTests): Promise<SavedTests>;
}

/** The text a test document is stored as: indented JSON, as flowctl writes its files. */
export const storedJsonText = (value: JsonObject): string => `${JSON.stringify(value, null, 2)}\n`;

/** The stored tests of a flowtest text and a cassette text (null: none), whatever the store. */
export function storedTestsOf(flowtest: string, cassette: string | null, etag: string): StoredTests {
  const read = readFlowTests({ flowtest: parseJsonValue(flowtest), cassette: cassette === null ? null : parseJsonValue(cassette) });
  return { exists: true, etag, tests: read.ok ? read.tests : null };
}

const NO_TESTS: StoredTests = { exists: false, etag: etagOf(''), tests: null };

/** The folder ETag of a version's tests: the hash of both files' bytes. */
const etagOfFiles = (flowtest: string, cassette: string | null): string => etagOf(`${flowtest}\u0000${cassette ?? ''}`);

/** The folder store's tests; `flows` reads the flow each belongs to. */
export function createTestStore(
  paths: DataPaths,
  flows: { read(planId: string, versionName: string): Promise<StoredFlow> },
  faults?: StoreFaults,
): TestStorage {
  async function read(planId: string, versionName: string): Promise<StoredTests> {
    const flowtest = await readTextFile(paths.flowtest(planId, versionName));
    if (flowtest === null) return NO_TESTS;
    const cassette = await readTextFile(paths.cassette(planId, versionName));
    return storedTestsOf(flowtest, cassette, etagOfFiles(flowtest, cassette));
  }

  return {
    read,
    update(planId, versionName, change) {
      // The flow's queue and journal: a change of the tests never interleaves with one of the flow.
      return serialized(paths.flow(planId, versionName), async () => {
        const journal = paths.journal(planId, versionName);
        await settleJournal(paths.root, journal);
        if (!(await flows.read(planId, versionName)).exists) throw flowNotFound(planId, versionName);
        const next = change(await read(planId, versionName));
        const flowtest = storedJsonText(next.flowtest);
        const cassette = next.cassette === null ? null : storedJsonText(next.cassette);
        const writes = [
          { path: paths.flowtest(planId, versionName), text: flowtest },
          { path: paths.cassette(planId, versionName), text: cassette },
        ];
        await commitWrites(paths.root, journal, writes, faults);
        return { exists: true, etag: etagOfFiles(flowtest, cassette), tests: next };
      });
    },
  };
}
