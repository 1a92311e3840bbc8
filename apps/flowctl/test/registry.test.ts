// The install path `flowctl init` prints, as users take it: flowctl is published to a registry
// (here a throwaway Verdaccio on 127.0.0.1 with no uplink, so nothing comes from npmjs.org), a
// project is made with `npx flowctl init`, `npm install` installs flowctl from the registry, and
// `npx flowctl` and every run step of the workflow init wrote pass.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '@flow/server';
import { ensureEmbedBuilt } from '@flow/server/testing';
import { packTarball } from '../scripts/packTarball.js';
import { APP, ensureCliBuilt } from './helpers/build.js';
import { removeTempDirs, tempDir } from './helpers/flows.js';
import { at } from './helpers/json.js';
import { startRegistry, type Registry } from './helpers/registry.js';
import { isolatedNpmEnv, sh } from './helpers/shell.js';
import { FakeGitHub } from './helpers/fakeGitHub.js';
import { runWorkflowSteps, workflowRunSteps } from './helpers/workflow.js';

const version = String(at(JSON.parse(readFileSync(join(APP, 'package.json'), 'utf8')), 'version'));
let work = '';
let tarball = '';
let registry: Registry | null = null;
let npmEnv: Record<string, string> = {};

beforeAll(async () => {
  ensureCliBuilt();
  ensureEmbedBuilt();
  work = tempDir('flowctl-registry-');
  tarball = packTarball(join(work, 'dist')).file;
  // The tarball bundles everything it runs (dependencies: {}), so flowctl is the only package served.
  registry = await startRegistry(join(work, 'registry'), ['flowctl']);
  npmEnv = isolatedNpmEnv(work);
  writeFileSync(npmEnv.npm_config_userconfig ?? join(work, 'npmrc'), registry.npmrc);
  const published = await sh(`npm publish '${tarball}'`, work, npmEnv);
  if (published.code !== 0) throw new Error(`npm publish failed: ${published.stderr}`);
}, 200_000);

afterAll(async () => {
  await registry?.close();
  removeTempDirs();
});

describe('flowctl from a registry', () => {
  it('serves the published tarball, and nothing else', async () => {
    const view = await sh('npm view flowctl version', work, npmEnv);
    expect(view).toMatchObject({ code: 0, stdout: `${version}\n` });
    // No uplink: a package that is not published here is not found, rather than fetched from npmjs.org.
    const other = await sh('npm view chalk version', work, npmEnv);
    expect(other.code).not.toBe(0);
    expect(other.stderr).toContain(`npm error 404 Not Found - GET ${registry?.url ?? ''}chalk - no such package available`);
  });

  it('npx flowctl init, npm install, npx flowctl and every run step of the workflow pass', async () => {
    const init = await sh(`npx --yes flowctl@${version} init agent`, work, npmEnv);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout.split('\n').filter(Boolean)).toEqual([
      'created agent/package.json',
      'created agent/.gitignore',
      'created agent/flows/example/production.flow.json',
      'created agent/.github/workflows/flows.yml',
    ]);
    // The install path init prints.
    expect(init.stderr).toContain('cd agent && npm install');
    expect(init.stderr).toContain('npx flowctl validate flows');

    const root = join(work, 'agent');
    const install = await sh('npm install', root, npmEnv);
    expect(install.code, install.stderr).toBe(0);
    const lock: unknown = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    expect(at(lock, 'packages', 'node_modules/flowctl')).toMatchObject({
      version,
      resolved: `${registry?.url ?? ''}flowctl/-/flowctl-${version}.tgz`,
      dev: true,
    });
    expect(existsSync(join(root, 'node_modules', '.bin', 'flowctl'))).toBe(true);

    const versionRun = await sh('npx flowctl --version', root, npmEnv);
    expect(versionRun).toMatchObject({ code: 0, stdout: `${version}\n` });
    const validate = await sh('npx flowctl validate flows', root, npmEnv);
    expect(validate).toMatchObject({ code: 0, stdout: '✔ 1 file valid\n' });

    const provider = await startServer({ port: 0, host: '127.0.0.1', dir: join(work, 'provider'), seedDir: null, log: () => undefined });
    try {
      const ran = await runWorkflowSteps(root, { ...npmEnv, FLOW_API_URL: provider.url, CI: 'true' });
      // A push: every run step ran and passed, but the pull-request review, which its `if` skips.
      expect(ran.map((r) => r.step.name)).toEqual(workflowRunSteps(root).map((step) => step.name));
      for (const { step, result } of ran.filter((r) => r.step.name !== 'Review'))
        expect(result?.code, `${step.name}: ${result?.stderr ?? 'skipped'}`).toBe(0);
      expect(ran.find((r) => r.step.name === 'Review')?.result).toBeNull();
    } finally {
      await provider.close();
    }

    // A pull request: the base branch as a checkout with fetch-depth 0 has it, a prompt edited on the
    // branch, and the Review step posts the review to (a local fake of) GitHub.
    const git = (args: string) => sh(`git -c user.name=Flow -c user.email=flow@example.com ${args}`, root, npmEnv);
    for (const step of ['init -q', 'add -A', 'commit -qm base', 'update-ref refs/remotes/origin/main HEAD']) {
      const result = await git(step);
      expect(result.code, result.stderr).toBe(0);
    }
    const flowFile = join(root, 'flows', 'example', 'production.flow.json');
    writeFileSync(
      flowFile,
      readFileSync(flowFile, 'utf8').replace('"agentNotes": "', '"agentNotes": "Reply in the customer\'s language. '),
    );
    const github = new FakeGitHub('octo/agent', 12);
    await github.start();
    try {
      const eventPath = join(work, 'event.json');
      writeFileSync(eventPath, JSON.stringify({ number: 12, pull_request: { number: 12 } }));
      const pullRequestEnv = {
        ...npmEnv,
        CI: 'true',
        GITHUB_API_URL: github.url,
        GITHUB_REPOSITORY: 'octo/agent',
        GITHUB_EVENT_PATH: eventPath,
      };
      const ran = await runWorkflowSteps(root, pullRequestEnv, 'pull_request', {
        GITHUB_TOKEN: 'ghs_registryTestToken0000',
        BASE_REF: 'main',
        COMMENT: '--comment',
      });
      const review = ran.find((r) => r.step.name === 'Review')?.result;
      expect(review?.code, review?.stderr).toBe(0);
      expect(review?.stdout).toContain('### flows/example/production.flow.json');
      expect(review?.stderr).toContain('Posted the review comment: https://github.com/octo/agent/pull/12#issuecomment-1000');
      expect(github.comments).toHaveLength(1);
      expect(github.comments[0]?.body).toMatch(/^<!-- flowctl-review -->\n### flows\/example\/production\.flow\.json/);
      expect(`${review?.stdout ?? ''}${review?.stderr ?? ''}`).not.toContain('ghs_registryTestToken0000');
    } finally {
      await github.stop();
    }
    // npx, npm install and the workflow's steps (the conversation tests one too): ~14 s on a busy machine, more in a loaded suite.
  }, 120_000);
});
