import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { emptyFlow, parseFlow, serializeFlow, type FlowDocument, type Finding } from '@flow/core';
import { HttpError, flowNotFound } from '../http/HttpError.js';
import { etagOf } from '../http/respond.js';
import { isId } from '../ids.js';
import { createByteLru, type CacheUsage } from './byteLru.js';
import { FLOW_SUFFIX, type DataPaths } from './dataPaths.js';
import { serialized } from './fileQueue.js';
import { commitWrites, settleJournal, type FileWrite, type StoreFaults } from './journal.js';
import { fileNames, folderNames, isMissing } from './listing.js';

/** A flow as stored: its bytes, their ETag, and the document when the bytes are a valid flow. */
export interface StoredFlow {
  exists: boolean;
  text: string;
  etag: string;
  doc: FlowDocument | null;
  findings: Finding[];
}

/** A loaded flow whose document is known to be valid. */
export type ValidFlow = StoredFlow & { doc: FlowDocument };

/** A plan and its version names, as GET /api/plans lists them, with what the home page shows. */
export interface PlanSummary {
  planId: string;
  versions: string[];
  /** When a version of the plan last changed (ISO 8601); null when none can be read. */
  updatedAt: string | null;
  /** Nodes of the production version, else of the first version; null when it is not a valid flow. */
  nodeCount: number | null;
}

/** Files written in the same atomic change as a flow, and what the caller makes of them. */
export interface AlongWrites<T> {
  writes: FileWrite[];
  value: T;
}

export interface FlowStore {
  /** The stored flow; a version never written is the empty flow, with `exists: false`. */
  read(planId: string, versionName: string): Promise<StoredFlow>;
  /** Like `read`, refusing a version never written (404 FLOW_NOT_FOUND) and a stored file that is not a valid flow (422). */
  readValid(planId: string, versionName: string): Promise<ValidFlow>;
  /** Replaces the flow with `change(current)`, serialized per file; a throw writes nothing. */
  update(planId: string, versionName: string, change: (current: StoredFlow) => FlowDocument): Promise<ValidFlow>;
  /**
   * Like `update`, and writes the files `alongside(newDoc)` gives in the same atomic change (one
   * journal): after a crash, either all of them or none are seen.
   */
  updateAlong<T>(
    planId: string,
    versionName: string,
    change: (current: StoredFlow) => FlowDocument,
    alongside: (doc: FlowDocument) => Promise<AlongWrites<T>>,
  ): Promise<{ saved: ValidFlow; value: T }>;
  /** Every plan folder with its version names, sorted. */
  listPlans(): Promise<PlanSummary[]>;
  /** How much of its byte budget the cache of flows uses. */
  cacheUsage(): CacheUsage;
}

export interface FlowStoreOptions {
  /** The budget of the cache of flows, in characters of flow text. Default 64 MiB. */
  cacheBytes?: number;
  /** Test seam: called after each step of an atomic change. */
  faults?: StoreFaults;
}

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The flow of some stored bytes with their ETag (the folder store's hashes the bytes, the database's
 * is the row's version); the place names it, whatever plan or version the bytes say.
 */
export function storedOf(text: string, etag: string, exists: boolean, planId: string, versionName: string): StoredFlow {
  const parsed = parseFlow(text);
  return parsed.ok
    ? { exists, text, etag, doc: { ...parsed.doc, planId, versionName }, findings: parsed.findings }
    : { exists, text, etag, doc: null, findings: parsed.findings };
}

/** The 422 of a stored file that is not a valid flow (hand-edited, say). */
export function requireValid(stored: StoredFlow): ValidFlow {
  const { doc } = stored;
  if (doc !== null) return { ...stored, doc };
  throw new HttpError(422, 'STORED_FLOW_INVALID', 'The stored flow file is not a valid flow: fix or replace it', {
    extra: { findings: stored.findings },
  });
}

/** What `readValid` answers for a stored flow: 404 for a version never written, 422 for one that is not a valid flow. */
export function existingValid(stored: StoredFlow, planId: string, versionName: string): ValidFlow {
  if (!stored.exists) throw flowNotFound(planId, versionName);
  return requireValid(stored);
}

const signature = (s: Stats): string => `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;

/**
 * How long a cached file is trusted before its stat is checked again. Writes through this server
 * update the cache at once; a change made outside it (an editor, git) is seen within this time.
 */
export const REVALIDATE_MS = 100;

/** Flow documents under a data folder, with a cache keyed by each file's stat and bounded in bytes. */
export function createFlowStore(paths: DataPaths, options: FlowStoreOptions = {}): FlowStore {
  const cache = createByteLru<{ key: string; stored: StoredFlow; checkedAt: number }>(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
  const missing = (planId: string, versionName: string): StoredFlow => {
    const text = serializeFlow(emptyFlow(planId, versionName));
    return storedOf(text, etagOf(text), false, planId, versionName);
  };

  /** The stored flow at `path`; `revalidate` checks the file even when the cache is recent. */
  async function readPath(path: string, planId: string, versionName: string, revalidate = false): Promise<StoredFlow> {
    const cached = cache.get(path);
    const now = performance.now();
    if (cached && !revalidate && now - cached.checkedAt < REVALIDATE_MS) return cached.stored;
    let info: Stats;
    try {
      info = await stat(path);
    } catch (error) {
      if (!isMissing(error)) throw error;
      cache.delete(path);
      return missing(planId, versionName);
    }
    const key = signature(info);
    if (cached?.key === key) {
      cached.checkedAt = now;
      return cached.stored;
    }
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (!isMissing(error)) throw error;
      return missing(planId, versionName);
    }
    const stored = storedOf(text, etagOf(text), true, planId, versionName);
    cache.set(path, { key, stored, checkedAt: now }, text.length);
    return stored;
  }

  const read = (planId: string, versionName: string): Promise<StoredFlow> => readPath(paths.flow(planId, versionName), planId, versionName);

  function updateAlong<T>(
    planId: string,
    versionName: string,
    change: (current: StoredFlow) => FlowDocument,
    alongside: (doc: FlowDocument) => Promise<AlongWrites<T>>,
  ): Promise<{ saved: ValidFlow; value: T }> {
    const path = paths.flow(planId, versionName);
    const journal = paths.journal(planId, versionName);
    return serialized(path, async () => {
      // A change a failed write left half done is finished before anything else touches the flow.
      await settleJournal(paths.root, journal);
      // Always against the file itself: an If-Match must see a change made outside just now.
      const current = await readPath(path, planId, versionName, true);
      // The path names the flow: a document copied from another version is stored as this one.
      const doc: FlowDocument = { ...change(current), planId, versionName };
      const text = serializeFlow(doc);
      const along = await alongside(doc);
      if (current.exists && text === current.text && current.doc) {
        await commitWrites(paths.root, journal, along.writes, options.faults);
        return { saved: { ...current, doc: current.doc }, value: along.value };
      }
      await commitWrites(paths.root, journal, [{ path, text }, ...along.writes], options.faults);
      const stored: ValidFlow = { exists: true, text, etag: etagOf(text), doc, findings: [] };
      cache.set(path, { key: signature(await stat(path)), stored, checkedAt: performance.now() }, text.length);
      return { saved: stored, value: along.value };
    });
  }

  return {
    read,
    async readValid(planId, versionName) {
      return existingValid(await read(planId, versionName), planId, versionName);
    },
    async update(planId, versionName, change) {
      const nothing = async (): Promise<AlongWrites<null>> => ({ writes: [], value: null });
      return (await updateAlong(planId, versionName, change, nothing)).saved;
    },
    updateAlong,
    async listPlans() {
      const plans: PlanSummary[] = [];
      for (const planId of await folderNames(paths.root)) {
        if (!isId(planId)) continue;
        const versions = (await fileNames(paths.plan(planId)))
          .filter((name) => name.endsWith(FLOW_SUFFIX))
          .map((name) => name.slice(0, -FLOW_SUFFIX.length))
          .filter(isId)
          .sort();
        const times = await Promise.all(
          versions.map((v) =>
            stat(paths.flow(planId, v)).then(
              (s) => s.mtimeMs,
              () => 0,
            ),
          ),
        );
        const latest = Math.max(0, ...times);
        const shown = versions.includes('production') ? 'production' : versions[0];
        const doc = shown === undefined ? null : (await read(planId, shown)).doc;
        plans.push({
          planId,
          versions,
          updatedAt: latest > 0 ? new Date(latest).toISOString() : null,
          nodeCount: doc?.nodes.length ?? null,
        });
      }
      return plans.sort((a, b) => (a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0));
    },
    cacheUsage: () => cache.usage(),
  };
}
