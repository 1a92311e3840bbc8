import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { emptyFlow, parseFlow, serializeFlow, type FlowDocument, type Finding, type SystemPromptResponse } from '@flow/core';
import { textOfBytes } from '../http/body.js';
import { HttpError, flowNotFound } from '../http/HttpError.js';
import { etagOf } from '../http/respond.js';
import { isId } from '../ids.js';
import { createByteLru, type CacheUsage } from './byteLru.js';
import { FLOW_SUFFIX, type DataPaths } from './dataPaths.js';
import { serialized } from './fileQueue.js';
import { commitWrites, settleJournal, type AlongWrites, type FileWrite, type StoreFaults } from './journal.js';
import { fileNames, folderNames, isMissing } from './listing.js';
import { promptOf } from './publishStore.js';
import { REVALIDATE_MS } from './listing.js';

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

/**
 * A flow a worker thread already checked and serialized (flowWork.ts): its canonical text as UTF-8
 * bytes (handed over, never copied as a string), the text's SHA-256 ETag and its prompt, so the store
 * needs neither the document nor the text on the main thread to write it.
 */
export interface PreparedFlow {
  prepared: true;
  /** The canonical text's UTF-8 bytes, for the file, the database and GET; decoded only when someone asks for the text. */
  bytes: Uint8Array;
  hash: string;
  prompt: SystemPromptResponse;
}

/** `bytes` decoded on first use and kept: a large flow's text is built on the main thread only if something needs it. */
function lazyText(bytes: Uint8Array): () => string {
  let text: string | undefined;
  return () => (text ??= textOfBytes(bytes));
}

/** What a change stores: a document, or a flow prepared off the main thread; it may wait (for a worker). */
export type FlowChange = (current: StoredFlow) => FlowDocument | PreparedFlow | Promise<FlowDocument | PreparedFlow>;

/** What a change wrote, as a publish record needs it. */
export interface WrittenFlow {
  text: string;
  prompt: SystemPromptResponse;
}

export interface FlowStore {
  /** The stored flow; a version never written is the empty flow, with `exists: false`. */
  read(planId: string, versionName: string): Promise<StoredFlow>;
  /** Like `read`, refusing a version never written (404 FLOW_NOT_FOUND) and a stored file that is not a valid flow (422). */
  readValid(planId: string, versionName: string): Promise<ValidFlow>;
  /** Replaces the flow with `change(current)`, serialized per file; a throw writes nothing. */
  update(planId: string, versionName: string, change: FlowChange): Promise<ValidFlow>;
  /**
   * Like `update`, and writes the files `alongside(written)` gives in the same atomic change (one
   * journal): after a crash, either all of them or none are seen.
   */
  updateAlong<T>(
    planId: string,
    versionName: string,
    change: FlowChange,
    alongside: (written: WrittenFlow) => Promise<AlongWrites<T>>,
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

/**
 * A valid flow known by its canonical text's bytes: the text is decoded, and the document parsed from
 * it, when first read, so a write prepared off the main thread builds neither on it.
 */
export function lazyValidFlow(bytes: Uint8Array, hash: string, etag: string, planId: string, versionName: string): ValidFlow {
  const textOf = lazyText(bytes);
  let doc: FlowDocument | undefined;
  const flow: ValidFlow = {
    exists: true,
    get text(): string {
      return textOf();
    },
    etag,
    findings: [],
    get doc(): FlowDocument {
      if (doc === undefined) {
        const text = textOf();
        const stored = storedOf(text, etag, true, planId, versionName);
        if (stored.doc === null) throw new Error(`the prepared flow ${planId}/${versionName} does not parse`);
        doc = stored.doc;
        canonicalTexts.set(doc, text);
      }
      return doc;
    },
  };
  knownValid.add(flow);
  canonicalBytes.set(flow, { bytes, hash });
  return flow;
}

// Flows made by lazyValidFlow: valid by construction, so checking them never parses them.
const knownValid = new WeakSet<StoredFlow>();
// Their canonical bytes and the bytes' SHA-256 ETag (etagOf), which the worker computed.
const canonicalBytes = new WeakMap<StoredFlow, { bytes: Uint8Array; hash: string }>();

const isKnownValid = (stored: StoredFlow): stored is ValidFlow => knownValid.has(stored);

/** The flow when it is valid, else null; a flow known valid is not parsed to say so. */
export function validFlow(stored: StoredFlow): ValidFlow | null {
  if (isKnownValid(stored)) return stored;
  const { doc } = stored;
  return doc === null ? null : { ...stored, doc };
}

/** What GET answers for a valid flow: its canonical text, as bytes already encoded when a worker prepared it. */
export function canonicalBody(stored: ValidFlow): string | Uint8Array {
  return canonicalBytes.get(stored)?.bytes ?? canonicalText(stored.doc);
}

/** A stored flow's text as a worker takes it: the bytes a worker prepared when known (no string is built), else the text. */
export function storedContent(stored: StoredFlow): string | Uint8Array {
  return canonicalBytes.get(stored)?.bytes ?? stored.text;
}

/**
 * What a change gives, made ready to store: its text (decoded from the bytes only when read), the
 * text's hash when already known, its prompt, and the flow it becomes under an ETag.
 */
export interface ChangeResult {
  readonly text: string;
  /** The text's UTF-8 bytes when a worker already encoded them. */
  bytes: Uint8Array | null;
  hash: string | null;
  prompt: SystemPromptResponse;
  saved(etag: string): ValidFlow;
}

/** The text `next` stores at the place of `planId`/`versionName` (the path names the flow, whatever the document says). */
export function changeResult(next: FlowDocument | PreparedFlow, planId: string, versionName: string): ChangeResult {
  if ('prepared' in next) {
    const { bytes, hash, prompt } = next;
    const textOf = lazyText(bytes);
    return {
      get text(): string {
        return textOf();
      },
      bytes,
      hash,
      prompt,
      saved: (etag) => lazyValidFlow(bytes, hash, etag, planId, versionName),
    };
  }
  const doc: FlowDocument = { ...next, planId, versionName };
  const text = serializeFlow(doc);
  canonicalTexts.set(doc, text);
  return { text, bytes: null, hash: null, prompt: promptOf(doc), saved: (etag) => ({ exists: true, text, etag, doc, findings: [] }) };
}

/**
 * Whether a change stores what `current` already holds: by the SHA-256 of both texts when a worker
 * prepared both (no 23 MB compare, nor string, on the main thread), else text against text.
 */
export function sameText(next: ChangeResult, current: StoredFlow): boolean {
  if (!current.exists) return false;
  const stored = canonicalBytes.get(current);
  if (next.hash !== null && stored !== undefined) return next.hash === stored.hash;
  return next.text === current.text;
}

/** What a written flow weighs in the cache's budget: its bytes when a worker prepared them (the text is built only if asked for), else its text. */
export const cachedSize = (written: ChangeResult): number => written.bytes?.byteLength ?? written.text.length;

const canonicalTexts = new WeakMap<FlowDocument, string>();

/** The canonical text of a document (serializeFlow), kept per document so a large flow is serialized once. */
export function canonicalText(doc: FlowDocument): string {
  let text = canonicalTexts.get(doc);
  if (text === undefined) {
    text = serializeFlow(doc);
    canonicalTexts.set(doc, text);
  }
  return text;
}

/** The 422 of a stored file that is not a valid flow (hand-edited, say). */
export function requireValid(stored: StoredFlow): ValidFlow {
  const valid = validFlow(stored);
  if (valid !== null) return valid;
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
    change: FlowChange,
    alongside: (written: WrittenFlow) => Promise<AlongWrites<T>>,
  ): Promise<{ saved: ValidFlow; value: T }> {
    const path = paths.flow(planId, versionName);
    const journal = paths.journal(planId, versionName);
    return serialized(path, async () => {
      // A change a failed write left half done is finished before anything else touches the flow.
      await settleJournal(paths.root, journal);
      // Always against the file itself: an If-Match must see a change made outside just now.
      const current = await readPath(path, planId, versionName, true);
      const next = changeResult(await change(current), planId, versionName);
      const along = await alongside(next);
      // The text is compared first: a stored document not yet parsed is parsed only when unchanged.
      const valid = sameText(next, current) ? validFlow(current) : null;
      if (valid !== null) {
        await commitWrites(paths.root, journal, along.writes, options.faults);
        return { saved: valid, value: along.value };
      }
      const flowWrite: FileWrite = next.bytes === null ? { path, text: next.text } : { path, bytes: next.bytes };
      await commitWrites(paths.root, journal, [flowWrite, ...along.writes], options.faults);
      const stored = next.saved(next.hash ?? etagOf(next.text));
      cache.set(path, { key: signature(await stat(path)), stored, checkedAt: performance.now() }, cachedSize(next));
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
