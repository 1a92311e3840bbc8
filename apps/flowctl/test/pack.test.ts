// The installable package, end to end as a new user meets it: pack the tarball, install it in an
// empty folder without a registry, `flowctl init` a project, install flowctl into it from the
// tarball, then run every `run` step of the CI workflow init wrote, as written, against a local
// provider.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServer } from '@flow/server';
import { ensureEmbedBuilt } from '@flow/server/testing';
import { packTarball } from '../scripts/packTarball.js';
import { APP, REPO, ensureCliBuilt } from './helpers/build.js';
import { removeTempDirs, tempDir } from './helpers/flows.js';
import { at } from './helpers/json.js';
import { runCli } from './helpers/runCli.js';
import { isolatedNpmEnv, sh as shell, type Run } from './helpers/shell.js';
import { conditionHolds, initWorkflow, runWorkflowSteps, workflowRunSteps } from './helpers/workflow.js';

let work = '';
let tarball = '';
let npmEnv: Record<string, string> = {};

/** A shell command run as a CI runner runs a step, in this test's npm environment. */
function sh(command: string, cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return shell(command, cwd, { ...npmEnv, ...env });
}

beforeAll(() => {
  ensureCliBuilt();
  ensureEmbedBuilt();
  work = tempDir('flowctl-pack-');
  tarball = packTarball(join(work, 'dist')).file;
  // No registry and an empty cache: whatever installs, installs from the tarball alone.
  npmEnv = { ...isolatedNpmEnv(work), npm_config_offline: 'true' };
}, 200_000);

afterAll(removeTempDirs);

describe('the packed tarball', () => {
  it('is self-contained: no workspace or runtime dependency, a bin, its files, engines and README', async () => {
    const listing = await sh(`tar -tzf '${tarball}'`, work);
    const files = listing.stdout.split('\n').filter(Boolean);
    expect(files).toContain('package/README.md');
    expect(files).toContain('package/dist/cli.js');
    expect(files).toContain('package/dist/emoji/en/emojibase/data.json');
    expect(files).toContain('package/dist/browser/embed.js');
    if (existsSync(join(REPO, 'apps', 'editor', 'dist', 'index.html'))) expect(files).toContain('package/dist/editor/index.html');
    const pkgText = (await sh(`tar -xOzf '${tarball}' package/package.json`, work)).stdout;
    expect(pkgText).not.toContain('workspace:');
    const pkg: unknown = JSON.parse(pkgText);
    const app: unknown = JSON.parse(readFileSync(join(APP, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      name: 'flowctl',
      version: at(app, 'version'),
      bin: { flowctl: 'dist/cli.js' },
      engines: { node: '>=20.19' },
      dependencies: {},
    });
    expect(at(pkg, 'devDependencies')).toBeUndefined();
    expect(at(pkg, 'private')).toBeUndefined();
  });

  it('installs with npm i -g in an empty folder, offline, and runs', async () => {
    const empty = join(work, 'empty');
    mkdirSync(empty);
    const prefix = join(work, 'global');
    const install = await sh(`npm i -g --prefix '${prefix}' '${tarball}'`, empty);
    expect(install.code, install.stderr).toBe(0);
    const bin = join(prefix, 'bin', 'flowctl');
    const version = await sh(`'${bin}' --version`, empty);
    expect(version.stdout.trim()).toBe(String(at(JSON.parse(readFileSync(join(APP, 'package.json'), 'utf8')), 'version')));
    const validate = await sh(`'${bin}' validate '${join(REPO, 'examples')}'`, empty);
    expect(validate).toMatchObject({ code: 0, stdout: '✔ 3 files valid\n' });
    // serve from the package: the provider, its emoji data, the chat script and the editor it carries.
    const served = await sh(
      `'${bin}' serve --dir data --port 0 --json > serve.json & pid=$!
       for i in $(seq 100); do [ -s serve.json ] && break; sleep 0.1; done
       node -e "const { url } = JSON.parse(require('fs').readFileSync('serve.json', 'utf8'));
         Promise.all(['/api/emoji/en/emojibase/data.json', '/embed.js', '/'].map((p) => fetch(url + p).then((r) => r.status)))
           .then((codes) => process.stdout.write(codes.join(' ')))"
       kill $pid; wait $pid || true`,
      empty,
    );
    const editorBuilt = existsSync(join(REPO, 'apps', 'editor', 'dist', 'index.html'));
    expect(served.stdout, served.stderr).toBe(editorBuilt ? '200 200 200' : '200 200 404');
  });
});

describe('flowctl init: a project that works as written', () => {
  it('writes package.json (flowctl as a dev dependency), .gitignore, a flow and a workflow whose run steps all pass', async () => {
    const root = join(work, 'agent');
    const init = await runCli(['init', 'agent'], { cwd: work });
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout.split('\n').filter(Boolean)).toEqual([
      'created agent/package.json',
      'created agent/.gitignore',
      'created agent/flows/example/production.flow.json',
      'created agent/.github/workflows/flows.yml',
    ]);
    expect(init.stderr).toContain('cd agent && npm install');
    const pkg: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({ name: 'agent', private: true, devDependencies: { flowctl: expect.stringMatching(/^\^\d+\.\d+\.\d+$/) } });
    expect(readFileSync(join(root, '.gitignore'), 'utf8')).toBe('node_modules/\n');

    // What `npm install` does once flowctl is on a registry, from the tarball here.
    const install = await sh(`npm install -D '${tarball}'`, root);
    expect(install.code, install.stderr).toBe(0);
    expect(existsSync(join(root, 'package-lock.json'))).toBe(true);

    const provider = await startServer({ port: 0, host: '127.0.0.1', dir: join(work, 'provider'), seedDir: null, log: () => undefined });
    try {
      expect(at(initWorkflow(root), 'jobs', 'check', 'env', 'FLOW_API_URL')).toBe('${{ vars.FLOW_API_URL }}');
      const runs = workflowRunSteps(root);
      expect(runs.map((step) => step.name)).toEqual([
        'Install',
        'Validate',
        'Canonical form',
        'What a publish would change',
        'Conversation tests',
        'Review',
      ]);
      expect(runs[3]?.condition).toBe("env.FLOW_API_URL != ''");
      expect(runs[5]?.condition).toBe("${{ (success() || steps.tests.outcome == 'failure') && github.event_name == 'pull_request' }}");
      const ran = await runWorkflowSteps(root, { ...npmEnv, FLOW_API_URL: provider.url, CI: 'true' });
      expect(ran.map((r) => r.step.name)).toEqual(runs.map((step) => step.name));
      // A push: every step runs but the pull-request review.
      for (const { step, result } of ran.slice(0, 5)) expect(result?.code, `${step.name}: ${result?.stderr ?? 'skipped'}`).toBe(0);
      expect(ran[5]?.result).toBeNull();
      expect(ran[1]?.result?.stdout).toBe('');
      expect(ran[3]?.result?.stdout).toContain('Would change example/production');
      expect(ran[4]?.result?.stdout).toBe('No *.flowtest.json files: no conversation tests to run\n');
    } finally {
      await provider.close();
    }
  });

  it('adds flowctl to an existing package.json and .gitignore without losing anything; a second init refuses', async () => {
    const root = tempDir('flowctl-init-existing-');
    const before = { name: 'mine', version: '2.0.0', scripts: { test: 'node test.js' }, devDependencies: { typescript: '~5.9.3' } };
    await sh(`printf '%s' '${JSON.stringify(before)}' > package.json && printf 'dist' > .gitignore`, root);
    const init = await runCli(['init'], { cwd: root });
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('updated package.json\nupdated .gitignore\n');
    const after: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(after).toEqual({ ...before, devDependencies: { typescript: '~5.9.3', flowctl: expect.stringMatching(/^\^/) } });
    expect(readFileSync(join(root, '.gitignore'), 'utf8')).toBe('dist\nnode_modules/\n');
    const again = await runCli(['init'], { cwd: root });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'Refusing to overwrite flows/example/production.flow.json, .github/workflows/flows.yml: nothing was written',
    );
  });
});

describe('the GitHub Action (action.yml)', () => {
  /** Runs the composite action's steps as GitHub does: inputs substituted, GITHUB_ENV carried, `if` weighed. */
  async function runAction(
    inputs: Record<string, string>,
    cwd: string,
  ): Promise<{ names: string[]; results: Run[]; outputs: Record<string, string> }> {
    const action: unknown = parse(readFileSync(join(REPO, 'action.yml'), 'utf8'));
    expect(at(action, 'runs', 'using')).toBe('composite');
    const declared = at(action, 'inputs');
    const values: Record<string, string> = {};
    for (const name of Object.keys(typeof declared === 'object' && declared !== null ? declared : {})) {
      values[name] = inputs[name] ?? String(at(declared, name, 'default') ?? '');
    }
    const expand = (text: string): string =>
      text.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`action.yml uses an undeclared input ${name}`);
        return value;
      });
    const steps: unknown = at(action, 'runs', 'steps');
    if (!Array.isArray(steps)) throw new Error('no steps');
    const githubEnv = join(cwd, '.github-env');
    const githubOutput = join(cwd, '.github-output');
    await sh(`: > '${githubEnv}'; : > '${githubOutput}'`, cwd);
    const carried: Record<string, string> = {};
    const names: string[] = [];
    const results: Run[] = [];
    for (const step of steps) {
      expect(at(step, 'shell')).toBe('bash');
      const condition = at(step, 'if');
      // A push: the pull-request review does not run.
      if (!conditionHolds(typeof condition === 'string' ? condition : null, { inputs: values, eventName: 'push' })) continue;
      const stepEnv: Record<string, string> = {};
      const declaredEnv = at(step, 'env');
      if (typeof declaredEnv === 'object' && declaredEnv !== null)
        for (const [key, value] of Object.entries(declaredEnv)) stepEnv[key] = expand(String(value));
      const dir = join(cwd, expand(String(at(step, 'working-directory') ?? '.')));
      const result = await sh(String(at(step, 'run')), dir, {
        ...carried,
        ...stepEnv,
        GITHUB_ENV: githubEnv,
        GITHUB_OUTPUT: githubOutput,
        GITHUB_ACTION_PATH: REPO,
        CI: 'true',
      });
      names.push(String(at(step, 'name')));
      results.push(result);
      for (const line of readFileSync(githubEnv, 'utf8').split('\n')) {
        const eq = line.indexOf('=');
        if (eq > 0) carried[line.slice(0, eq)] = line.slice(eq + 1);
      }
      if (result.code !== 0) break;
    }
    const outputs = Object.fromEntries(
      readFileSync(githubOutput, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    return { names, results, outputs };
  }

  it('validates as annotations, checks the canonical form and runs the dry run with its exit codes, in a project made by init', async () => {
    const root = join(work, 'action-project');
    expect((await runCli(['init', 'action-project'], { cwd: work })).code).toBe(0);
    expect((await sh(`npm install -D '${tarball}'`, root)).code).toBe(0);
    const provider = await startServer({
      port: 0,
      host: '127.0.0.1',
      dir: join(work, 'action-provider'),
      seedDir: null,
      log: () => undefined,
    });
    try {
      // No provider: the dry run is skipped.
      const offline = await runAction({}, root);
      expect(offline.names).toEqual(['Set up flowctl', 'Validate', 'Canonical form']);
      expect(offline.results.map((r) => r.code)).toEqual([0, 0, 0]);

      const first = await runAction({ 'api-url': provider.url }, root);
      expect(first.names).toEqual(['Set up flowctl', 'Validate', 'Canonical form', 'What a publish would change']);
      expect(first.results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
      expect(first.results[3]?.stdout).toContain('Would change example/production');
      expect(first.outputs).toEqual({ changed: 'true' });

      const published = await runCli(['publish', 'flows/example/production.flow.json', '--api-url', provider.url], {
        cwd: root,
        env: { FLOW_CREATE_TICKET_AUTHORIZATION: 'Bearer test-ticket-token' },
      });
      expect(published.code, published.stderr).toBe(0);
      const second = await runAction({ 'api-url': provider.url }, root);
      expect(second.results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
      expect(second.outputs).toEqual({ changed: 'false' });

      // A broken flow fails the Validate step with an annotation, and nothing after it runs.
      await sh(`printf '{ "format": "flow/1" }' > flows/broken.flow.json`, root);
      const broken = await runAction({ 'api-url': provider.url }, root);
      expect(broken.names).toEqual(['Set up flowctl', 'Validate']);
      expect(broken.results[1]?.code).toBe(1);
      expect(broken.results[1]?.stdout).toMatch(/^::error file=flows\/broken\.flow\.json,line=1,col=1,title=schema::/m);
    } finally {
      await provider.close();
    }
  });
});
