import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFlow, serializeFlow, type FlowDocument } from '@flow/core';
import { REPO } from './helpers/build.js';
import { removeTempDirs, tempDir, withName } from './helpers/flows.js';
import { at } from './helpers/json.js';
import { parseJson, runCli } from './helpers/runCli.js';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Flow Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });

function example(name: string): FlowDocument {
  const parsed = parseFlow(readFileSync(join(REPO, 'examples', name, 'production.flow.json'), 'utf8'));
  if (!parsed.ok) throw new Error(`examples/${name} does not parse`);
  return parsed.doc;
}

const write = (dir: string, file: string, doc: FlowDocument): void => {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), serializeFlow(doc));
};

let repo = '';

beforeAll(() => {
  repo = tempDir('flowctl-git-');
  git(repo, 'init', '-q', '-b', 'main');
  write(repo, 'flows/support-desk/production.flow.json', example('support-desk'));
  write(repo, 'flows/lead-qualifier/production.flow.json', example('lead-qualifier'));
  write(repo, 'flows/onboarding-coach/production.flow.json', example('onboarding-coach'));
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'flows');
  // On the branch: a renamed node, a new flow, a removed one and one moved only.
  const support = example('support-desk');
  write(repo, 'flows/support-desk/production.flow.json', {
    ...support,
    nodes: support.nodes.map((n) => (n.id === 'support-wrap-up' ? withName(n, 'Wrap up') : n)),
  });
  write(repo, 'flows/new-desk/production.flow.json', example('support-desk'));
  rmSync(join(repo, 'flows/lead-qualifier/production.flow.json'));
  const coach = example('onboarding-coach');
  write(repo, 'flows/onboarding-coach/production.flow.json', {
    ...coach,
    nodes: coach.nodes.map((n) => ({ ...n, position: { x: n.position.x + 5, y: n.position.y } })),
  });
});

afterAll(removeTempDirs);

describe('flowctl diff with git revisions', () => {
  it('reads a side as rev:path with git show', async () => {
    const result = await runCli(['diff', 'HEAD:flows/support-desk/production.flow.json', 'flows/support-desk/production.flow.json'], {
      cwd: repo,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('data.name: "Instruct" → "Wrap up"');
  });

  it('--base reports every changed, added and removed flow file, and a moved one as the same', async () => {
    const result = await runCli(['diff', '--base', 'HEAD', '--json'], { cwd: repo });
    expect(result.code).toBe(0);
    const files = at(parseJson(result), 'files');
    expect(Array.isArray(files) ? files.map((f) => [at(f, 'file'), at(f, 'status'), at(f, 'same')]) : files).toEqual([
      ['flows/lead-qualifier/production.flow.json', 'removed', false],
      ['flows/new-desk/production.flow.json', 'added', false],
      ['flows/onboarding-coach/production.flow.json', 'changed', true],
      ['flows/support-desk/production.flow.json', 'changed', false],
    ]);
    expect(at(parseJson(result), 'base')).toBe('HEAD');
  });

  it('--base prints each file with its status in text, a moved one as having no differences', async () => {
    const result = await runCli(['diff', '--base', 'HEAD'], { cwd: repo, env: { NO_COLOR: '1' } });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter((line) => !line.startsWith('  '))).toEqual([
      'flows/lead-qualifier/production.flow.json (removed)',
      'flows/new-desk/production.flow.json (added)',
      'flows/onboarding-coach/production.flow.json (changed)',
      'flows/support-desk/production.flow.json (changed)',
      '',
    ]);
    expect(result.stdout).toContain(
      'flows/onboarding-coach/production.flow.json (changed)\n  No differences (positions, viewport and key order are ignored)\n',
    );
  });

  it('--base --format markdown has a section per file; a moved flow reads No semantic changes', async () => {
    const result = await runCli(['diff', '--base', 'HEAD', 'flows', '--format', 'markdown'], { cwd: repo });
    expect(result.code).toBe(0);
    expect(result.stdout.match(/^### .*$/gm)).toEqual([
      '### flows/lead-qualifier/production.flow.json (removed)',
      '### flows/new-desk/production.flow.json (added)',
      '### flows/onboarding-coach/production.flow.json',
      '### flows/support-desk/production.flow.json',
    ]);
    expect(result.stdout).toContain('### flows/onboarding-coach/production.flow.json\n\nNo semantic changes');
    expect(result.stdout).toContain('0 nodes added, 9 removed, 0 changed');
  });

  it("--base with no path reads the config file's files", async () => {
    const dir = tempDir('flowctl-git-config-');
    git(dir, 'init', '-q', '-b', 'main');
    write(dir, 'desk/a.flow.json', example('support-desk'));
    write(dir, 'flows/b.flow.json', example('support-desk'));
    writeFileSync(join(dir, 'flowctl.config.json'), JSON.stringify({ files: ['desk'] }));
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'flows');
    rmSync(join(dir, 'desk/a.flow.json'));
    rmSync(join(dir, 'flows/b.flow.json'));
    const result = await runCli(['diff', '--base', 'HEAD', '--json'], { cwd: dir });
    expect(at(parseJson(result), 'files', 0, 'file')).toBe('desk/a.flow.json');
    expect(at(parseJson(result), 'files', 1)).toBeUndefined();
  });

  it('--base with nothing changed under the paths says so', async () => {
    const result = await runCli(['diff', '--base', 'HEAD', 'flows/nothing-here', '--format', 'markdown'], { cwd: repo });
    expect(result.stdout).toBe('No flow files changed.\n');
  });

  it('names a missing revision and how to fetch it (exit 4)', async () => {
    const result = await runCli(['diff', '--base', 'origin/main', '--json'], { cwd: repo });
    expect(result.code).toBe(4);
    expect(parseJson(result)).toEqual({
      error: { code: 'MISSING_REVISION', message: 'Revision origin/main not found: fetch it first: git fetch origin main' },
    });
    const side = await runCli(['diff', 'origin/main:flows/support-desk/production.flow.json', 'flows/support-desk/production.flow.json'], {
      cwd: repo,
    });
    expect(side.code).toBe(4);
    expect(side.stderr).toBe('error: Revision origin/main not found: fetch it first: git fetch origin main\n');
  });

  it('refuses a revision written as an option or a range before running git (exit 2)', async () => {
    for (const rev of ['--output=/tmp/x', 'HEAD..main', 'a b']) {
      const result = await runCli(['diff', '--base', rev, '--json'], { cwd: repo });
      expect(result.code).toBe(2);
      expect(parseJson(result)).toEqual({
        error: {
          code: 'BAD_REVISION',
          message: `Not a git revision: ${JSON.stringify(rev)} (a branch, tag or commit, such as origin/main)`,
        },
      });
    }
  });

  it('checks a file of a revision as a file on disk: not UTF-8 is a finding', async () => {
    const dir = tempDir('flowctl-git-bytes-');
    git(dir, 'init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'bad.flow.json'), Buffer.from([0x7b, 0xff, 0x7d]));
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'bad');
    const result = await runCli(['diff', 'HEAD:bad.flow.json', 'HEAD:bad.flow.json', '--json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(at(parseJson(result), 'error', 'findings', 0, 'file')).toBe('HEAD:bad.flow.json');
    expect(at(parseJson(result), 'error', 'findings', 0, 'message')).toMatch(/UTF-8/);
  });

  it('says a file that is not in the revision is not there', async () => {
    const result = await runCli(['diff', 'HEAD:flows/new-desk/production.flow.json', 'flows/new-desk/production.flow.json'], { cwd: repo });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HEAD:flows/new-desk/production.flow.json');
    expect(result.stderr).toContain('Cannot read file: not in revision HEAD');
  });
});
