import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '@flow/core';
import { BROKEN_FIXTURES } from './fixtures.js';
import { ensureCliBuilt } from './helpers/build.js';
import { flowText, removeTempDirs, sampleFlow, tempDir } from './helpers/flows.js';
import { at, list } from './helpers/json.js';
import { parseJson, runBinary, runCli } from './helpers/runCli.js';

let dir = '';

function fixture(name: string): string {
  const found = BROKEN_FIXTURES.find((f) => f.name === name);
  if (!found) throw new Error(name);
  return found.text;
}

beforeAll(() => {
  dir = tempDir('flowctl-formats-');
  mkdirSync(join(dir, 'flows'));
  writeFileSync(join(dir, 'flows', 'self-edge.flow.json'), fixture('self-edge'));
  writeFileSync(join(dir, 'flows', 'plain-secret.flow.json'), fixture('plain-secret'));
  writeFileSync(join(dir, 'flows', 'unknown-type.flow.json'), fixture('unknown-function-type'));
  writeFileSync(join(dir, 'good.flow.json'), flowText(sampleFlow()));
  // A message with every character XML must escape: the plan id of a start node that is missing.
  const doc = { ...sampleFlow(), startNodeId: 'a<b>&"c\'' };
  writeFileSync(join(dir, 'escape.flow.json'), flowText(doc));
}, 200_000);

afterAll(removeTempDirs);

describe('validate --format sarif', () => {
  it('is SARIF 2.1.0: every rule of the core with its level, one result per finding at its file, line and column', async () => {
    const result = await runCli(['validate', 'flows', '--format', 'sarif'], { cwd: dir });
    expect(result.code).toBe(1);
    const log = parseJson(result);
    expect(at(log, 'version')).toBe('2.1.0');
    const run = list(log, 'runs')[0];
    expect(at(run, 'tool', 'driver', 'name')).toBe('flowctl');
    const rules = list(at(run, 'tool', 'driver'), 'rules');
    expect(rules.map((r) => at(r, 'id'))).toEqual(Object.keys(RULES));
    expect(rules.find((r) => at(r, 'id') === 'plain-secret')).toMatchObject({ defaultConfiguration: { level: 'warning' } });
    const results = list(run, 'results');
    const selfEdge = results.find((r) => at(r, 'ruleId') === 'self-edge');
    expect(selfEdge).toMatchObject({
      level: 'error',
      message: { text: 'Error: Cannot connect a node to itself' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'flows/self-edge.flow.json' },
            region: { startLine: expect.any(Number), startColumn: expect.any(Number) },
          },
        },
      ],
    });
    expect(at(selfEdge, 'ruleIndex')).toBe(Object.keys(RULES).indexOf('self-edge'));
    expect(results.find((r) => at(r, 'ruleId') === 'plain-secret')).toMatchObject({ level: 'warning' });
    expect(results.find((r) => at(r, 'ruleId') === 'unknown-function-type')).toMatchObject({ level: 'warning' });
    // A clean run is a log with no results, exit 0.
    const clean = await runCli(['validate', 'good.flow.json', '--format', 'sarif'], { cwd: dir });
    expect(clean.code).toBe(0);
    expect(list(list(parseJson(clean), 'runs')[0], 'results')).toEqual([]);
  });
});

describe('validate --format junit', () => {
  it('one test case per file, a failure per error with its code, warnings as output; text is escaped', async () => {
    const result = await runCli(['validate', 'flows', 'good.flow.json', 'escape.flow.json', '--format', 'junit'], { cwd: dir });
    expect(result.code).toBe(1);
    const xml = result.stdout;
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="flowctl validate" tests="5" failures="2" errors="0">'),
    ).toBe(true);
    expect(xml.match(/<testcase /g)).toHaveLength(5);
    expect(xml).toContain('<testcase name="good.flow.json" classname="flowctl.validate"/>');
    expect(xml).toMatch(
      /<testcase name="flows\/self-edge\.flow\.json" classname="flowctl\.validate">\n {6}<failure message="Error: Cannot connect a node to itself" type="self-edge">flows\/self-edge\.flow\.json:\d+:\d+ {2}\$\.edges\[\d+\] {2}Error: Cannot connect a node to itself {2}\(self-edge\)<\/failure>/,
    );
    expect(xml).toMatch(
      /<testcase name="flows\/plain-secret\.flow\.json" classname="flowctl\.validate">\n {6}<system-out>warning: flows\/plain-secret\.flow\.json:/,
    );
    expect(xml).toContain('message="Start node &quot;a&lt;b&gt;&amp;&quot;c&apos;&quot; is not a node of this flow"');
    // Nothing unescaped from the message ever reaches the markup.
    expect(xml).not.toContain('a<b>');
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });
});

describe('validate --max-warnings', () => {
  it("fails with ESLint's message when there are more warnings than allowed; at or under the limit passes", async () => {
    const over = await runCli(['validate', 'flows/plain-secret.flow.json', 'flows/unknown-type.flow.json', '--max-warnings', '1'], {
      cwd: dir,
    });
    expect(over.code).toBe(1);
    expect(over.stdout).toContain('✔ 2 files valid (2 warnings)');
    expect(over.stderr).toBe('flowctl found too many warnings (maximum: 1).\n');
    const at2 = await runCli(['validate', 'flows/plain-secret.flow.json', 'flows/unknown-type.flow.json', '--max-warnings', '2'], {
      cwd: dir,
    });
    expect(at2).toMatchObject({ code: 0, stderr: '' });
    const zero = await runCli(['validate', 'flows/plain-secret.flow.json', '--max-warnings', '0', '--format', 'github'], { cwd: dir });
    expect(zero.code).toBe(1);
    expect(zero.stderr).toBe('flowctl found too many warnings (maximum: 0).\n');
    const json = await runCli(['validate', 'flows/plain-secret.flow.json', '--max-warnings', '0', '--json'], { cwd: dir });
    expect(json.code).toBe(1);
    expect(parseJson(json)).toMatchObject({ warnings: 1, maxWarnings: 0 });
    expect((await runCli(['validate', 'flows/plain-secret.flow.json', '--max-warnings', '-1'], { cwd: dir })).code).toBe(0);
  });

  it('refuses a limit that is not a count, exit 2', async () => {
    for (const bad of ['many', '1.5', '-2']) {
      const result = await runCli(['validate', 'good.flow.json', '--max-warnings', bad], { cwd: dir });
      expect(result.code, bad).toBe(2);
      expect(result.stderr, bad).toBe(`error: Invalid --max-warnings "${bad}": give a number of warnings (0 or more; -1 for no limit)\n`);
    }
  });
});

describe('- reads the flow from stdin', () => {
  it('validate - checks what is piped, named <stdin> in findings', async () => {
    const good = await runCli(['validate', '-'], { cwd: dir, input: flowText(sampleFlow()) });
    expect(good).toMatchObject({ code: 0, stdout: '✔ 1 file valid\n' });
    const bad = await runCli(['validate', '-', '--format', 'github'], { cwd: dir, input: fixture('self-edge') });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^::error file=<stdin>,line=\d+,col=\d+,title=self-edge::Error: Cannot connect a node to itself$/m);
    const mixed = await runCli(['validate', 'good.flow.json', '-'], { cwd: dir, input: fixture('self-edge') });
    expect(mixed.stdout).toMatch(/^<stdin>:\d+:\d+ {2}\$\.edges\[\d+\] {2}Error: Cannot connect a node to itself {2}self-edge$/m);
    expect(mixed.stdout).toContain('✖ 1 error in 1 of 2 files');
  });

  it('fmt - prints the canonical form on stdout and writes no file; --check exits 1 when stdin is not canonical', async () => {
    const canonical = flowText(sampleFlow());
    const messy = `${JSON.stringify(JSON.parse(canonical), null, 4)}\n`;
    const formatted = await runCli(['fmt', '-', '--quiet'], { cwd: dir, input: messy });
    expect(formatted).toMatchObject({ code: 0, stdout: canonical, stderr: '' });
    const check = await runCli(['fmt', '--check', '-'], { cwd: dir, input: messy });
    expect(check.code).toBe(1);
    expect(check.stdout).toBe('<stdin>\n');
    expect((await runCli(['fmt', '--check', '-'], { cwd: dir, input: canonical })).code).toBe(0);
    const broken = await runCli(['fmt', '-'], { cwd: dir, input: '{ nope' });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^<stdin>:1:3 {2}\$ {2}Invalid JSON: .* {2}invalid-json$/m);
  });
});

describe('the config file', () => {
  function project(config: unknown, file = 'flowctl.config.json'): string {
    const root = tempDir('flowctl-config-');
    writeFileSync(join(root, file), typeof config === 'string' ? config : JSON.stringify(config));
    mkdirSync(join(root, 'flows'));
    writeFileSync(join(root, 'flows', 'good.flow.json'), flowText(sampleFlow()));
    writeFileSync(join(root, 'flows', 'self-edge.flow.json'), fixture('self-edge'));
    return root;
  }
  const nowhere = 'http://127.0.0.1:9';

  it('"files" are what validate and fmt check when no file is named', async () => {
    const root = project({ files: ['flows/good.flow.json'] });
    expect(await runCli(['validate'], { cwd: root })).toMatchObject({ code: 0, stdout: '✔ 1 file valid\n' });
    expect((await runCli(['fmt', '--check'], { cwd: root })).code).toBe(0);
    // Named files win over the config's.
    expect((await runCli(['validate', 'flows'], { cwd: root })).code).toBe(1);
    const none = await runCli(['validate'], { cwd: tempDir('flowctl-noconfig-') });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'error: No files given: name files, folders or globs (- for stdin), or list them under "files" in flowctl.config.json\n',
    );
  });

  it('apiUrl and plan are defaults: a flag beats the environment, which beats the config', async () => {
    const root = project({ apiUrl: 'http://127.0.0.1:7', plan: 'from-config' });
    const ask = async (args: string[], env: Record<string, string> = {}) =>
      String(at(parseJson(await runCli([...args, '--json'], { cwd: root, env })), 'error', 'message'));
    expect(await ask(['workflows', 'list'])).toContain('127.0.0.1:7');
    expect(await ask(['workflows', 'list'], { FLOW_API_URL: 'http://127.0.0.1:8' })).toContain('127.0.0.1:8');
    expect(await ask(['workflows', 'list', '--api-url', nowhere], { FLOW_API_URL: 'http://127.0.0.1:8' })).toContain('127.0.0.1:9');
    // The plan comes from the config unless given: `fetch` without --plan is no usage error.
    const fetched = await runCli(['fetch', '--json'], { cwd: root });
    expect(fetched.code).not.toBe(2);
  });

  it('a "flowctl" key of package.json works the same; flowctl.config.json wins when both exist', async () => {
    const root = project({ name: 'x', flowctl: { files: ['flows/self-edge.flow.json'] } }, 'package.json');
    expect((await runCli(['validate'], { cwd: root })).code).toBe(1);
    writeFileSync(join(root, 'flowctl.config.json'), JSON.stringify({ files: ['flows/good.flow.json'] }));
    expect((await runCli(['validate'], { cwd: root })).code).toBe(0);
  });

  it('refuses a token, an unknown key, a bad value and bad JSON, naming the file and the key, exit 2', async () => {
    const cases: [unknown, string][] = [
      [
        { token: 'abc-secret' },
        'flowctl.config.json: "token" does not belong in a file: set FLOW_TOKEN in the environment (secrets never go into files)',
      ],
      [
        { apiurl: 'http://x' },
        'flowctl.config.json: unknown key "apiurl": a config sets apiUrl, plan, version, model, modelBaseUrl, skills, files',
      ],
      [
        { toString: 'x' },
        'flowctl.config.json: unknown key "toString": a config sets apiUrl, plan, version, model, modelBaseUrl, skills, files',
      ],
      [{ apiUrl: 'ftp://x' }, 'flowctl.config.json: "apiUrl" must be an http(s) URL'],
      [{ files: 'flows' }, 'flowctl.config.json: "files" must be a list of files, folders or globs'],
      ['{ "files": [', 'flowctl.config.json: not valid JSON ('],
    ];
    for (const [config, message] of cases) {
      const root = project(config);
      const result = await runCli(['validate'], { cwd: root });
      expect(result.code, message).toBe(2);
      expect(result.stderr, message).toContain(`error: ${message}`);
      expect(result.stderr).not.toContain('abc-secret');
    }
    // Help still works in a folder with a bad config.
    expect((await runCli(['--help'], { cwd: project({ token: 'abc-secret' }) })).code).toBe(0);
  });
});

describe('flowctl completion', () => {
  // The scripts real shells run come from the built binary, as a user's `source <(flowctl completion bash)`.
  beforeAll(ensureCliBuilt, 200_000);

  function complete(script: string, words: string[]): string[] {
    const line = words.map((w) => `'${w}'`).join(' ');
    const run = spawnSync(
      'bash',
      [
        '-c',
        `source /dev/stdin <<'SCRIPT'\n${script}\nSCRIPT\nCOMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _flowctl_completion; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(run.stderr);
    return run.stdout.split('\n').filter((w) => w !== '');
  }

  it("bash: commands, subcommands, each command's options and the values of --format, from the command definitions", async () => {
    const result = await runBinary(['completion', 'bash']);
    expect(result.code).toBe(0);
    const script = result.stdout;
    expect(complete(script, ['flowctl', 'va'])).toEqual(['validate']);
    expect(complete(script, ['flowctl', ''])).toEqual([
      'init',
      'generate',
      'validate',
      'fmt',
      'diff',
      'compile',
      'fetch',
      'publish',
      'workflows',
      'secrets',
      'keys',
      'conversations',
      'run',
      'test',
      'session',
      'serve',
      'db',
      'completion',
      'help',
    ]);
    expect(complete(script, ['flowctl', 'validate', '--f'])).toEqual(['--format']);
    expect(complete(script, ['flowctl', 'db', ''])).toEqual(['import', 'export']);
    expect(complete(script, ['flowctl', 'secrets', ''])).toEqual(['set', 'list', 'delete']);
    expect(complete(script, ['flowctl', 'keys', ''])).toEqual(['create', 'list', 'revoke']);
    expect(complete(script, ['flowctl', 'conversations', ''])).toEqual(['list', 'show']);
    expect(complete(script, ['flowctl', 'validate', '--format', ''])).toEqual(['text', 'json', 'github', 'sarif', 'junit']);
    expect(complete(script, ['flowctl', 'test', '-f', ''])).toEqual(['text', 'json', 'junit', 'markdown']);
    expect(complete(script, ['flowctl', 'workflows', ''])).toEqual(['list']);
    expect(complete(script, ['flowctl', '--api-url', 'http://x', 'workflows', 'list', '--pl'])).toEqual(['--plan']);
    expect(complete(script, ['flowctl', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(complete(script, ['flowctl', 'publish', 'f.flow.json', '--dr'])).toEqual(['--dry-run']);
    expect(complete(script, ['flowctl', 'generate', '--de'])).toEqual(['--description']);
  });

  it('zsh and fish: the same commands and choices, and scripts their shells accept', async () => {
    const zsh = (await runBinary(['completion', 'zsh'])).stdout;
    const fish = (await runBinary(['completion', 'fish'])).stdout;
    expect(zsh.startsWith('#compdef flowctl\n')).toBe(true);
    expect(zsh).toContain('"validate|--format") compadd -- text json github sarif junit; return ;;');
    expect(zsh).toContain('"test|--format") compadd -- text json junit markdown; return ;;');
    expect(zsh).toContain('"workflows") compadd -- list ;;');
    expect(fish).toContain("complete -c flowctl -n __fish_use_subcommand -a validate -d 'check flow files against the schema");
    expect(fish).toContain(
      "complete -c flowctl -n '__fish_seen_subcommand_from validate' -l format -s f -x -a 'text json github sarif junit' -d 'output format'",
    );
    // Where the shells are installed, they parse the scripts.
    for (const [shell, script] of [
      ['zsh', zsh],
      ['fish', fish],
    ] as const) {
      const found = spawnSync('sh', ['-c', `command -v ${shell}`], { encoding: 'utf8' });
      if (found.status !== 0) continue;
      const file = join(dir, `completion.${shell}`);
      writeFileSync(file, script);
      const check = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
      expect(check.status, `${shell} -n: ${check.stderr}`).toBe(0);
    }
    const unknown = await runCli(['completion', 'tcsh']);
    expect(unknown).toMatchObject({ code: 2, stderr: 'error: Unknown shell "tcsh": one of bash, zsh, fish\n' });
  });
});

describe('the docs of the formats', () => {
  it('list every format in validate --help', async () => {
    const help = await runCli(['validate', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('(choices: "text", "json", "github", "sarif", "junit", default: "text")');
  });
});
