import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GITHUB_COMMENT_LIMIT, NO_FLOW_CHANGES, REVIEW_MARKER, postReviewComment, reviewCommentBody } from '../src/github/prComment.js';
import { CliError } from '../src/errors.js';
import { evalMarkdown } from '../src/evals/evalMarkdown.js';
import { evalResultFixture } from '@flow/runtime/testing';
import { flowText, removeTempDirs, sampleFlow, tempDir } from './helpers/flows.js';
import { FakeGitHub } from './helpers/fakeGitHub.js';
import { at } from './helpers/json.js';
import { ensureCliBuilt } from './helpers/build.js';
import { parseJson, runBinary, runCli, type CliResult } from './helpers/runCli.js';

const TOKEN = 'ghs_fakeTokenThatMustNeverShow1234';
const PR = 7;

const github = new FakeGitHub('octo/flows', PR);
let dir = '';
let eventPath = '';

beforeAll(async () => {
  await github.start();
});
afterAll(async () => {
  await github.stop();
  removeTempDirs();
});
beforeEach(() => {
  dir = tempDir('flowctl-comment-');
  const before = sampleFlow();
  const after = structuredClone(before);
  after.agentNotes = 'Be very brief.';
  writeFileSync(join(dir, 'a.flow.json'), flowText(before));
  writeFileSync(join(dir, 'b.flow.json'), flowText(after));
  eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify({ action: 'synchronize', number: PR, pull_request: { number: PR } }));
});
afterEach(() => github.reset());

const env = (extra: Record<string, string | undefined> = {}): Record<string, string | undefined> => ({
  GITHUB_API_URL: github.url,
  GITHUB_REPOSITORY: 'octo/flows',
  GITHUB_TOKEN: TOKEN,
  GITHUB_EVENT_PATH: eventPath,
  ...extra,
});

const review = (args: readonly string[] = [], extra: Record<string, string | undefined> = {}): Promise<CliResult> =>
  runCli(['diff', 'a.flow.json', 'b.flow.json', '--comment', ...args], { cwd: dir, env: env(extra) });

function expectNoToken(result: CliResult): void {
  expect(result.stdout).not.toContain(TOKEN);
  expect(result.stderr).not.toContain(TOKEN);
}

describe('flowctl diff --comment', () => {
  it('posts the review once, then updates the same comment', async () => {
    ensureCliBuilt();
    const first = await runBinary(['diff', 'a.flow.json', 'b.flow.json', '--comment'], { cwd: dir, env: env() });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Posted the review comment: https://github.com/octo/flows/pull/${PR}#issuecomment-1000\n`);
    expectNoToken(first);
    expect(github.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /repos/octo/flows/issues/${PR}/comments?per_page=100`,
      `POST /repos/octo/flows/issues/${PR}/comments`,
    ]);
    const post = github.requests[1];
    expect(post?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': 'flowctl',
    });
    const body = github.comments[0]?.body ?? '';
    expect(body.startsWith(`${REVIEW_MARKER}\n`)).toBe(true);
    // The markdown review, the same as --format markdown prints.
    expect(body).toContain('### b.flow.json\n\n0 nodes added, 0 removed, 0 changed · 0 chains touched · 2 prompt lines changed\n');
    expect(body).toContain('-Be brief.\n+Be very brief.\n');

    github.requests.length = 0;
    writeFileSync(join(dir, 'b.flow.json'), flowText({ ...sampleFlow(), agentNotes: 'Be kind.' }));
    const second = await review();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`Updated the review comment: https://github.com/octo/flows/pull/${PR}#issuecomment-1000\n`);
    expectNoToken(second);
    expect(github.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /repos/octo/flows/issues/${PR}/comments?per_page=100`,
      `PATCH /repos/octo/flows/issues/comments/1000`,
    ]);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).toContain('+Be kind.\n');
  });

  it('finds its earlier comment on the second page of comments', async () => {
    github.comments = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, body: i === 120 ? `${REVIEW_MARKER}\nold` : `comment ${i}` }));
    const result = await review(['--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(at(parseJson(result), 'comment')).toEqual({
      action: 'updated',
      id: 121,
      url: `https://github.com/octo/flows/pull/${PR}#issuecomment-121`,
      pr: PR,
    });
    expect(github.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /repos/octo/flows/issues/${PR}/comments?per_page=100`,
      `GET /repos/octo/flows/issues/${PR}/comments?per_page=100&page=2`,
      `PATCH /repos/octo/flows/issues/comments/121`,
    ]);
    expect(github.comments.filter((c) => c.body.startsWith(REVIEW_MARKER))).toHaveLength(1);
  });

  it('follows no next page on another origin, where the token would go', async () => {
    github.comments = Array.from({ length: 101 }, (_, i) => ({ id: i + 1, body: `comment ${i}` }));
    github.nextOrigin = 'http://127.0.0.2:9';
    const result = await review();
    expect(result).toMatchObject({ code: 3, stderr: "error: GitHub's next page is on another origin (http://127.0.0.2:9)\n" });
    expect(github.requests).toHaveLength(1);
  });

  it('says in the comment that nothing changed, on the pull request of --pr', async () => {
    writeFileSync(join(dir, 'b.flow.json'), flowText(sampleFlow()));
    const result = await review(['--pr', String(PR)], { GITHUB_EVENT_PATH: undefined });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `No differences (positions, viewport and key order are ignored)\nPosted the review comment: https://github.com/octo/flows/pull/${PR}#issuecomment-1000\n`,
    );
    expect(github.comments[0]?.body).toBe(`${REVIEW_MARKER}\n${NO_FLOW_CHANGES}`);
  });

  it.each([
    [
      401,
      'Bad credentials',
      `GitHub answered 401 to GET /repos/octo/flows/issues/${PR}/comments: Bad credentials; check GITHUB_TOKEN: GitHub does not accept it (expired, revoked or not a token)`,
    ],
    [
      403,
      'Resource not accessible by integration',
      `GitHub answered 403 to GET /repos/octo/flows/issues/${PR}/comments: Resource not accessible by integration; check that the token may write pull requests (the workflow needs permissions: pull-requests: write; pull requests from forks get a read-only token)`,
    ],
  ])('says what GitHub answered %i and exits 3', async (status, message, expected) => {
    github.failure = { status, message: message };
    const result = await review();
    expect(result).toMatchObject({ code: 3, stdout: '', stderr: `error: ${expected}\n` });
    expectNoToken(result);
  });

  it('names the repository and pull request when GitHub does not find them (404, exit 3)', async () => {
    const result = await review([], { GITHUB_REPOSITORY: 'octo/missing' });
    expect(result).toMatchObject({
      code: 3,
      stderr: `error: GitHub answered 404 to GET /repos/octo/missing/issues/${PR}/comments: Not Found; check GITHUB_REPOSITORY (octo/missing), the pull request number (${PR}) and that the token can see the repository\n`,
    });
  });

  it.each([
    [
      { GITHUB_TOKEN: undefined },
      'GITHUB_TOKEN is not set: in a workflow, set env GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }} (with permissions: pull-requests: write)',
    ],
    [{ GITHUB_REPOSITORY: undefined }, 'GITHUB_REPOSITORY is not set: set it to the repository as owner/name (GitHub Actions sets it)'],
    [
      { GITHUB_REPOSITORY: 'octo/flows/x' },
      'GITHUB_REPOSITORY is "octo/flows/x": set it to the repository as owner/name (GitHub Actions sets it)',
    ],
    [
      { GITHUB_EVENT_PATH: undefined },
      'No pull request: pass --pr <number>, or run on a pull_request event (GitHub Actions sets GITHUB_EVENT_PATH)',
    ],
    [
      { GITHUB_API_URL: 'http://github.example.com' },
      'GITHUB_API_URL "http://github.example.com" must be https (http only on this machine)',
    ],
  ])('says what to set when the environment lacks it (%o), before any request', async (extra, expected) => {
    const result = await review([], extra);
    expect(result).toMatchObject({ code: 2, stderr: `error: ${expected}\n` });
    expect(github.requests).toEqual([]);
  });

  it('reads the pull request of an event that is not one as a clear error', async () => {
    writeFileSync(eventPath, JSON.stringify({ ref: 'refs/heads/main' }));
    const result = await review();
    expect(result).toMatchObject({
      code: 2,
      stderr:
        "error: The event at GITHUB_EVENT_PATH is not a pull request's: pass --pr <number>, or run on a pull_request event (GitHub Actions sets GITHUB_EVENT_PATH)\n",
    });
  });

  it('refuses --pr without --comment, and a --pr that is no number', async () => {
    const alone = await runCli(['diff', 'a.flow.json', 'b.flow.json', '--pr', '3'], { cwd: dir, env: env() });
    expect(alone).toMatchObject({ code: 2, stderr: 'error: --pr names the pull request of --comment: add --comment\n' });
    const bad = await review(['--pr', '3x']);
    expect(bad).toMatchObject({ code: 2, stderr: 'error: Invalid --pr "3x": give a pull request\'s number\n' });
  });
});

describe('flowctl diff --comment --test-report', () => {
  const tests = evalMarkdown(evalResultFixture());
  const report = (value: unknown = evalResultFixture()): string => {
    writeFileSync(join(dir, 'result.json'), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return 'result.json';
  };

  it("posts the review, then the tests' report, as --format markdown prints them", async () => {
    const printed = await runCli(['diff', 'a.flow.json', 'b.flow.json', '--format', 'markdown'], { cwd: dir, env: env() });
    const result = await review(['--format', 'markdown', '--test-report', report()]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${printed.stdout}\n${tests}`);
    expect(github.comments.map((c) => c.body)).toEqual([`${REVIEW_MARKER}\n${printed.stdout}\n${tests}`]);
  });

  it("says nothing changed in the flows, then gives the tests' report", async () => {
    writeFileSync(join(dir, 'b.flow.json'), flowText(sampleFlow()));
    const result = await review(['--test-report', report()]);
    expect(result.code, result.stderr).toBe(0);
    expect(github.comments[0]?.body).toBe(`${REVIEW_MARKER}\n${NO_FLOW_CHANGES}\n\n${tests}`);
  });

  it.each([
    [
      'a cassette',
      { format: 'flow-cassette/1', tests: {} },
      'is not a flow-test-result/1 result (flowctl test --format json): format is "flow-cassette/1"',
    ],
    [
      'an empty file (the test step failed to start)',
      '',
      'is not JSON (write it with flowctl test --format json): Unexpected end of JSON input',
    ],
  ])('refuses %s before any request (exit 1)', async (_what, value, said) => {
    const result = await review(['--test-report', report(value)]);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `error: --test-report result.json ${said}\n` });
    expect(github.requests).toEqual([]);
  });

  it('says which report it cannot read', async () => {
    const result = await review(['--test-report', 'missing.json']);
    expect(result).toMatchObject({
      code: 1,
      stderr: `error: --test-report missing.json cannot be read: ENOENT: no such file or directory, open '${join(dir, 'missing.json')}'\n`,
    });
  });

  it('refuses --test-report without a markdown review to add it to', async () => {
    const result = await runCli(['diff', 'a.flow.json', 'b.flow.json', '--test-report', report()], { cwd: dir, env: env() });
    expect(result).toMatchObject({
      code: 2,
      stderr: "error: --test-report adds the tests' results to the markdown review: add --comment or --format markdown\n",
    });
  });
});

describe('postReviewComment', () => {
  it('keeps the token out of its error messages, even when GitHub repeats it', async () => {
    github.failure = { status: 403, message: `token ${TOKEN} may not write` };
    const error: unknown = await postReviewComment({ markdown: 'x', env: env(), pr: PR }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error instanceof CliError ? error.message : '').not.toContain(TOKEN);
    expect(error instanceof CliError ? error.exitCode : 0).toBe(3);
  });

  it('calls GitHub Enterprise under its API path', async () => {
    const urls: string[] = [];
    const result = await postReviewComment({
      markdown: 'x',
      env: env({ GITHUB_API_URL: 'http://127.0.0.1:1/api/v3' }),
      pr: PR,
      fetch: (url) => {
        urls.push(url);
        const value = urls.length === 1 ? [] : { id: 5, html_url: 'https://ghe.example/octo/flows/pull/7#issuecomment-5' };
        return Promise.resolve(new Response(JSON.stringify(value), { status: urls.length === 1 ? 200 : 201 }));
      },
    });
    expect(urls).toEqual([
      `http://127.0.0.1:1/api/v3/repos/octo/flows/issues/${PR}/comments?per_page=100`,
      `http://127.0.0.1:1/api/v3/repos/octo/flows/issues/${PR}/comments`,
    ]);
    expect(result).toEqual({ action: 'posted', id: 5, url: 'https://ghe.example/octo/flows/pull/7#issuecomment-5', pr: PR });
  });

  it('keeps the token out of a network error', async () => {
    const error: unknown = await postReviewComment({
      markdown: 'x',
      env: env(),
      pr: PR,
      fetch: () => Promise.reject(new Error(`connect failed with ${TOKEN}`)),
    }).catch((e: unknown) => e);
    expect(error instanceof CliError ? error.message : '').toBe(
      `Could not reach GitHub at ${github.url} (GET /repos/octo/flows/issues/${PR}/comments): connect failed with ***`,
    );
  });
});

describe('reviewCommentBody', () => {
  it('closes a longer fence and open <details> blocks at the cut', () => {
    const body = reviewCommentBody(`<details>\n\n\`\`\`\`text\n\`\`\` inside\n${'~ a changed line\n'.repeat(5000)}\`\`\`\`\n</details>\n`);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body).toMatch(/~ a changed line\n````\n<\/details>\n\n\n_The review was cut/);
  });

  it('leaves a review within the limit as it is, after the marker', () => {
    expect(reviewCommentBody('# Flow changes\n')).toBe(`${REVIEW_MARKER}\n# Flow changes\n`);
    expect(reviewCommentBody(' \n')).toBe(`${REVIEW_MARKER}\n${NO_FLOW_CHANGES}`);
  });

  it("cuts a long review before the tests' report, which stays whole", () => {
    const tests = evalMarkdown(evalResultFixture());
    const body = reviewCommentBody(`intro\n${'+ a line of the prompt\n'.repeat(5000)}`, tests);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body.startsWith(`${REVIEW_MARKER}\nintro\n`)).toBe(true);
    expect(body).toContain(
      "+ a line of the prompt\n\n\n_The review was cut at GitHub's 65,536-character comment limit: run `flowctl diff` locally for all of it._\n\n### Conversation tests\n",
    );
    expect(body.endsWith(`\n\n${tests}`)).toBe(true);
  });

  it("cuts a long review at GitHub's limit, closes the open code block and says so", () => {
    const body = reviewCommentBody(`intro\n\`\`\`diff\n${'+ a line of the prompt\n'.repeat(5000)}\`\`\`\n`);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body.startsWith(`${REVIEW_MARKER}\nintro\n\`\`\`diff\n`)).toBe(true);
    expect(
      body.endsWith(
        "+ a line of the prompt\n```\n\n\n_The review was cut at GitHub's 65,536-character comment limit: run `flowctl diff` locally for all of it._",
      ),
    ).toBe(true);
  });
});
