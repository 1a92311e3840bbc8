import { createPlanSession, moveSecretsToEnv, serializeFlow } from '@flow/core';
import { flagOption, requiredOption, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT } from '../errors.js';
import { testFilesOf, writeTestFiles } from '../files/testFiles.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import type { FetchReport } from '../reports.js';

/**
 * `flowctl fetch --plan ID [--version V] [-o file]`: a flow document built from the provider; with
 * `-o <name>.flow.json`, the version's tests too (`<name>.flowtest.json`, `<name>.cassette.json`) when it has any.
 */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const planId = requiredOption(invocation, 'plan');
  const versionName = stringOption(invocation, 'version') ?? 'production';
  const output = stringOption(invocation, 'output');
  const client = await ctx.client();
  const fetched = await ctx.task(`Fetching ${planId}/${versionName}…`, () =>
    createPlanSession(client, planId, versionName, { warn: ctx.warn }).load(),
  );
  const { doc, moved } = flagOption(invocation, 'keepSecrets') ? { doc: fetched.doc, moved: [] } : moveSecretsToEnv(fetched.doc);
  const text = serializeFlow(doc);
  const tests: string[] = [];
  if (output !== undefined) {
    await writeFileAtomic(output, text, ctx.io.cwd);
    const held = await ctx.task(`Fetching the tests of ${planId}/${versionName}…`, () => client.getFlowTests(planId, versionName));
    if (held !== null && testFilesOf(output) === null)
      ctx.warn(`${planId}/${versionName} has tests: name the output <name>.flow.json to write them beside it`);
    else if (held !== null) tests.push(...(await writeTestFiles(output, held.tests, ctx.io.cwd)));
  }
  if (doc.nodes.length === 0) ctx.warn(`${planId}/${versionName} has no nodes on the provider`);
  for (const secret of moved) ctx.warn(`the secret at ${secret.path} is now { "env": "${secret.env}" }: set ${secret.env} to publish`);
  const data: FetchReport = {
    planId,
    versionName,
    source: fetched.source,
    ...(output === undefined ? {} : { output, tests }),
    nodes: doc.nodes.length,
    secrets: moved,
    text,
    doc,
  };
  return { kind: 'fetch', data, exitCode: EXIT.ok };
}
