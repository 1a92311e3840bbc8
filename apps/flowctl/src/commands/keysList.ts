import type { Invocation, Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT } from '../errors.js';

/** `flowctl keys list`: the provider's agent keys and what each may do; never a key. */
export async function run(_invocation: Invocation, ctx: Context): Promise<Outcome> {
  const client = await ctx.client();
  const keys = await ctx.task('Loading keys…', () => client.listKeys());
  return { kind: 'keys list', data: { apiUrl: ctx.apiUrl, keys }, exitCode: EXIT.ok };
}
