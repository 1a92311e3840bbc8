import { keyMessages, keyNameProblem } from '@flow/core';
import { argument, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';

/** `flowctl keys revoke <name>`: every request with the key is refused from now on (exit 4 when there is none). */
export async function run(invocation: Invocation, ctx: Context): Promise<Outcome> {
  const name = argument(invocation, 0, 'name');
  const problem = keyNameProblem(name);
  if (problem !== null) throw usageError(problem);
  const client = await ctx.client();
  const revoked = await ctx.task(`Revoking ${name}…`, () => client.revokeKey(name));
  if (!revoked) throw new CliError('KEY_NOT_FOUND', keyMessages.keyNotFound(name), EXIT.notFound);
  return { kind: 'keys revoke', data: { name, change: 'revoked' }, exitCode: EXIT.ok };
}
