import { argument, flagOption, requiredOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT } from '../errors.js';
import { openUrl } from '../openUrl.js';

/** `flowctl session <workflowId> --plan ID [--open]`: a hosted session of a saved workflow and its link. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const workflowId = argument(invocation, 0, 'workflowId');
  const planId = requiredOption(invocation, 'plan');
  const client = await ctx.client();
  const session = await ctx.task('Creating a session…', () => client.createSession(workflowId, planId));
  // A provider may answer with a path of its own site.
  const hostedLink = session.hostedLink.startsWith('/') ? client.hostedUrl(session.hostedLink) : session.hostedLink;
  let opened = false;
  if (flagOption(invocation, 'open')) {
    opened = await openUrl(hostedLink, ctx.io.env);
    if (!opened) ctx.warn(`Could not open a browser: open ${hostedLink} yourself`);
  }
  return { kind: 'session', data: { planId, workflowId, sessionId: session.sessionId, hostedLink, opened }, exitCode: EXIT.ok };
}
