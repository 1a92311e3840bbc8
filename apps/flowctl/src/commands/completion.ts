import { argument, type CommandModule } from '../command.js';
import type { CommandTable } from '../commandSpec.js';
import { EXIT, usageError } from '../errors.js';
import { completionScript } from '../completion/completionScripts.js';
import { SHELLS, isShell } from '../completion/shells.js';

/** `flowctl completion bash|zsh|fish`: the shell's completion script, made from the command table it is given. */
export function completionCommand(list: CommandTable): CommandModule {
  return {
    run: async (invocation) => {
      const shell = argument(invocation, 0, 'shell');
      if (!isShell(shell)) throw usageError(`Unknown shell "${shell}": one of ${SHELLS.join(', ')}`);
      return { kind: 'completion', data: { shell, script: completionScript(shell, list) }, exitCode: EXIT.ok };
    },
  };
}
