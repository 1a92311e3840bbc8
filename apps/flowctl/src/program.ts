import { EventEmitter } from 'node:events';
import { Command, Option } from 'commander';
import type { Invocation } from './command.js';
import { COMMAND_GROUPS, COMMANDS, GLOBAL_OPTIONS } from './commandList.js';
import type { CommandSpec, OptionSpec } from './commandSpec.js';
import type { FlowctlConfig } from './config.js';

/** The command the parser chose, with everything it read. */
export interface Parsed {
  spec: CommandSpec;
  invocation: Invocation;
  /** The leaf command, to read option value sources from. */
  command: Command;
}

export interface ProgramHooks {
  version: string;
  /** The run's environment: where options named with an `env` read their value. */
  env: Readonly<Record<string, string | undefined>>;
  /** The config file's values, the defaults of the options that name a config key. */
  config: FlowctlConfig;
  writeOut(text: string): void;
  writeErr(text: string): void;
  onParsed(parsed: Parsed): void;
}

function toOption(spec: OptionSpec, config: FlowctlConfig): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.choices) option.choices(spec.choices);
  const configured = spec.config === undefined ? undefined : config[spec.config];
  if (typeof configured === 'string') option.default(configured);
  else if (spec.default !== undefined) option.default(spec.default);
  if (spec.env) option.env(spec.env);
  if (spec.required) option.makeOptionMandatory();
  return option;
}

/**
 * A command that reads options' environment variables from the run's env: commander reads
 * process.env, which is not this run's when flowctl runs in a process that is not its own.
 */
class EnvCommand extends Command {
  constructor(
    name: string,
    private readonly env: ProgramHooks['env'],
  ) {
    super(name);
  }

  override createCommand(name?: string): EnvCommand {
    return new EnvCommand(name ?? '', this.env);
  }

  /** commander's own (lib/command.js, commander 14) with this.env for process.env. */
  _parseOptionsEnv(): void {
    // A Command is an EventEmitter (its typings leave that out); the option's listener parses the value.
    const emit = (event: string, ...args: unknown[]): boolean => EventEmitter.prototype.emit.call(this, event, ...args);
    for (const option of this.options) {
      const name = option.envVar;
      if (name === undefined || !(name in this.env)) continue;
      const key = option.attributeName();
      // Flags and values from the command line (or from code) win.
      if (this.getOptionValue(key) !== undefined && !['default', 'config', 'env'].includes(this.getOptionValueSource(key) ?? '')) continue;
      if (option.required || option.optional) emit(`optionEnv:${option.name()}`, this.env[name]);
      else emit(`optionEnv:${option.name()}`);
    }
  }
}

function configure(command: Command, hooks: ProgramHooks): Command {
  return command
    .exitOverride()
    .configureOutput({ writeOut: (text) => hooks.writeOut(text), writeErr: (text) => hooks.writeErr(text), outputError: () => undefined })
    .showSuggestionAfterError(false)
    .helpOption('-h, --help', 'show help');
}

/**
 * The commander program, made from COMMANDS. Options are positional (program options before the
 * command name) so that `fetch --version V` is the flow's version; every command repeats the
 * global options, so they may also follow the command.
 */
export function buildProgram(hooks: ProgramHooks): Command {
  const program = configure(new EnvCommand('flowctl', hooks.env), hooks)
    .description('Flow on the command line: validate, format, diff, compile, fetch and publish flow files.')
    .version(hooks.version, '-V, --version', 'show the version')
    .enablePositionalOptions()
    .helpCommand('help [command]', 'show help of a command');
  for (const option of GLOBAL_OPTIONS) program.addOption(toOption(option, hooks.config));
  const parents = new Map<string, Command>();
  for (const spec of COMMANDS) {
    const words = spec.name.split(' ');
    const leafName = words.pop() ?? spec.name;
    let parent = program;
    for (const word of words) {
      let group = parents.get(word);
      if (!group) {
        group = configure(parent.command(word), hooks).description(COMMAND_GROUPS[word] ?? word);
        parents.set(word, group);
      }
      parent = group;
    }
    const command = configure(parent.command(`${leafName}${spec.args ? ` ${spec.args}` : ''}`), hooks)
      .description(spec.summary)
      .addHelpText('after', `\nExample:\n  ${spec.example}\n`);
    for (const option of spec.options) command.addOption(toOption(option, hooks.config));
    for (const option of GLOBAL_OPTIONS) command.addOption(toOption(option, hooks.config));
    command.action((...values: unknown[]) => {
      // commander passes the positional values, then the options object, then the command.
      const positional = values.slice(0, command.registeredArguments.length);
      const text = (value: unknown): string[] => (typeof value === 'string' ? [value] : []);
      const args = positional.flatMap((value) => (Array.isArray(value) ? value.flatMap(text) : text(value)));
      hooks.onParsed({ spec, invocation: { args, options: command.opts() }, command });
    });
  }
  return program;
}

/** Commands at the top level or under a group. */
export function commandNames(group?: string): string[] {
  const names = new Set<string>();
  for (const spec of COMMANDS) {
    const words = spec.name.split(' ');
    if (group === undefined) names.add(words[0] ?? spec.name);
    else if (words[0] === group && words[1] !== undefined) names.add(words[1]);
  }
  return [...names];
}

/** Long flags of a command (its own and the global ones) plus help. */
export function optionNames(spec: CommandSpec | undefined): string[] {
  const specs = [...(spec?.options ?? []), ...GLOBAL_OPTIONS];
  const longs = specs.flatMap((option) => option.flags.split(/[ ,|]+/).filter((flag) => flag.startsWith('--')));
  return [...longs, '--help', ...(spec ? [] : ['--version'])];
}
