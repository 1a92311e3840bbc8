// What the provider keeps, as every store offers it: flows, their tests, publish records, saved workflows and
// hosted sessions. The routes see only this interface; the folder of files (the embedded
// default) implements it here, PostgreSQL in pg/pgStorage.ts, and storageContract.test-helper.ts
// holds every implementation to the same guarantees.
import { memorySessionRecords, type SessionRecords } from '../access/sessions.js';
import { folderKeyRecords } from '../keys/folderKeys.js';
import type { KeyRecords } from '../keys/keyRecords.js';
import type { ConversationRecords } from '../conversations/conversationRecords.js';
import { folderConversationRecords } from '../conversations/folderConversations.js';
import { folderSecretRecords } from '../secrets/folderSecrets.js';
import type { SecretRecords } from '../secrets/secretVault.js';
import type { DataPaths } from './dataPaths.js';
import { createFlowStore, type FlowChange, type FlowStoreOptions, type PlanSummary, type StoredFlow, type ValidFlow } from './flowStore.js';
import { createPublishStore, type PublishEntry, type PublishedVersion } from './publishStore.js';
import { createTestStore, type TestStorage } from './testStore.js';
import { createWorkflowStore, type WorkflowStore } from './workflowStore.js';

export interface FlowStorage {
  /** The stored flow; a version never written is the empty flow, with `exists: false`. */
  read(planId: string, versionName: string): Promise<StoredFlow>;
  /** Like `read`, refusing a version never written (404 FLOW_NOT_FOUND) and a stored flow that is not valid (422). */
  readValid(planId: string, versionName: string): Promise<ValidFlow>;
  /**
   * Replaces the flow with `change(current)`; changes of one flow are applied one after the other,
   * each to what the one before left, and a throw from `change` writes nothing.
   */
  update(planId: string, versionName: string, change: FlowChange): Promise<ValidFlow>;
  /**
   * Like `update`, and records the new document and its prompt as a publish, in one transaction:
   * after a crash, the flow and its publish record are both there or both not. `rollbackOf`
   * names the earlier publish this one brings back.
   */
  publish(
    planId: string,
    versionName: string,
    change: FlowChange,
    options?: { rollbackOf?: string },
  ): Promise<{ saved: ValidFlow; entry: PublishEntry }>;
  /** Every plan with its version names, sorted. */
  listPlans(): Promise<PlanSummary[]>;
}

export interface PublishHistory {
  /** Every publish of a version, newest first. */
  list(planId: string, versionName: string): Promise<PublishEntry[]>;
  /** The flow as the publish `id` stored it (canonical text); null when there is no such publish or it kept no flow. */
  flowOf(planId: string, versionName: string, id: string): Promise<string | null>;
  /** Every plan version published at least once (the served agents), with its last publish, by plan then version. */
  latest(): Promise<PublishedVersion[]>;
  /** The id of a version's newest publish, read from the names alone (no record is read); null when it has none. */
  newestId(planId: string, versionName: string): Promise<string | null>;
}

/** The provider's storage: one implementation per kind of store. */
export interface Storage {
  flows: FlowStorage;
  /** Each plan version's tests (`*.flowtest.json` and cassette), kept beside its flow and gone with it. */
  tests: TestStorage;
  publishes: PublishHistory;
  workflows: WorkflowStore;
  /** Browsers signed in with the token (token mode), shared by every server of the store. */
  signIns: SessionRecords;
  /** The secret store's sealed values (the key is the server's, never the store's). */
  secrets: SecretRecords;
  /** Agent keys (their hashes) and their requests of the current minute. */
  keys: KeyRecords;
  /** The served conversations, appended to as each turn goes. */
  conversations: ConversationRecords;
}

/** The folder store: flow files, publish records and workflows as files under one data folder. */
export function createFileStorage(paths: DataPaths, options: FlowStoreOptions = {}): Storage {
  const flows = createFlowStore(paths, options);
  const publishes = createPublishStore(paths);
  return {
    flows: {
      read: (planId, versionName) => flows.read(planId, versionName),
      readValid: (planId, versionName) => flows.readValid(planId, versionName),
      update: (planId, versionName, change) => flows.update(planId, versionName, change),
      listPlans: () => flows.listPlans(),
      async publish(planId, versionName, change, options = {}) {
        try {
          const { saved, value } = await flows.updateAlong(planId, versionName, change, ({ text, prompt }) =>
            publishes.prepare(planId, versionName, text, { prompt, ...options }),
          );
          return { saved, entry: value };
        } finally {
          // Written or not (a failed change may have been written in part), the next turn reads the records again.
          publishes.published(planId, versionName);
        }
      },
    },
    tests: createTestStore(paths, flows, options.faults),
    publishes: {
      list: (planId, versionName) => publishes.list(planId, versionName),
      flowOf: (planId, versionName, id) => publishes.flowOf(planId, versionName, id),
      latest: () => publishes.latest(),
      newestId: (planId, versionName) => publishes.newestId(planId, versionName),
    },
    workflows: createWorkflowStore(paths),
    // One server per folder: its sign-ins live in its memory.
    signIns: memorySessionRecords(),
    secrets: folderSecretRecords(paths.root),
    keys: folderKeyRecords(paths.root),
    conversations: folderConversationRecords(paths.root),
  };
}
