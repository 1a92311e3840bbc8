import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeFlowBytes, flowDiffsMarkdown, flowFileDiff, parseFlow, ruleFinding, type FlowFileSides } from '@flow/core';
import { flagOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT, fileError, usageError } from '../errors.js';
import { isDiffFormat, type DiffFormat } from '../formats.js';
import {
  flowFilesAtRevision,
  flowFilesInWorkTree,
  readAtRevision,
  requireRevision,
  revisionPath,
  type RevisionPath,
} from '../files/gitRevision.js';
import { inFile, loadFlowFile, type LoadedFlow } from '../files/readFlowFile.js';
import { evalMarkdown } from '../evals/evalMarkdown.js';
import { readEvalResultFile } from '../evals/readEvalResultFile.js';
import { postReviewComment } from '../github/prComment.js';
import type { DiffFileReport, DiffReport } from '../reports.js';

/** Where `--base` looks when no path is named and the config lists no files. */
export const DEFAULT_FLOWS_FOLDER = 'flows';

/** A file as it is in a revision known to exist, named `rev:path` in findings. */
async function loadAtRevision(at: RevisionPath, cwd: string): Promise<LoadedFlow> {
  const arg = `${at.rev}:${at.path}`;
  const bytes = await readAtRevision(at, cwd);
  if (bytes === null) {
    return {
      ok: false,
      file: arg,
      findings: [{ file: arg, ...ruleFinding('unreadable-file', '$', `Cannot read file: not in revision ${at.rev}`) }],
    };
  }
  // The same checks as a file on disk: the size limit and UTF-8.
  const decoded = decodeFlowBytes(bytes);
  if (!decoded.ok) return { ok: false, file: arg, findings: [{ file: arg, ...decoded.finding }] };
  const text = decoded.text;
  const parsed = parseFlow(text);
  return parsed.ok
    ? { ok: true, file: arg, text, doc: parsed.doc }
    : { ok: false, file: arg, text, findings: inFile(arg, parsed.findings) };
}

/** A side of the diff: a file, or `rev:path` read with `git show` when no such file exists. */
async function loadSide(arg: string, cwd: string): Promise<LoadedFlow> {
  const at = existsSync(resolve(cwd, arg)) ? null : revisionPath(arg);
  if (at === null) return loadFlowFile(arg, cwd);
  await requireRevision(at.rev, cwd);
  return loadAtRevision(at, cwd);
}

/** The sides read, or the error naming every bad one (each side is read before failing). */
function requireLoaded(sides: readonly (LoadedFlow | null)[]): void {
  const bad = sides.flatMap((side) => (side === null || side.ok ? [] : side.findings));
  if (bad.length > 0) throw fileError(bad.filter((f) => f.severity === 'error'));
}

const docOf = (side: LoadedFlow | null): FlowFileSides['before'] => (side?.ok ? side.doc : null);

/** Each flow file under the paths whose text differs between the revision and the working tree, in path order. */
async function baseSides(rev: string, paths: readonly string[], cwd: string): Promise<FlowFileSides[]> {
  await requireRevision(rev, cwd);
  const [old, tracked] = await Promise.all([flowFilesAtRevision(rev, paths, cwd), flowFilesInWorkTree(paths, cwd)]);
  // A file deleted but not yet staged is still listed by git: it counts as removed.
  const now = new Set(tracked.filter((file) => existsSync(resolve(cwd, file))));
  const before = new Set(old);
  const sides: FlowFileSides[] = [];
  for (const file of [...new Set([...old, ...now])].sort()) {
    const pair = await Promise.all([
      before.has(file) ? loadAtRevision({ rev, path: file }, cwd) : null,
      now.has(file) ? loadFlowFile(file, cwd) : null,
    ]);
    requireLoaded(pair);
    if (pair[0]?.text !== undefined && pair[0].text === pair[1]?.text) continue;
    sides.push({ file, before: docOf(pair[0]), after: docOf(pair[1]) });
  }
  return sides;
}

function fileReport(sides: FlowFileSides): DiffFileReport {
  const status = sides.before === null ? 'added' : sides.after === null ? 'removed' : 'changed';
  return { file: sides.file, status, ...flowFileDiff(sides) };
}

function formatOf(invocation: Invocation, ctx: Context): DiffFormat {
  const option = stringOption(invocation, 'format');
  // --json prints JSON whatever --format says, so the report names the format it is printed in.
  return ctx.json ? 'json' : isDiffFormat(option) ? option : 'text';
}

/** `--pr N`: a pull request's number, checked before anything is read. */
function pullRequestOption(invocation: Invocation): number | undefined {
  const value = stringOption(invocation, 'pr');
  if (value === undefined) return undefined;
  if (!flagOption(invocation, 'comment')) throw usageError('--pr names the pull request of --comment: add --comment');
  const pr = /^\d+$/.test(value) ? Number(value) : 0;
  if (!Number.isSafeInteger(pr) || pr < 1) throw usageError(`Invalid --pr "${value}": give a pull request's number`);
  return pr;
}

/** `--test-report FILE`: the markdown of a `flowctl test --format json` result, read before the flows; '' without it. */
async function testReportMarkdown(invocation: Invocation, format: DiffFormat, comment: boolean, cwd: string): Promise<string> {
  const file = stringOption(invocation, 'testReport');
  if (file === undefined) return '';
  if (!comment && format !== 'markdown') {
    throw usageError("--test-report adds the tests' results to the markdown review: add --comment or --format markdown");
  }
  return evalMarkdown(await readEvalResultFile(file, '--test-report', cwd));
}

/**
 * `flowctl diff <a> <b>` (each a file or `rev:path`) and `flowctl diff --base <rev> [paths...]`:
 * what changed, positions and key order ignored, as text, JSON or a markdown review.
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const format = formatOf(invocation, ctx);
  const base = stringOption(invocation, 'base');
  const pr = pullRequestOption(invocation);
  const comment = flagOption(invocation, 'comment');
  const cwd = ctx.io.cwd;
  const tests = await testReportMarkdown(invocation, format, comment, cwd);
  let data: DiffReport;
  // The review a comment posts: the same markdown, whatever the output's format.
  let review = '';
  if (base !== undefined) {
    const paths = invocation.args.length > 0 ? invocation.args : (ctx.config.files ?? [DEFAULT_FLOWS_FOLDER]);
    const sides = await baseSides(base, paths, cwd);
    const files = sides.map(fileReport);
    const markdown = format === 'markdown' || comment ? flowDiffsMarkdown(sides) : null;
    const same = files.every((f) => f.same);
    if (!same) review = markdown ?? '';
    data = { base, same, files, format, markdown: format === 'markdown' ? markdown : null };
  } else {
    const [a, b] = invocation.args;
    if (a === undefined || b === undefined || invocation.args.length !== 2) {
      throw usageError('Name two flows (files or rev:path), or compare with a revision: flowctl diff --base <rev> [paths...]');
    }
    const pair = await Promise.all([loadSide(a, cwd), loadSide(b, cwd)]);
    requireLoaded(pair);
    const sides: FlowFileSides = { file: b, before: docOf(pair[0]), after: docOf(pair[1]) };
    const markdown = format === 'markdown' || comment ? flowDiffsMarkdown([sides]) : null;
    const diff = flowFileDiff(sides);
    if (!diff.same) review = markdown ?? '';
    data = { a, b, ...diff, format, markdown: format === 'markdown' ? markdown : null };
  }
  // The tests' report follows the review, printed as it is posted.
  if (data.markdown !== null && tests !== '') data.markdown = `${data.markdown}\n${tests}`;
  if (comment) {
    // An empty review says there is no semantic change (the poster writes that sentence).
    data.comment = await ctx.task('Posting the review comment', () =>
      postReviewComment({ markdown: review, tests, env: ctx.io.env, cwd, ...(pr === undefined ? {} : { pr }) }),
    );
  }
  const exitCode = flagOption(invocation, 'exitCode') && !data.same ? EXIT.findings : EXIT.ok;
  return { kind: 'diff', data, exitCode };
}
