import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isRecord } from '../guards.js';
import { join } from 'node:path';
import { writeAtomic } from '../store/atomicWrite.js';
import { serialized } from '../store/fileQueue.js';
import type { SecretRecord, SecretRecords } from './secretVault.js';

/** The secret store's folder inside a data folder: a dot folder (no listing shows it), ignored by git, mode 700. */
export const SECRETS_FOLDER = '.flow-secrets';
const FORMAT = 'flow-secrets/1';

const isMissing = (error: unknown): boolean => error instanceof Error && 'code' in error && error.code === 'ENOENT';

function recordsOf(value: unknown): SecretRecord[] {
  if (!isRecord(value) || !Array.isArray(value.secrets)) return [];
  return value.secrets.flatMap((item: unknown): SecretRecord[] => {
    if (!isRecord(item)) return [];
    const { name, sealed, updatedAt } = item;
    return typeof name === 'string' && typeof sealed === 'string' && typeof updatedAt === 'string' ? [{ name, sealed, updatedAt }] : [];
  });
}

/** The paths of a data folder's secret store: its records and, without FLOW_SECRETS_KEY, its key. */
export function secretPaths(root: string): { folder: string; records: string; key: string } {
  const folder = join(root, SECRETS_FOLDER);
  return { folder, records: join(folder, 'secrets.json'), key: join(folder, 'key') };
}

/**
 * Sealed secrets in one file of the data folder (mode 600), written atomically, one change at a time.
 * One server owns a folder (its lock), so the records it read or wrote are kept in its memory too:
 * a turn reads no file for its flow's secrets.
 */
export function folderSecretRecords(root: string): SecretRecords {
  const paths = secretPaths(root);
  let loaded: Promise<SecretRecord[]> | undefined;
  async function read(): Promise<SecretRecord[]> {
    try {
      return recordsOf(JSON.parse(await readFile(paths.records, 'utf8')));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }
  async function write(records: SecretRecord[]): Promise<void> {
    await mkdir(paths.folder, { recursive: true, mode: 0o700 });
    // git never picks the folder up, even inside a repository's flows folder.
    await writeFile(join(paths.folder, '.gitignore'), '*\n', { flag: 'wx', mode: 0o600 }).catch((error: unknown) => {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    });
    await writeAtomic(paths.records, `${JSON.stringify({ format: FORMAT, secrets: records }, null, 2)}\n`, 0o600);
  }
  const current = (): Promise<SecretRecord[]> => {
    loaded ??= read();
    // A failed read is not kept: the next call reads again.
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
  const change = <T>(task: (records: SecretRecord[]) => { next: SecretRecord[] | null; result: T }): Promise<T> =>
    serialized(paths.records, async () => {
      const { next, result } = task(await current());
      if (next !== null) {
        await write(next);
        loaded = Promise.resolve(next);
      }
      return result;
    });
  return {
    list: current,
    put: (record) =>
      change((records) => {
        const created = !records.some((r) => r.name === record.name);
        return { next: [...records.filter((r) => r.name !== record.name), record], result: created };
      }),
    delete: (name) =>
      change((records) => {
        const kept = records.filter((r) => r.name !== name);
        return kept.length === records.length ? { next: null, result: false } : { next: kept, result: true };
      }),
  };
}
