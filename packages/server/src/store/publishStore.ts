import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFlow, serializeFlow, type FlowDocument, type SystemPromptResponse } from '@flow/core';
import { isRecord } from '../guards.js';
import type { DataPaths } from './dataPaths.js';
import type { AlongWrites } from './journal.js';
import { isId } from '../ids.js';
import { REVALIDATE_MS, fileNames, folderNames, readTextFile } from './listing.js';

/** One publish of a plan version: the prompt as published and when. */
export interface PublishEntry extends SystemPromptResponse {
  /** The publish's id in every store: its time with `-` for `:` and `.` (`2026-11-25T10-00-00-000Z`). */
  id: string;
  publishedAt: string;
  /** The id of the earlier publish this one brought back, when it was a rollback. */
  rollbackOf?: string;
}

/** What a publish records besides the flow: its prompt, and the publish it rolls back to, if any. */
export interface PublishRequest {
  prompt: SystemPromptResponse;
  rollbackOf?: string;
}

/** The id of the publish made at `publishedAt` (an ISO time in UTC with milliseconds): `2026-11-25T10-00-00-000Z`. */
export const publishIdOf = (publishedAt: string): string => publishedAt.replace(/[:.]/g, '-');

const PUBLISH_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/;

/** The publish time a publish id names; null for anything else (so an id never reaches a path unchecked). */
export function publishedAtOfId(id: string): string | null {
  const match = PUBLISH_ID.exec(id);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis] = match;
  return `${day ?? ''}T${hours ?? ''}:${minutes ?? ''}:${seconds ?? ''}.${millis ?? ''}Z`;
}

/** The file of a publish record in the folder store (the name records have always had). */
export const recordFileOf = (publishedAt: string): string => `${publishedAt.replace(/:/g, '-')}.json`;

/** The publish time of the same moment as `time`, or the first free millisecond after it. */
export function nextPublishTime(time: number, taken: (publishedAt: string) => boolean | Promise<boolean>): Promise<string> {
  const next = async (t: number): Promise<string> => {
    const publishedAt = new Date(t).toISOString();
    return (await taken(publishedAt)) ? next(t + 1) : publishedAt;
  };
  return next(time);
}

/** A publish entry of its parts, with the id its time gives. */
export function publishEntry(publishedAt: string, prompt: SystemPromptResponse, rollbackOf?: string): PublishEntry {
  return {
    id: publishIdOf(publishedAt),
    publishedAt,
    system_message: prompt.system_message,
    system_message_prefix: prompt.system_message_prefix,
    system_message_suffix: prompt.system_message_suffix,
    ...(rollbackOf === undefined ? {} : { rollbackOf }),
  };
}

/**
 * The bytes of a publish record as the folder store keeps it and `flowctl db export` writes it:
 * the entry (without its id, which the file name holds) and the flow as it was published.
 */
export function publishRecordText(entry: PublishEntry, flowText: string | null): string {
  const { id: _id, ...fields } = entry;
  if (flowText === null) return `${JSON.stringify(fields, null, 2)}\n`;
  const flow: unknown = JSON.parse(flowText);
  return `${JSON.stringify({ ...fields, flow }, null, 2)}\n`;
}

/** A publish record's entry and its flow (unchecked), or null when the bytes are not one. */
export function parsePublishRecord(text: string): { entry: PublishEntry; flow: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (
    !isRecord(value) ||
    typeof value.publishedAt !== 'string' ||
    typeof value.system_message !== 'string' ||
    typeof value.system_message_prefix !== 'string' ||
    typeof value.system_message_suffix !== 'string' ||
    (value.rollbackOf !== undefined && typeof value.rollbackOf !== 'string')
  ) {
    return null;
  }
  const entry = publishEntry(
    value.publishedAt,
    {
      system_message: value.system_message,
      system_message_prefix: value.system_message_prefix,
      system_message_suffix: value.system_message_suffix,
    },
    value.rollbackOf,
  );
  return { entry, flow: value.flow };
}

/**
 * The canonical text of a record's flow; null when it has none (records written before publishes
 * kept their flow cannot be rolled back to) or it is not a valid flow.
 */
export function publishedFlowText(flow: unknown): string | null {
  if (flow === undefined) return null;
  const parsed = parseFlow(JSON.stringify(flow));
  return parsed.ok ? serializeFlow(parsed.doc) : null;
}

/** A published plan version and its last publish (what the served routes list as an agent). */
export interface PublishedVersion {
  planId: string;
  versionName: string;
  entry: PublishEntry;
}

/** By plan id, then version name, in code-unit order (the same in every store, whatever a database's collation). */
export const byPlanAndVersion = (a: PublishedVersion, b: PublishedVersion): number =>
  a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : a.versionName < b.versionName ? -1 : a.versionName > b.versionName ? 1 : 0;

/** Newest first. */
export const newestFirst = (a: PublishEntry, b: PublishEntry): number =>
  a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0;

export interface PublishStore {
  /**
   * The record of a publish now, as a file to write in the same atomic change as the flow (see
   * `FlowStore.updateAlong`, whose per-flow queue it must run in); two publishes in the same
   * millisecond get distinct times.
   */
  prepare(planId: string, versionName: string, flowText: string, request: PublishRequest): Promise<AlongWrites<PublishEntry>>;
  /** Every publish of a version, newest first. */
  list(planId: string, versionName: string): Promise<PublishEntry[]>;
  /** The flow as a publish stored it; null when there is no such publish or it kept no flow. */
  flowOf(planId: string, versionName: string, id: string): Promise<string | null>;
  /** Every plan version published at least once, with its last publish, by plan then version. */
  latest(): Promise<PublishedVersion[]>;
  /**
   * The id of a version's newest publish, from the records' names alone; null when it has none.
   * Every served turn asks: a kept id is given at once, and once older than REVALIDATE_MS the names
   * are read again meanwhile for the turns after (a publish written outside this server is seen by
   * those). After `published`, the next turn waits for the names read again.
   */
  newestId(planId: string, versionName: string): Promise<string | null>;
  /** Says a publish of the version was just written (its change committed): the next `newestId` reads the records again. */
  published(planId: string, versionName: string): void;
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** The prompt a flow document publishes: its system prompt, context (prefix) and notes (suffix). */
export function promptOf(doc: FlowDocument): SystemPromptResponse {
  return { system_message: doc.systemPrompt, system_message_prefix: doc.agentContext, system_message_suffix: doc.agentNotes };
}

/** The publish history under `<plan>/published/<version>/<publishedAt with - for :>.json`. */
export function createPublishStore(
  paths: DataPaths,
  now: () => Date = () => new Date(),
  /** Test seam: how a version's record names are listed (newestId's reads). */
  listNames: (folder: string) => Promise<string[]> = fileNames,
): PublishStore {
  const fileOf = (planId: string, versionName: string, publishedAt: string): string =>
    join(paths.published(planId, versionName), recordFileOf(publishedAt));
  // Each version's newest publish id as last read, and when; the versions are few (the served ones).
  const newestIds = new Map<string, { id: string | null; checkedAt: number }>();
  // The reads of the names under way, each with the count of publishes it began after.
  const readingIds = new Map<string, { id: Promise<string | null>; seen: number }>();
  let publishesSeen = 0;
  /** Reads the version's newest publish id and keeps it; turns that ask meanwhile share the read, unless this server published since it began. */
  function readIds(key: string, planId: string, versionName: string): Promise<string | null> {
    const shared = readingIds.get(key);
    if (shared !== undefined && shared.seen === publishesSeen) return shared.id;
    const seen = publishesSeen;
    const started = performance.now();
    const id = readNewestId(planId, versionName).then((found) => {
      // Not kept when a publish was written meanwhile: the names may have been read before it.
      if (publishesSeen === seen) newestIds.set(key, { id: found, checkedAt: started });
      return found;
    });
    const reading = { id, seen };
    readingIds.set(key, reading);
    const done = (): void => {
      if (readingIds.get(key) === reading) readingIds.delete(key);
    };
    id.then(done, done);
    return id;
  }
  /** The id of the version's newest publish, from its records' names. */
  async function readNewestId(planId: string, versionName: string): Promise<string | null> {
    // A record's file is named by its time (recordFileOf): the greatest name is the newest publish.
    const names = (await listNames(paths.published(planId, versionName))).filter((name) => name.endsWith('.json'));
    const newest = names.sort().at(-1);
    return newest === undefined ? null : publishIdOf(newest.slice(0, -'.json'.length));
  }
  return {
    async prepare(planId, versionName, flowText, request) {
      const publishedAt = await nextPublishTime(now().getTime(), (at) => exists(fileOf(planId, versionName, at)));
      const entry = publishEntry(publishedAt, request.prompt, request.rollbackOf);
      const text = publishRecordText(entry, flowText);
      return { writes: [{ path: fileOf(planId, versionName, publishedAt), text }], value: entry };
    },
    async list(planId, versionName) {
      const folder = paths.published(planId, versionName);
      const names = (await fileNames(folder)).filter((name) => name.endsWith('.json'));
      const entries: PublishEntry[] = [];
      for (const name of names) {
        const text = await readTextFile(join(folder, name));
        const record = text === null ? null : parsePublishRecord(text);
        if (record) entries.push(record.entry);
      }
      return entries.sort(newestFirst);
    },
    async flowOf(planId, versionName, id) {
      const publishedAt = publishedAtOfId(id);
      if (publishedAt === null) return null;
      const text = await readTextFile(fileOf(planId, versionName, publishedAt));
      const record = text === null ? null : parsePublishRecord(text);
      return record ? publishedFlowText(record.flow) : null;
    },
    newestId(planId, versionName) {
      const key = `${planId}/${versionName}`;
      const kept = newestIds.get(key);
      if (kept !== undefined) {
        // A turn never waits for the disk while an id is kept: turns that come together each go on to their model at once.
        if (performance.now() - kept.checkedAt >= REVALIDATE_MS)
          readIds(key, planId, versionName).catch(() => {
            // Not trusted after a failed read: the next turn reads the names itself, and says what is wrong.
            if (newestIds.get(key) === kept) newestIds.delete(key);
          });
        return Promise.resolve(kept.id);
      }
      return readIds(key, planId, versionName);
    },
    published(planId, versionName) {
      publishesSeen++;
      newestIds.delete(`${planId}/${versionName}`);
    },
    async latest() {
      const found: PublishedVersion[] = [];
      for (const planId of (await folderNames(paths.root)).filter(isId)) {
        for (const versionName of (await folderNames(join(paths.plan(planId), 'published'))).filter(isId)) {
          const folder = paths.published(planId, versionName);
          // A record's file is named by its time: the newest name that holds a record is the last publish.
          const names = (await fileNames(folder))
            .filter((name) => name.endsWith('.json'))
            .sort()
            .reverse();
          for (const name of names) {
            const text = await readTextFile(join(folder, name));
            const record = text === null ? null : parsePublishRecord(text);
            if (record === null) continue;
            found.push({ planId, versionName, entry: record.entry });
            break;
          }
        }
      }
      return found.sort(byPlanAndVersion);
    },
  };
}
