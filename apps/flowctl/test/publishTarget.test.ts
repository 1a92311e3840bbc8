import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFlow, type FlowDocument } from '@flow/core';
import { REPO } from './helpers/build.js';
import { useTestProviders } from './helpers/callsProxy.js';
import { flowText, sampleFlow, singleChainFlow } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { parseJson, runCli } from './helpers/runCli.js';

const providers = useTestProviders('flowctl-target-');

/** The variable lead-qualifier's Custom GPT key names, as a pipeline sets it. */
const ENV = { OPENAI_API_KEY: 'test-openai-key-for-publish-target' };

const cli = (args: readonly string[], apiUrl = providers.url) => runCli([...args, '--api-url', apiUrl], { cwd: providers.work, env: ENV });

/** Writes `doc` at `path` (folders made) under the work folder. */
function place(path: string, doc: FlowDocument): void {
  mkdirSync(join(providers.work, path, '..'), { recursive: true });
  writeFileSync(join(providers.work, path), flowText(doc));
}

function leadQualifier(): FlowDocument {
  const parsed = parseFlow(readFileSync(join(REPO, 'examples', 'lead-qualifier', 'production.flow.json'), 'utf8'));
  if (!parsed.ok) throw new Error('examples/lead-qualifier does not parse');
  return parsed.doc;
}

describe("publish: the file's path names the plan version", () => {
  it('a file whose path disagrees is refused before any call, exit 2, naming both and the fix', async () => {
    place('misplaced/copy.flow.json', sampleFlow('target-a'));
    // An address nothing answers on: the refusal must come before any call.
    const result = await runCli(['publish', 'misplaced/copy.flow.json', '--api-url', 'http://127.0.0.1:9'], { cwd: providers.work });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      'error: misplaced/copy.flow.json holds target-a/production but its path says misplaced/copy: move it to target-a/production.flow.json, or name the plan version to publish to with --plan and --version',
    );
  });

  it("a file in another plan's folder is refused with --json as code PATH_MISMATCH", async () => {
    place('target-b/production.flow.json', sampleFlow('target-a'));
    const result = await runCli(['publish', 'target-b/production.flow.json', '--json', '--api-url', 'http://127.0.0.1:9'], {
      cwd: providers.work,
    });
    expect(result.code).toBe(2);
    expect(at(parseJson(result), 'error', 'code')).toBe('PATH_MISMATCH');
    expect(String(at(parseJson(result), 'error', 'message'))).toContain('its path says target-b/production');
  });

  it('a file at <planId>/<versionName>.flow.json publishes; a bare name.flow.json is refused', async () => {
    place('target-c/production.flow.json', sampleFlow('target-c'));
    const ok = await cli(['publish', 'target-c/production.flow.json', '--json']);
    expect(ok.code).toBe(0);
    expect(parseJson(ok)).toMatchObject({ planId: 'target-c', versionName: 'production', published: true });

    place('flows/target-c.json', sampleFlow('target-c'));
    const bare = await cli(['publish', 'flows/target-c.json']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('its path is not named <planId>/<versionName>.flow.json');
  });

  it('--plan and --version name the target: a staging file promoted to production', async () => {
    place('target-d/staging.flow.json', { ...sampleFlow('target-d'), versionName: 'staging', agentNotes: 'Promoted notes.' });
    const staged = await cli(['publish', 'target-d/staging.flow.json']);
    expect(staged.code).toBe(0);
    const promoted = await cli(['publish', 'target-d/staging.flow.json', '--version', 'production', '--json']);
    expect(promoted.code).toBe(0);
    expect(parseJson(promoted)).toMatchObject({ planId: 'target-d', versionName: 'production', published: true });

    const fetched = await cli(['fetch', '--plan', 'target-d', '--version', 'production', '--json']);
    expect(parseJson(fetched)).toMatchObject({ planId: 'target-d', versionName: 'production', agentNotes: 'Promoted notes.' });
    const again = await cli(['publish', 'target-d/staging.flow.json', '--version', 'production', '--dry-run', '--detailed-exitcode']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes: target-d/production on the provider already matches target-d/staging.flow.json');
  });

  it('--rollback publishes again the flow of an earlier publish named on the dashboard; an unknown id is not found, exit 4', async () => {
    const first = { ...sampleFlow('target-r'), agentNotes: 'First notes.' };
    place('target-r/production.flow.json', first);
    expect((await cli(['publish', 'target-r/production.flow.json'])).code).toBe(0);
    place('target-r/production.flow.json', { ...sampleFlow('target-r'), agentNotes: 'Second notes.' });
    expect((await cli(['publish', 'target-r/production.flow.json'])).code).toBe(0);

    // The id of the earlier publish, as the dashboard's 'Roll back to this' names it.
    const dashboard = await (await fetch(`${providers.url}/dashboard/target-r/production`)).text();
    const ids = [...dashboard.matchAll(/\/rollback\/([0-9TZ-]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(1);
    const id = ids[0] ?? '';

    const back = await cli(['publish', '--rollback', id, '--plan', 'target-r', '--version', 'production', '--json']);
    expect(back.code).toBe(0);
    expect(parseJson(back)).toMatchObject({ planId: 'target-r', versionName: 'production', rollbackOf: id });
    const fetched = await cli(['fetch', '--plan', 'target-r', '--version', 'production', '--json']);
    expect(parseJson(fetched)).toMatchObject({ agentNotes: 'First notes.' });
    // The first file is what the provider has again: no change to publish.
    place('target-r/production.flow.json', first);
    expect((await cli(['publish', 'target-r/production.flow.json', '--dry-run', '--detailed-exitcode'])).code).toBe(0);

    const text = await cli(['publish', 'target-r/production.flow.json', '--rollback', id]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Rolled back target-r/production to the publish ${id}`);
    const unknown = await cli(['publish', '--rollback', '2000-01-01T00-00-00-000Z', '--plan', 'target-r', '--version', 'production']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('No publish 2000-01-01T00-00-00-000Z of target-r/production to roll back to');
    const noTarget = await cli(['publish', '--rollback', id]);
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('--rollback needs the flow file, or --plan and --version');
  });

  it('an invalid --plan or --version is a usage error, before any call', async () => {
    place('target-e/production.flow.json', sampleFlow('target-e'));
    const plan = await runCli(['publish', 'target-e/production.flow.json', '--plan', '../etc', '--api-url', 'http://127.0.0.1:9'], {
      cwd: providers.work,
    });
    expect(plan.code).toBe(2);
    expect(plan.stderr).toMatch(/^error: Invalid --plan "\.\.\/etc": /);
    const version = await runCli(['publish', 'target-e/production.flow.json', '--version', 'a b', '--api-url', 'http://127.0.0.1:9'], {
      cwd: providers.work,
    });
    expect(version.code).toBe(2);
    expect(version.stderr).toMatch(/^error: Invalid --version "a b": /);
  });
});

describe("publish: the file's workflows are saved", () => {
  for (const [name, apiUrl] of [
    ['the local provider', (): string => providers.url],
    ['a provider without the document endpoint', (): string => providers.proxyUrl],
  ] as const) {
    it(`through ${name}: the dry run shows them, publish saves them, then no change; an edit shows as ~`, async () => {
      const planId = name === 'the local provider' ? 'wf-local' : 'wf-calls';
      // One chain of functions: what the spec's calls carry exactly, with lead-qualifier's workflows.
      const doc = { ...singleChainFlow(planId), workflows: leadQualifier().workflows?.map((w) => ({ ...w, plan_id: planId })) };
      place(`${planId}/production.flow.json`, doc);
      const file = `${planId}/production.flow.json`;

      const dryRun = await cli(['publish', file, '--dry-run', '--detailed-exitcode'], apiUrl());
      expect(dryRun.code).toBe(2);
      expect(dryRun.stdout).toContain('+ workflow "Book a demo" (wf-book-demo)');
      expect(dryRun.stdout).toContain(`+ workflow "${workflowName(doc, 'wf-clinic-guide')}" (wf-clinic-guide)`);
      const before = await cli(['workflows', 'list', '--plan', planId, '--json'], apiUrl());
      expect(list(parseJson(before), 'workflows')).toEqual([]);

      const published = await cli(['publish', file, '--json'], apiUrl());
      expect(published.code).toBe(0);
      expect(at(parseJson(published), 'workflows')).toEqual(['wf-book-demo', 'wf-clinic-guide']);
      const listed = await cli(['workflows', 'list', '--plan', planId, '--json'], apiUrl());
      const saved = list(parseJson(listed), 'workflows');
      const byId = (id: string): unknown => saved.find((w) => at(w, 'id') === id);
      for (const workflow of doc.workflows ?? [])
        expect(byId(workflow.id)).toMatchObject({ name: workflow.name, description: workflow.description });
      expect(saved).toHaveLength(2);

      const after = await cli(['publish', file, '--dry-run', '--detailed-exitcode'], apiUrl());
      expect(after.code).toBe(0);
      expect(after.stdout).toContain(`No changes: ${planId}/production on the provider already matches ${file}`);

      const edited = {
        ...doc,
        workflows: doc.workflows?.map((w) => (w.id === 'wf-book-demo' ? { ...w, description: 'A 20-minute demo.' } : w)),
      };
      place(file, edited);
      const change = await cli(['publish', file, '--dry-run', '--detailed-exitcode', '--json'], apiUrl());
      expect(change.code).toBe(2);
      expect(at(parseJson(change), 'workflows')).toEqual(['wf-book-demo']);
      const text = await cli(['publish', file, '--dry-run'], apiUrl());
      expect(text.stdout).toContain('~ workflow "Book a demo" (wf-book-demo)');
      expect((await cli(['publish', file], apiUrl())).code).toBe(0);
      const relisted = list(parseJson(await cli(['workflows', 'list', '--plan', planId, '--json'], apiUrl())), 'workflows');
      expect(relisted.find((w) => at(w, 'id') === 'wf-book-demo')).toMatchObject({ description: 'A 20-minute demo.' });
    });
  }
});

function workflowName(doc: FlowDocument, id: string): string {
  const workflow = doc.workflows?.find((w) => w.id === id);
  if (workflow === undefined) throw new Error(`no workflow ${id}`);
  return workflow.name;
}

describe('fetch of a plan version the provider lacks', () => {
  it('through a provider without the document endpoint: not found, exit 4, nothing written', async () => {
    place('known/production.flow.json', singleChainFlow('known'));
    expect((await cli(['publish', 'known/production.flow.json'], providers.proxyUrl)).code).toBe(0);
    const missing = await cli(['fetch', '--plan', 'known', '--version', 'stagign', '-o', 'stagign.flow.json'], providers.proxyUrl);
    expect(missing.code).toBe(4);
    expect(missing.stderr.trim()).toBe(`error: Plan not found: known/stagign on ${providers.proxyUrl}`);
    expect(existsSync(join(providers.work, 'stagign.flow.json'))).toBe(false);
    // The version that exists still fetches, and publishing what was fetched is no change.
    const found = await cli(['fetch', '--plan', 'known', '-o', 'known/fetched.flow.json'], providers.proxyUrl);
    expect(found.code).toBe(0);
    copyFileSync(join(providers.work, 'known/fetched.flow.json'), join(providers.work, 'known/production.flow.json'));
    const same = await cli(['publish', 'known/production.flow.json', '--dry-run', '--detailed-exitcode'], providers.proxyUrl);
    expect(same.code).toBe(0);
  });
});
