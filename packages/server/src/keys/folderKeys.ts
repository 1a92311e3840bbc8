import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../guards.js';
import { writeAtomic } from '../store/atomicWrite.js';
import { serialized } from '../store/fileQueue.js';
import type { AgentKeyRecord, KeyRecords } from './keyRecords.js';

/** The agent keys' folder inside a data folder: a dot folder (no listing shows it), ignored by git, mode 700. */
export const KEYS_FOLDER = '.flow-keys';
const FORMAT = 'flow-keys/1';

const isMissing = (error: unknown): boolean => error instanceof Error && 'code' in error && error.code === 'ENOENT';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function recordsOf(value: unknown): AgentKeyRecord[] {
  if (!isRecord(value) || !Array.isArray(value.keys)) return [];
  return value.keys.flatMap((item: unknown): AgentKeyRecord[] => {
    if (!isRecord(item)) return [];
    const { name, hash, prefix, agents, origins, rate, created, lastUsed } = item;
    if (typeof name !== 'string' || typeof hash !== 'string' || typeof prefix !== 'string' || typeof created !== 'string') return [];
    if (!isStrings(agents) || !isStrings(origins) || typeof rate !== 'number') return [];
    return [{ name, hash, prefix, agents, origins, rate, created, lastUsed: typeof lastUsed === 'string' ? lastUsed : null }];
  });
}

/** The file of a data folder's agent keys. */
export function keysFile(root: string): string {
  return join(root, KEYS_FOLDER, 'keys.json');
}

/**
 * Agent keys in one file of the data folder (mode 600), written atomically, one change at a time.
 * One server owns a folder (its lock), so the keys it wrote are kept in its memory too and its
 * requests are counted there; the last use is written at most once a minute per key.
 */
export function folderKeyRecords(root: string): KeyRecords {
  const file = keysFile(root);
  const folder = join(root, KEYS_FOLDER);
  let loaded: Promise<AgentKeyRecord[]> | undefined;
  const counts = new Map<string, { minute: number; count: number }>();

  async function read(): Promise<AgentKeyRecord[]> {
    try {
      return recordsOf(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }
  const current = (): Promise<AgentKeyRecord[]> => {
    loaded ??= read();
    // A failed read is not kept: the next call reads again.
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
  async function write(records: AgentKeyRecord[]): Promise<void> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // git never picks the folder up, even inside a repository's flows folder.
    await writeFile(join(folder, '.gitignore'), '*\n', { flag: 'wx', mode: 0o600 }).catch((error: unknown) => {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    });
    await writeAtomic(file, `${JSON.stringify({ format: FORMAT, keys: records }, null, 2)}\n`, 0o600);
  }
  const change = <T>(task: (records: AgentKeyRecord[]) => { next: AgentKeyRecord[] | null; result: T }): Promise<T> =>
    serialized(file, async () => {
      const { next, result } = task(await current());
      if (next !== null) {
        await write(next);
        loaded = Promise.resolve(next);
      }
      return result;
    });
  const minuteOf = (iso: string | null): number => (iso === null ? -1 : Math.floor(Date.parse(iso) / 60_000));

  return {
    list: current,
    add: (record) =>
      change((records) =>
        records.some((r) => r.name === record.name) ? { next: null, result: false } : { next: [...records, record], result: true },
      ),
    delete: (name) =>
      change((records) => {
        const kept = records.filter((r) => r.name !== name);
        if (kept.length === records.length) return { next: null, result: false };
        counts.delete(name);
        return { next: kept, result: true };
      }),
    byHash: async (hash) => (await current()).find((record) => record.hash === hash) ?? null,
    async use(name, minute, now) {
      const record = (await current()).find((r) => r.name === name);
      if (record === undefined) return null;
      const seen = counts.get(name);
      const count = seen?.minute === minute ? seen.count + 1 : 1;
      counts.set(name, { minute, count });
      const persist = minuteOf(record.lastUsed) !== minuteOf(now);
      record.lastUsed = now;
      if (persist) await change((records) => ({ next: records, result: undefined }));
      return count;
    },
    anyAllowsOrigin: async (origin) => (await current()).some((record) => record.origins.includes(origin)),
  };
}
