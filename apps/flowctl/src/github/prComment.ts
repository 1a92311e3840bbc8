import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isRecord, redactTokens, type FetchLike, type FetchResponse } from '@flow/core';
import { CliError, EXIT, usageError } from '../errors.js';
import { isLoopback } from '../provider.js';

/** The hidden first line by which flowctl finds its own review comment on a pull request. */
export const REVIEW_MARKER = '<!-- flowctl-review -->';

/** GitHub refuses an issue comment body longer than this (characters). */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** The comment's text when the pull request changes no flow semantically. */
export const NO_FLOW_CHANGES = 'No semantic flow changes: positions, viewport and key order are ignored.';

/** Pages of 100 comments read at most while looking for the earlier review (10,000 comments). */
export const MAX_COMMENT_PAGES = 100;

const DEFAULT_GITHUB_API_URL = 'https://api.github.com';
const CUT_NOTE = `\n\n_The review was cut at GitHub's ${GITHUB_COMMENT_LIMIT.toLocaleString('en-US')}-character comment limit: run \`flowctl diff\` locally for all of it._`;
const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

export interface ReviewCommentOptions {
  /** The review; '' when the pull request changes no flow semantically. */
  markdown: string;
  /** The markdown of the conversation tests' result (`--test-report`), after the review. */
  tests?: string;
  /** GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_TOKEN and GITHUB_EVENT_PATH are read here. */
  env: Readonly<Record<string, string | undefined>>;
  /** The pull request's number (`--pr`); else read from the event at GITHUB_EVENT_PATH. */
  pr?: number;
  /** Defaults to undici's fetch (proxies honoured). */
  fetch?: FetchLike;
  /** Where a relative GITHUB_EVENT_PATH is read from. */
  cwd?: string;
}

/** What was done: a new comment, or the earlier one replaced. */
export interface ReviewCommentResult {
  action: 'posted' | 'updated';
  id: number;
  url: string;
  pr: number;
}

interface GitHubTarget {
  api: URL;
  owner: string;
  repo: string;
  token: string;
  pr: number;
}

/**
 * Posts the review as one comment on the pull request, or updates flowctl's earlier one (found by
 * REVIEW_MARKER). These requests go to GitHub for the user, not on a flow's behalf, so the
 * runtime's private-address guard does not apply: GITHUB_API_URL is the user's own setting.
 */
export async function postReviewComment(options: ReviewCommentOptions): Promise<ReviewCommentResult> {
  const target = await githubTarget(options);
  const fetch = options.fetch ?? (await defaultFetch(target.api, options.env));
  const body = reviewCommentBody(options.markdown, options.tests);
  const issue = `repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}/issues`;
  const earlier = await findEarlierComment(fetch, target, `${issue}/${target.pr}/comments?per_page=100`);
  const sent = JSON.stringify({ body });
  const answer =
    earlier === null
      ? await call(fetch, target, 'POST', `${issue}/${target.pr}/comments`, sent)
      : await call(fetch, target, 'PATCH', `${issue}/comments/${earlier}`, sent);
  const comment = answer.value;
  if (!isRecord(comment) || typeof comment.id !== 'number' || typeof comment.html_url !== 'string') {
    throw new CliError('GITHUB_INVALID', `GitHub's answer to ${answer.what} is not a comment`, EXIT.provider);
  }
  return { action: earlier === null ? 'posted' : 'updated', id: comment.id, url: comment.html_url, pr: target.pr };
}

/**
 * The comment's body: the marker, then the review (or NO_FLOW_CHANGES), then the tests' report
 * when there is one, cut to GitHub's limit with a note. A long review is cut before a report that
 * fits in half the limit, so the tests' verdict stays in the comment.
 */
export function reviewCommentBody(markdown: string, tests = ''): string {
  const review = `${REVIEW_MARKER}\n${markdown.trim() === '' ? NO_FLOW_CHANGES : markdown}`;
  const tail = tests.trim() === '' ? '' : `\n\n${tests}`;
  const full = `${tail === '' ? review : review.replace(/\n+$/, '')}${tail}`;
  if (full.length <= GITHUB_COMMENT_LIMIT) return full;
  return tail.length <= GITHUB_COMMENT_LIMIT / 2
    ? `${cutWithNote(review.replace(/\n+$/, ''), GITHUB_COMMENT_LIMIT - tail.length)}${tail}`
    : cutWithNote(full, GITHUB_COMMENT_LIMIT);
}

/** `text` cut to at most `limit` characters, the note included. */
function cutWithNote(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let room = limit - CUT_NOTE.length;
  for (;;) {
    // Whole lines only, so no code point or markup is split; the marker's line always stays.
    const kept = text.slice(0, text.lastIndexOf('\n', room - 1) + 1);
    const closing = openBlocksClosed(kept);
    if (kept.length + closing.length <= room) return `${kept}${closing}${CUT_NOTE}`;
    room -= closing.length;
  }
}

/** What closes the code block and the `<details>` a cut left open, so the note reads as text. */
function openBlocksClosed(markdown: string): string {
  let fence: string | null = null;
  let details = 0;
  for (const line of markdown.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && line.trim().startsWith(fence) && /^(`+|~+)$/.test(line.trim())) fence = null;
    else if (fence === null) details += (line.match(/<details>/g) ?? []).length - (line.match(/<\/details>/g) ?? []).length;
  }
  return `${fence === null ? '' : `${fence}\n`}${'</details>\n'.repeat(Math.max(0, details))}`;
}

async function githubTarget(options: ReviewCommentOptions): Promise<GitHubTarget> {
  const { env } = options;
  const token = env.GITHUB_TOKEN ?? '';
  if (token === '') {
    throw usageError(
      'GITHUB_TOKEN is not set: in a workflow, set env GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }} (with permissions: pull-requests: write)',
      'GITHUB_ENV',
    );
  }
  const repository = env.GITHUB_REPOSITORY ?? '';
  if (!REPOSITORY.test(repository)) {
    const said = repository === '' ? 'is not set' : `is "${repository}"`;
    throw usageError(`GITHUB_REPOSITORY ${said}: set it to the repository as owner/name (GitHub Actions sets it)`, 'GITHUB_ENV');
  }
  const [owner = '', repo = ''] = repository.split('/');
  return {
    api: apiUrl(env.GITHUB_API_URL),
    owner,
    repo,
    token,
    pr: options.pr ?? (await eventPullRequest(env.GITHUB_EVENT_PATH, options.cwd)),
  };
}

function apiUrl(value: string | undefined): URL {
  const text = value === undefined || value === '' ? DEFAULT_GITHUB_API_URL : value;
  let url: URL;
  try {
    url = new URL(text.endsWith('/') ? text : `${text}/`);
  } catch {
    throw usageError(`GITHUB_API_URL "${text}" is not an address such as ${DEFAULT_GITHUB_API_URL}`, 'GITHUB_ENV');
  }
  // The token is sent with every request: in clear text only to this machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.href))) {
    throw usageError(`GITHUB_API_URL "${text}" must be https (http only on this machine)`, 'GITHUB_ENV');
  }
  return url;
}

/** The pull request's number in the event JSON: `pull_request.number`, `number` or `issue.number`. */
async function eventPullRequest(path: string | undefined, cwd: string | undefined): Promise<number> {
  const set = 'pass --pr <number>, or run on a pull_request event (GitHub Actions sets GITHUB_EVENT_PATH)';
  if (path === undefined || path === '') throw usageError(`No pull request: ${set}`, 'GITHUB_ENV');
  let event: unknown;
  try {
    event = JSON.parse(await readFile(resolve(cwd ?? '.', path), 'utf8'));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw usageError(`Cannot read the event at GITHUB_EVENT_PATH (${path}): ${why}`, 'GITHUB_ENV');
  }
  const candidates = isRecord(event)
    ? [
        isRecord(event.pull_request) ? event.pull_request.number : undefined,
        event.number,
        isRecord(event.issue) ? event.issue.number : undefined,
      ]
    : [];
  const found = candidates.find((n): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0);
  if (found === undefined) throw usageError(`The event at GITHUB_EVENT_PATH is not a pull request's: ${set}`, 'GITHUB_ENV');
  return found;
}

async function defaultFetch(api: URL, env: ReviewCommentOptions['env']): Promise<FetchLike> {
  // undici is large: it loads only when a comment is posted.
  const { undiciFetch } = await import('../undiciFetch.js');
  return undiciFetch(isLoopback(api.href), env);
}

/** The id of flowctl's earlier review comment, following the list's `Link: rel="next"` pages. */
async function findEarlierComment(fetch: FetchLike, target: GitHubTarget, first: string): Promise<number | null> {
  let next: string | null = first;
  for (let page = 0; next !== null && page < MAX_COMMENT_PAGES; page++) {
    const { value, response } = await call(fetch, target, 'GET', next);
    if (!Array.isArray(value)) throw new CliError('GITHUB_INVALID', "GitHub's list of comments is not a list", EXIT.provider);
    for (const comment of value) {
      if (
        isRecord(comment) &&
        typeof comment.id === 'number' &&
        typeof comment.body === 'string' &&
        comment.body.startsWith(REVIEW_MARKER)
      ) {
        return comment.id;
      }
    }
    next = nextPage(response.headers.get('link'), target.api);
  }
  return null;
}

/** The `rel="next"` address of a Link header, only on GitHub's own origin (the token goes with it). */
function nextPage(link: string | null, api: URL): string | null {
  for (const part of (link ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1] === undefined) continue;
    const url = new URL(match[1], api);
    if (url.origin !== api.origin)
      throw new CliError('GITHUB_INVALID', `GitHub's next page is on another origin (${url.origin})`, EXIT.provider);
    return url.href;
  }
  return null;
}

/** One request to GitHub; an answer other than 2xx is a clear error (exit 3) that never shows the token. */
async function call(
  fetch: FetchLike,
  target: GitHubTarget,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: string,
): Promise<{ value: unknown; response: FetchResponse; what: string }> {
  const url = new URL(path, target.api);
  const what = `${method} ${url.pathname}`;
  const headers: Record<string, string> = {
    Authorization: `Bearer ${target.token}`,
    Accept: 'application/vnd.github+json',
    'X-GitHub-Api-Version': '2022-11-28',
    'User-Agent': 'flowctl',
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
  };
  let response: FetchResponse;
  let text: string;
  try {
    response = await fetch(url.href, { method, headers, ...(body === undefined ? {} : { body }) });
    text = await response.text();
  } catch (error) {
    const why = redactTokens(error instanceof Error ? (causeMessage(error) ?? error.message) : String(error), [target.token]);
    throw new CliError('NETWORK', `Could not reach GitHub at ${target.api.origin} (${what}): ${why}`, EXIT.provider);
  }
  let value: unknown = null;
  try {
    value = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): said below by status, or refused as not a comment.
  }
  if (!response.ok) throw githubError(response.status, value, what, target);
  return { value, response, what };
}

function causeMessage(error: Error): string | undefined {
  const cause: unknown = error.cause;
  return cause instanceof Error
    ? `${error.message} (${'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message})`
    : undefined;
}

function githubError(status: number, value: unknown, what: string, target: GitHubTarget): CliError {
  const said = isRecord(value) && typeof value.message === 'string' ? `: ${redactTokens(value.message, [target.token]).slice(0, 300)}` : '';
  const repository = `${target.owner}/${target.repo}`;
  const hint =
    status === 401
      ? 'check GITHUB_TOKEN: GitHub does not accept it (expired, revoked or not a token)'
      : status === 403
        ? 'check that the token may write pull requests (the workflow needs permissions: pull-requests: write; pull requests from forks get a read-only token)'
        : status === 404
          ? `check GITHUB_REPOSITORY (${repository}), the pull request number (${target.pr}) and that the token can see the repository`
          : status === 422
            ? 'GitHub refused the comment'
            : `GitHub could not answer (${target.api.origin})`;
  return new CliError('GITHUB_HTTP', `GitHub answered ${status} to ${what}${said}; ${hint}`, EXIT.provider);
}
