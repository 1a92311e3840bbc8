import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlow, serializeFlow } from '@flow/core';
import { isId } from '../ids.js';
import { isStoredWorkflow } from '../workflowInput.js';
import { writeAtomic } from './atomicWrite.js';
import { FLOW_SUFFIX, dataPaths } from './dataPaths.js';
import { fileNames, folderNames, isMissing, readJsonFile } from './listing.js';

/**
 * The folder of the repository that holds `pnpm-workspace.yaml` and `examples/`, found by walking
 * up from this module (the same from src/ and from a bundle in dist/); null outside the repo.
 */
export function repositoryRoot(from: string = fileURLToPath(import.meta.url)): string | null {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml')) && existsSync(join(dir, 'examples'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/** The repository's `examples/` folder, or null when this module runs outside the repository. */
export function defaultSeedDir(): string | null {
  const root = repositoryRoot();
  return root === null ? null : join(root, 'examples');
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).every((name) => name.startsWith('.'));
  } catch (error) {
    if (isMissing(error)) return true;
    throw error;
  }
}

/**
 * Fills an empty or missing data folder from `seedDir`: every valid flow file
 * (`<planId>/<version>.flow.json`, written in canonical form) and saved workflow, plus the
 * workflows a flow document carries. Fixtures that are not valid are skipped. Returns the count.
 */
export async function seedDataFolder(dir: string, seedDir: string | null): Promise<number> {
  await mkdir(dir, { recursive: true });
  if (seedDir === null || !(await isEmptyFolder(dir)) || resolve(seedDir) === resolve(dir)) return 0;
  const paths = dataPaths(dir);
  let count = 0;
  for (const planId of (await folderNames(seedDir)).filter(isId)) {
    const from = join(seedDir, planId);
    for (const name of await fileNames(from)) {
      const versionName = name.endsWith(FLOW_SUFFIX) ? name.slice(0, -FLOW_SUFFIX.length) : '';
      if (!isId(versionName)) continue;
      const parsed = parseFlow(await readFile(join(from, name), 'utf8'));
      if (!parsed.ok) continue;
      await writeAtomic(paths.flow(planId, versionName), serializeFlow({ ...parsed.doc, planId, versionName }));
      count += 1;
      for (const workflow of parsed.doc.workflows ?? []) {
        if (isId(workflow.id) && isId(workflow.plan_id || planId)) {
          const stored = { ...workflow, plan_id: workflow.plan_id || planId };
          await writeAtomic(paths.workflow(stored.plan_id, workflow.id), `${JSON.stringify(stored, null, 2)}\n`);
        }
      }
    }
    for (const name of await fileNames(join(from, 'workflows'))) {
      const value = await readJsonFile(join(from, 'workflows', name));
      if (!isStoredWorkflow(value) || !isId(value.id) || !isId(value.plan_id)) continue;
      await writeAtomic(paths.workflow(value.plan_id, value.id), `${JSON.stringify(value, null, 2)}\n`);
      count += 1;
    }
  }
  return count;
}
