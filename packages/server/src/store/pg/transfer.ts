// `flowctl db import <dir>` and `flowctl db export <dir>`: a whole folder store to and from a
// PostgreSQL database, losslessly. Flows, their tests, workflows and sessions keep their bytes; publish records
// are rewritten in the one form both stores use, so a folder the provider wrote comes back
// byte-identical. Import is one transaction (all or nothing) into a database without flows;
// export writes into a folder that is empty or missing.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CASSETTE_SUFFIX, FLOWTEST_SUFFIX } from '@flow/core';
import type { Sql } from 'postgres';
import { isId } from '../../ids.js';
import { isStoredWorkflow } from '../../workflowInput.js';
import { writeAtomic } from '../atomicWrite.js';
import { FLOW_SUFFIX, dataPaths } from '../dataPaths.js';
import { fileNames, folderNames } from '../listing.js';
import { parsePublishRecord, publishRecordText, publishedAtOfId, publishedFlowText, recordFileOf } from '../publishStore.js';
import { isSession } from '../workflowStore.js';
import { entryOfRow, insertPublish, openPgStorage, parseJson, type PublishRow } from './pgStorage.js';

/** What moved: counts of each kind, and the files left out (not data of the store) with why. */
export interface TransferReport {
  flows: number;
  /** Versions whose tests (a *.flowtest.json and its cassette) moved with them. */
  tests: number;
  publishes: number;
  workflows: number;
  sessions: number;
  skipped: { file: string; reason: string }[];
}

/** Refusal to import or export: the target is not empty, say. */
export class TransferError extends Error {
  override name = 'TransferError';
}

const emptyReport = (): TransferReport => ({ flows: 0, tests: 0, publishes: 0, workflows: 0, sessions: 0, skipped: [] });

/** Copies the folder store at `dir` into the database (migrated, without flows), in one transaction. */
export async function importFolder(sql: Sql, dir: string): Promise<TransferReport> {
  const paths = dataPaths(dir);
  const report = emptyReport();
  const relative = (...parts: string[]): string => parts.join('/');
  return sql.begin(async (tx) => {
    const [held] = await tx<{ count: number }[]>`select count(*)::int as count from flows`;
    const count = held?.count ?? 0;
    if (count > 0)
      throw new TransferError(`The database already holds ${count} flow${count === 1 ? '' : 's'}: import into an empty database`);
    for (const planId of await folderNames(paths.root)) {
      if (!isId(planId)) {
        report.skipped.push({ file: planId, reason: 'not a plan id' });
        continue;
      }
      const names = await fileNames(paths.plan(planId));
      const flows = new Set<string>();
      for (const name of names) {
        // Tests go in after every flow, since a tests row needs its flow's.
        if (name.endsWith(FLOWTEST_SUFFIX) || name.endsWith(CASSETTE_SUFFIX)) continue;
        const versionName = name.endsWith(FLOW_SUFFIX) ? name.slice(0, -FLOW_SUFFIX.length) : '';
        if (!isId(versionName)) {
          report.skipped.push({ file: relative(planId, name), reason: 'not a <version>.flow.json file' });
          continue;
        }
        const text = await readFile(paths.flow(planId, versionName), 'utf8');
        // The bytes as they are, even of a hand-edited file that is not a valid flow: the provider answers it as the folder store does.
        await tx`insert into flows (plan_id, version_name, text, version) values (${planId}, ${versionName}, ${text}, 1)`;
        flows.add(versionName);
        report.flows += 1;
      }
      for (const name of names) {
        const suffix = name.endsWith(FLOWTEST_SUFFIX) ? FLOWTEST_SUFFIX : name.endsWith(CASSETTE_SUFFIX) ? CASSETTE_SUFFIX : null;
        if (suffix === null) continue;
        const versionName = name.slice(0, -suffix.length);
        if (!flows.has(versionName) || (suffix === CASSETTE_SUFFIX && !names.includes(`${versionName}${FLOWTEST_SUFFIX}`))) {
          report.skipped.push({ file: relative(planId, name), reason: 'not the tests of a flow beside it' });
          continue;
        }
        if (suffix === CASSETTE_SUFFIX) continue;
        // The bytes as they are, as for flows: the provider answers hand-edited files as the folder store does.
        const flowtest = await readFile(paths.flowtest(planId, versionName), 'utf8');
        const cassette = names.includes(`${versionName}${CASSETTE_SUFFIX}`)
          ? await readFile(paths.cassette(planId, versionName), 'utf8')
          : null;
        await tx`
          insert into flow_tests (plan_id, version_name, flowtest, cassette, version)
          values (${planId}, ${versionName}, ${flowtest}, ${cassette}, 1)`;
        report.tests += 1;
      }
      for (const versionName of await folderNames(join(paths.plan(planId), 'published'))) {
        if (!isId(versionName)) continue;
        const folder = paths.published(planId, versionName);
        for (const name of await fileNames(folder)) {
          const record = parsePublishRecord(await readFile(join(folder, name), 'utf8'));
          if (record === null) {
            report.skipped.push({ file: relative(planId, 'published', versionName, name), reason: 'not a publish record' });
            continue;
          }
          await insertPublish(tx, planId, versionName, record.entry, publishedFlowText(record.flow));
          report.publishes += 1;
        }
      }
      for (const kind of ['workflows', 'sessions'] as const) {
        const folder = paths[kind](planId);
        for (const name of await fileNames(folder)) {
          const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
          const text = await readFile(join(folder, name), 'utf8');
          const value = parseJson(text);
          const fits = kind === 'workflows' ? isStoredWorkflow(value) && value.id === id : isSession(value) && value.id === id;
          if (!isId(id) || !fits) {
            report.skipped.push({
              file: relative(planId, kind, name),
              reason: `not a stored ${kind === 'workflows' ? 'workflow' : 'session'}`,
            });
            continue;
          }
          if (kind === 'workflows') await tx`insert into workflows (plan_id, id, body) values (${planId}, ${id}, ${text})`;
          else await tx`insert into sessions (plan_id, id, body) values (${planId}, ${id}, ${text})`;
          report[kind] += 1;
        }
      }
    }
    return report;
  });
}

type PublishExportRow = PublishRow & { plan_id: string; version_name: string; flow_text: string | null };

/** Writes every flow, publish, workflow and session of the database as a folder store at `dir` (empty or missing). */
export async function exportFolder(sql: Sql, dir: string): Promise<TransferReport> {
  const present = await readdir(dir).catch(() => []);
  if (present.length > 0) throw new TransferError(`${dir} is not empty: export into a new or empty folder`);
  const paths = dataPaths(dir);
  const report = emptyReport();
  // One snapshot of the whole database, even while servers write to it.
  const rows = await sql.begin('isolation level repeatable read read only', async (tx) => ({
    flows: await tx<{ plan_id: string; version_name: string; text: string }[]>`select plan_id, version_name, text from flows`,
    tests: await tx<{ plan_id: string; version_name: string; flowtest: string; cassette: string | null }[]>`
      select plan_id, version_name, flowtest, cassette from flow_tests`,
    publishes: await tx<PublishExportRow[]>`select * from publishes`,
    workflows: await tx<{ plan_id: string; id: string; body: string }[]>`select plan_id, id, body from workflows`,
    sessions: await tx<{ plan_id: string; id: string; body: string }[]>`select plan_id, id, body from sessions`,
  }));
  for (const row of rows.flows) {
    await writeAtomic(paths.flow(row.plan_id, row.version_name), row.text);
    report.flows += 1;
  }
  for (const row of rows.tests) {
    await writeAtomic(paths.flowtest(row.plan_id, row.version_name), row.flowtest);
    if (row.cassette !== null) await writeAtomic(paths.cassette(row.plan_id, row.version_name), row.cassette);
    report.tests += 1;
  }
  for (const row of rows.publishes) {
    const entry = entryOfRow(row);
    // Only a time the stores made names a file.
    if (publishedAtOfId(entry.id) !== entry.publishedAt) {
      report.skipped.push({
        file: `${row.plan_id}/published/${row.version_name}`,
        reason: `a publish time the stores do not make: ${entry.publishedAt}`,
      });
      continue;
    }
    const file = join(paths.published(row.plan_id, row.version_name), recordFileOf(entry.publishedAt));
    await writeAtomic(file, publishRecordText(entry, row.flow_text));
    report.publishes += 1;
  }
  for (const row of rows.workflows) {
    await writeAtomic(paths.workflow(row.plan_id, row.id), row.body);
    report.workflows += 1;
  }
  for (const row of rows.sessions) {
    await writeAtomic(paths.session(row.plan_id, row.id), row.body);
    report.sessions += 1;
  }
  return report;
}

/** Opens the database at `url` (migrating it), runs `work`, and closes it. */
async function withDatabase<T>(url: string, work: (sql: Sql) => Promise<T>): Promise<T> {
  const storage = await openPgStorage(url, { max: 2 });
  try {
    return await work(storage.sql);
  } finally {
    await storage.close();
  }
}

/** `flowctl db import <dir>`: the folder store at `dir` into the database at `url`. */
export function importFolderToDatabase(dir: string, url: string): Promise<TransferReport> {
  return withDatabase(url, (sql) => importFolder(sql, dir));
}

/** `flowctl db export <dir>`: the database at `url` as a folder store at `dir`. */
export function exportDatabaseToFolder(url: string, dir: string): Promise<TransferReport> {
  return withDatabase(url, (sql) => exportFolder(sql, dir));
}
