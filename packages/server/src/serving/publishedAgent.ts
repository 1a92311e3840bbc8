import { parseFlow, type FlowDocument } from '@flow/core';
import { prepareFlow, type PreparedFlow } from '@flow/runtime';
import { isId } from '../ids.js';
import type { PublishHistory } from '../store/storage.js';

/** The flow a plan version serves: what its last publish (Play, `flowctl publish` or a rollback) stored. */
export interface PublishedAgent {
  planId: string;
  versionName: string;
  /** The id of the publish it comes from. */
  publishId: string;
  doc: FlowDocument;
  /** The flow compiled once for every turn it serves. */
  flow: PreparedFlow;
}

/**
 * The last published flow of a plan version, never the saved draft: each publish record keeps the
 * flow as published (folder: `published/<version>/<time>.json`, database: `publishes.flow_text`),
 * written in the same atomic change as the publish. Null for a version never published, a record
 * that kept no flow (written before publishes kept one: publish again) or ids that are not ids.
 */
export async function publishedAgent(publishes: PublishHistory, planId: string, versionName: string): Promise<PublishedAgent | null> {
  if (!isId(planId) || !isId(versionName)) return null;
  const [latest] = await publishes.list(planId, versionName);
  if (latest === undefined) return null;
  const text = await publishes.flowOf(planId, versionName, latest.id);
  const parsed = text === null ? null : parseFlow(text);
  if (!parsed?.ok) return null;
  return { planId, versionName, publishId: latest.id, doc: parsed.doc, flow: prepareFlow(parsed.doc) };
}

/** Plan versions whose published flow is kept parsed at most (the served ones are few). */
const CACHED_AGENTS = 64;

/**
 * `publishedAgent` with each version's parsed flow kept while its newest publish stays the same:
 * a turn reads the records' names only (their newest id), not every record and the flow again.
 */
export function cachedPublishedAgents(publishes: PublishHistory) {
  const cache = new Map<string, PublishedAgent>();
  return async (planId: string, versionName: string): Promise<PublishedAgent | null> => {
    if (!isId(planId) || !isId(versionName)) return null;
    const key = `${planId}/${versionName}`;
    const newest = await publishes.newestId(planId, versionName);
    const kept = cache.get(key);
    if (kept !== undefined && kept.publishId === newest) return kept;
    const agent = await publishedAgent(publishes, planId, versionName);
    cache.delete(key);
    if (agent === null) return null;
    cache.set(key, agent);
    // The oldest kept version goes first (a Map keeps insertion order).
    for (const old of cache.keys()) {
      if (cache.size <= CACHED_AGENTS) break;
      cache.delete(old);
    }
    return agent;
  };
}
