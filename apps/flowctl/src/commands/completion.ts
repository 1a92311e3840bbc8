import { argument, type Invocation, type Outcome } from '../command.js';
import type { Context } from '../context.js';
import { EXIT, usageError } from '../errors.js';
import { completionScript } from '../completion/completionScripts.js';
import { SHELLS, isShell } from '../completion/shells.js';

/** `flowctl completion bash|zsh|fish`: the shell's completion script, made from the command definitions. */
export async function run(invocation: Invocation, _ctx: Context): Promise<Outcome> {
  const shell = argument(invocation, 0, 'shell');
  if (!isShell(shell)) throw usageError(`Unknown shell "${shell}": one of ${SHELLS.join(', ')}`);
  return { kind: 'completion', data: { shell, script: completionScript(shell) }, exitCode: EXIT.ok };
}
