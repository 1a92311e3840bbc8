import { diffFlows, maskSecretPair } from '@flow/core';
import { argument, flagOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT, fileError } from '../errors.js';
import { loadFlowFile } from '../files/readFlowFile.js';
import type { DiffReport } from '../reports.js';

/** `flowctl diff <a> <b>`: what changed between two flows, positions and key order ignored. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const a = argument(invocation, 0, 'a');
  const b = argument(invocation, 1, 'b');
  const [left, right] = await Promise.all([loadFlowFile(a, ctx.io.cwd), loadFlowFile(b, ctx.io.cwd)]);
  // Both files are read before failing, so each bad one is reported.
  const bad = [...(left.ok ? [] : left.findings), ...(right.ok ? [] : right.findings)];
  if (!left.ok || !right.ok) throw fileError(bad.filter((f) => f.severity === 'error'));
  const data: DiffReport = { a, b, ...diffFlows(...maskSecretPair(left.doc, right.doc)) };
  const exitCode = flagOption(invocation, 'exitCode') && !data.same ? EXIT.findings : EXIT.ok;
  return { kind: 'diff', data, exitCode };
}
