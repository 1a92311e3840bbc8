import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { FlowDocument, SystemPromptResponse } from '@flow/core';
import { isRecord } from '../guards.js';
import type { DataPaths } from './dataPaths.js';
import type { AlongWrites } from './flowStore.js';
import { fileNames, readJsonFile } from './listing.js';

/** One publish of a plan version: the prompt as published and when. */
export interface PublishEntry extends SystemPromptResponse {
  publishedAt: string;
}

export interface PublishStore {
  /**
   * The entry of a publish now, as a file to write in the same atomic change as the flow (see
   * `FlowStore.updateAlong`, whose per-flow queue it must run in); two publishes in the same
   * millisecond get distinct times.
   */
  prepare(planId: string, versionName: string, prompt: SystemPromptResponse): Promise<AlongWrites<PublishEntry>>;
  /** Every publish of a version, newest first. */
  list(planId: string, versionName: string): Promise<PublishEntry[]>;
}

const fileNameOf = (publishedAt: string): string => `${publishedAt.replace(/:/g, '-')}.json`;

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

function isEntry(value: unknown): value is PublishEntry {
  return (
    isRecord(value) &&
    typeof value.publishedAt === 'string' &&
    typeof value.system_message === 'string' &&
    typeof value.system_message_prefix === 'string' &&
    typeof value.system_message_suffix === 'string'
  );
}

/** The prompt a flow document publishes: its system prompt, context (prefix) and notes (suffix). */
export function promptOf(doc: FlowDocument): SystemPromptResponse {
  return { system_message: doc.systemPrompt, system_message_prefix: doc.agentContext, system_message_suffix: doc.agentNotes };
}

/** The publish history under `<plan>/published/<version>/<timestamp>.json`. */
export function createPublishStore(paths: DataPaths, now: () => Date = () => new Date()): PublishStore {
  return {
    async prepare(planId, versionName, prompt) {
      const folder = paths.published(planId, versionName);
      let time = now().getTime();
      while (await exists(join(folder, fileNameOf(new Date(time).toISOString())))) time += 1;
      const entry: PublishEntry = {
        publishedAt: new Date(time).toISOString(),
        system_message: prompt.system_message,
        system_message_prefix: prompt.system_message_prefix,
        system_message_suffix: prompt.system_message_suffix,
      };
      return { writes: [{ path: join(folder, fileNameOf(entry.publishedAt)), text: `${JSON.stringify(entry, null, 2)}\n` }], value: entry };
    },
    async list(planId, versionName) {
      const folder = paths.published(planId, versionName);
      const names = (await fileNames(folder)).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
      const entries: PublishEntry[] = [];
      for (const name of names) {
        const value = await readJsonFile(join(folder, name));
        if (isEntry(value)) entries.push(value);
      }
      return entries.sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0));
    },
  };
}
