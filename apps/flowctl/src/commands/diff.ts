import { diffFlows, maskSecretPair } from '@flow/core';
import { argument, flagOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT, fileError, usageError } from '../errors.js';
import { loadFlowFile } from '../files/readFlowFile.js';
import { postReviewComment } from '../github/prComment.js';
import { reviewMarkdown } from '../github/reviewMarkdown.js';
import type { DiffReport } from '../reports.js';

/** `--pr N`: a pull request's number, checked before anything is read. */
function pullRequestOption(invocation: Invocation): number | undefined {
  const value = stringOption(invocation, 'pr');
  if (value === undefined) return undefined;
  if (!flagOption(invocation, 'comment')) throw usageError('--pr names the pull request of --comment: add --comment');
  const pr = /^\d+$/.test(value) ? Number(value) : 0;
  if (!Number.isSafeInteger(pr) || pr < 1) throw usageError(`Invalid --pr "${value}": give a pull request's number`);
  return pr;
}

/** `flowctl diff <a> <b>`: what changed between two flows, positions and key order ignored. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const a = argument(invocation, 0, 'a');
  const b = argument(invocation, 1, 'b');
  const pr = pullRequestOption(invocation);
  const [left, right] = await Promise.all([loadFlowFile(a, ctx.io.cwd), loadFlowFile(b, ctx.io.cwd)]);
  // Both files are read before failing, so each bad one is reported.
  const bad = [...(left.ok ? [] : left.findings), ...(right.ok ? [] : right.findings)];
  if (!left.ok || !right.ok) throw fileError(bad.filter((f) => f.severity === 'error'));
  const data: DiffReport = { a, b, ...diffFlows(...maskSecretPair(left.doc, right.doc)) };
  if (flagOption(invocation, 'comment')) {
    const markdown = reviewMarkdown(data);
    data.comment = await ctx.task('Posting the review comment', () =>
      postReviewComment({ markdown, env: ctx.io.env, cwd: ctx.io.cwd, ...(pr === undefined ? {} : { pr }) }),
    );
  }
  const exitCode = flagOption(invocation, 'exitCode') && !data.same ? EXIT.findings : EXIT.ok;
  return { kind: 'diff', data, exitCode };
}
