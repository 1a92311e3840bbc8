// What a command is, as data: the parser, the help, completion and docs/cli.md all read it.
import type { CommandModule } from './command.js';
import type { ConfigKey } from './config.js';

/** One option of a command: the data the parser, the help and docs/cli.md are made from. */
export interface OptionSpec {
  flags: string;
  description: string;
  choices?: readonly string[];
  default?: string;
  /** Environment variable read when the flag is absent (flags beat env beat defaults). */
  env?: string;
  /** Must be given (an error otherwise, exit 2). */
  required?: boolean;
  /** The config file's key that gives a default (flags beat env beat config beat defaults). */
  config?: ConfigKey;
}

export interface CommandSpec {
  /** The words that call it: `validate`, or `workflows list` for a subcommand. */
  name: string;
  /** Positional arguments in commander's notation: `<file>`, `[dir]`, `<files...>`. */
  args: string;
  summary: string;
  options: readonly OptionSpec[];
  /** Shown by `--help` and in docs/cli.md. */
  example: string;
  load(): Promise<CommandModule>;
}

/** The whole command table: what completion scripts and docs are made from. */
export interface CommandTable {
  commands: readonly CommandSpec[];
  globalOptions: readonly OptionSpec[];
  /** Command groups (`workflows`, `db`, …) and their summaries. */
  groups: Readonly<Record<string, string>>;
}
