import type { Invocation, Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT } from '../errors.js';

/** `flowctl secrets list`: the names in the provider's secret store and when each was set; values never leave it. */
export async function run(_invocation: Invocation, ctx: Context): Promise<Outcome> {
  const client = await ctx.client();
  const secrets = await ctx.task('Loading secrets…', () => client.listSecrets());
  return { kind: 'secrets list', data: { apiUrl: ctx.apiUrl, secrets }, exitCode: EXIT.ok };
}
