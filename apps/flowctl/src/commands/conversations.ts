import { conversationMessages, isId } from '@flow/core';
import { argument, stringOption, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';

/** `PLAN` or `PLAN/VERSION`, each an id, or a usage error before any call. */
function planTarget(text: string): { planId: string; versionName?: string } {
  const [planId = '', versionName, ...rest] = text.split('/');
  if (!isId(planId) || (versionName !== undefined && !isId(versionName)) || rest.length > 0)
    throw usageError(`Invalid agent "${text}": give PLAN or PLAN/VERSION, such as support-desk/production`);
  return { planId, ...(versionName === undefined ? {} : { versionName }) };
}

/** `flowctl conversations list PLAN[/VERSION]`: the provider's served conversations of a plan, newest first. */
export async function runList(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const target = planTarget(argument(invocation, 0, 'plan'));
  const search = stringOption(invocation, 'search');
  const limitText = stringOption(invocation, 'limit');
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1))
    throw usageError(`Invalid --limit "${limitText ?? ''}": a whole number of at least 1`);
  const client = await ctx.client();
  const page = await ctx.task('Loading conversations…', () =>
    client.listConversations({ ...target, ...(search === undefined ? {} : { search }), ...(limit === undefined ? {} : { limit }) }),
  );
  return {
    kind: 'conversations list',
    data: { apiUrl: ctx.apiUrl, planId: target.planId, versionName: target.versionName ?? null, search: search ?? null, ...page },
    exitCode: EXIT.ok,
  };
}

/** `flowctl conversations show ID`: one conversation whole, its tool calls included (exit 4 when there is none). */
export async function runShow(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const id = argument(invocation, 0, 'id');
  const client = await ctx.client();
  const conversation = await ctx.task(`Loading ${id}…`, () => client.getConversation(id));
  if (conversation === null) throw new CliError('CONVERSATION_NOT_FOUND', conversationMessages.conversationNotFound(id), EXIT.notFound);
  return { kind: 'conversations show', data: { conversation }, exitCode: EXIT.ok };
}
