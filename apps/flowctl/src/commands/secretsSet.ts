import { argument, secretName, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT } from '../errors.js';
import { readSecretValue } from '../secretInput.js';

/** `flowctl secrets set <name>`: the value from stdin or a hidden prompt (never an argument) into the provider's secret store. */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const name = secretName(argument(invocation, 0, 'name'));
  const value = await readSecretValue(name, ctx.nodeStreams, ctx.stdin);
  const client = await ctx.client();
  const { created } = await ctx.task(`Setting ${name}…`, () => client.setSecret(name, value));
  return { kind: 'secrets set', data: { name, change: created ? 'created' : 'updated' }, exitCode: EXIT.ok };
}
