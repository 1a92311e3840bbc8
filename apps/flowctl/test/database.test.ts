import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, startTestCluster, type TestCluster } from '@flow/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, ensureCliBuilt, ensureServerBuilt } from './helpers/build.js';
import { removeTempDirs, tempDir } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli, startCli } from './helpers/runCli.js';

let cluster: TestCluster;
beforeAll(async () => {
  ensureCliBuilt();
  ensureServerBuilt();
  cluster = await startTestCluster();
}, 300_000);

afterAll(async () => {
  await cluster.stop();
  removeTempDirs();
});

/** Every file under a folder, by its path from there. */
function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(join(entry.parentPath, entry.name).slice(dir.length + 1), readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

describe('flowctl on a PostgreSQL database', () => {
  it(
    'db import fills an empty database from a data folder, serve --database serves it, db export gives the same files back',
    { timeout: 120_000 },
    async () => {
      const db = await createTestDatabase(cluster);
      try {
        const work = tempDir('flowctl-db-');
        cpSync(join(REPO, 'examples'), join(work, 'flows'), { recursive: true });
        writeFileSync(join(work, 'flows', 'README.md'), 'Not a plan.');
        const imported = await runCli(['db', 'import', 'flows', '--database', db.url], { cwd: work });
        expect(imported.code).toBe(0);
        expect(imported.stdout).toBe(
          `Imported 3 flows, 0 test files, 0 publish records, 0 workflows, 0 sessions from ${join(work, 'flows')} into ${db.url}\n`,
        );

        // The address from FLOW_DATABASE_URL, as a deployment sets it.
        const server = startCli(['serve', '--port', '0', '--json'], { cwd: work, env: { FLOW_DATABASE_URL: db.url } });
        try {
          const info = await server.firstJson;
          const url = String(at(info, 'url'));
          expect(info).toMatchObject({ database: db.url });
          expect(list(at(info, 'plans')).map(String)).toEqual([
            `${url}/lead-qualifier/production`,
            `${url}/onboarding-coach/production`,
            `${url}/support-desk/production`,
          ]);
          const served = await (await fetch(`${url}/api/flows/support-desk/production`)).text();
          expect(served).toBe(readFileSync(join(REPO, 'examples', 'support-desk', 'production.flow.json'), 'utf8'));
        } finally {
          expect((await server.stop()).code).toBe(0);
        }

        const exported = await runCli(['db', 'export', 'backup', '--database', db.url, '--json'], { cwd: work });
        expect(exported.code).toBe(0);
        expect(parseJson(exported)).toMatchObject({ direction: 'export', flows: 3, skipped: [] });
        const original = filesOf(join(work, 'flows'));
        original.delete('README.md');
        expect(filesOf(join(work, 'backup'))).toEqual(original);

        const again = await runCli(['db', 'export', 'backup', '--database', db.url], { cwd: work });
        expect(again.code).toBe(2);
        expect(again.stderr).toBe(`error: ${join(work, 'backup')} is not empty: export into a new or empty folder\n`);
        const twice = await runCli(['db', 'import', 'flows', '--database', db.url, '--json'], { cwd: work });
        expect(twice.code).toBe(2);
        expect(at(parseJson(twice), 'error', 'message')).toBe('The database already holds 3 flows: import into an empty database');
      } finally {
        await db.drop();
      }
    },
  );

  it('a database that cannot be reached: serve and db exit 3 naming it, never its password', { timeout: 60_000 }, async () => {
    const work = tempDir('flowctl-db-down-');
    const unreachable = `postgres://flow:pw-never-printed@127.0.0.1:${cluster.port + 1}/flow`;
    for (const args of [
      ['serve', '--port', '0', '--database', unreachable],
      ['db', 'export', 'out', '--database', unreachable],
    ]) {
      const result = await runCli(args, { cwd: work });
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stderr).toContain(`error: Cannot connect to the database at postgres://flow:***@127.0.0.1:${cluster.port + 1}/flow`);
      expect(result.stdout + result.stderr).not.toContain('pw-never-printed');
    }
    const missing = await runCli(['db', 'import', 'flows'], { cwd: work });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--database');
  });
});
