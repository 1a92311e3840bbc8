import { secretMessages } from '@flow/core';
import { argument, secretName, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT } from '../errors.js';

/** `flowctl secrets delete <name>`: removes one secret from the provider's store (exit 4 when there is none). */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const name = secretName(argument(invocation, 0, 'name'));
  const client = await ctx.client();
  const deleted = await ctx.task(`Deleting ${name}…`, () => client.deleteSecret(name));
  if (!deleted) throw new CliError('SECRET_NOT_FOUND', secretMessages.secretNotFound(name), EXIT.notFound);
  return { kind: 'secrets delete', data: { name, change: 'deleted' }, exitCode: EXIT.ok };
}
