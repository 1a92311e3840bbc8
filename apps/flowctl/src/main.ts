import { Readable, Writable } from 'node:stream';
import { CommanderError, type Command } from 'commander';
import type { Outcome } from './command.js';
import { COMMANDS, GLOBAL_OPTIONS } from './commandList.js';
import { createContext, type Context, type GlobalOptions } from './context.js';
import { CliError, EXIT, usageError, type ExitCode } from './errors.js';
import { loadConfig } from './config.js';
import { colorEnabled, createStyle, redactingStream, type Io } from './output.js';
import { buildProgram, commandNames, optionNames, type Parsed } from './program.js';
import { renderError, renderOutcome, renderUsageError } from './render/render.js';
import { closest } from './suggest.js';
import { toCliError } from './toCliError.js';

/** Options given before `--`, as typed. */
function typedOptions(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).filter((arg) => arg.startsWith('-'));
}

/** The value of `--token` on the command line, so even a parse error cannot show it. */
function tokenInArgv(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--token') return argv[i + 1];
    if (arg.startsWith('--token=')) return arg.slice('--token='.length);
  }
  return undefined;
}

/** The command named on the command line (for suggestions after a parse error). */
function namedCommand(argv: readonly string[]): { group?: string; name?: string } {
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const first = words[0];
  if (first === undefined) return {};
  if (commandNames().includes(first) && commandNames(first).length > 0) return { group: first, name: words[1] };
  return { name: first };
}

/** One line for a commander error, with the closest valid name where a name was wrong. */
function usageMessage(error: CommanderError, argv: readonly string[]): string {
  const text = error.message.replace(/^error:\s*/, '').split('\n')[0] ?? error.message;
  const { group, name } = namedCommand(argv);
  if (error.code === 'commander.unknownCommand') {
    const unknown = /'([^']+)'/.exec(text)?.[1] ?? name ?? '';
    const suggestion = closest(unknown, [...commandNames(group), 'help']);
    const where = group ? `flowctl ${group} ` : 'flowctl ';
    return `Unknown command "${unknown}"${suggestion ? `: did you mean "${where}${suggestion}"?` : ''}`;
  }
  if (error.code === 'commander.unknownOption') {
    const unknown = /'([^']+)'/.exec(text)?.[1] ?? '';
    const spec = COMMANDS.find((c) => c.name === (group ? `${group} ${name ?? ''}` : name));
    const suggestion = closest(unknown.split('=')[0] ?? unknown, optionNames(spec));
    return `Unknown option "${unknown}"${suggestion ? `: did you mean "${suggestion}"?` : ''}`;
  }
  if (error.code === 'commander.help') {
    const names = commandNames(group).join(', ');
    return group ? `Missing command after "${group}": one of ${names}` : `Missing command: one of ${names}`;
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A global option's value: a flag after the command, a flag before it, then env, then default. */
function globalValue(leaf: Command, program: Command, key: string): unknown {
  for (const command of [leaf, program]) if (command.getOptionValueSource(key) === 'cli') return command.getOptionValue(key);
  return leaf.getOptionValue(key);
}

function globalOptions(parsed: Parsed, program: Command): GlobalOptions {
  const value = (key: string): unknown => globalValue(parsed.command, program, key);
  const apiUrl = value('apiUrl');
  const token = value('token');
  return {
    apiUrl: typeof apiUrl === 'string' && apiUrl !== '' ? apiUrl : (GLOBAL_OPTIONS[0]?.default ?? ''),
    token: typeof token === 'string' && token !== '' ? token : undefined,
    json: value('json') === true,
    quiet: value('quiet') === true,
  };
}

/**
 * Runs flowctl with `argv` (the words after the program name) and returns the exit code.
 * Never calls process.exit: the caller sets process.exitCode.
 */
export async function main(argv: readonly string[], io: Io, version: string): Promise<ExitCode> {
  // Every secret this run may know of: the provider token (the flag's, the environment's) and the
  // model's key (runtime's MODEL_ENV.apiKey, named here so that startup loads no runtime), which an
  // endpoint may echo in an error; and GITHUB_TOKEN, which `diff --comment` sends to GitHub.
  const tokens = [tokenInArgv(argv), io.env.FLOW_TOKEN, io.env.FLOW_MODEL_API_KEY, io.env.GITHUB_TOKEN].filter(
    (t): t is string => t !== undefined && t !== '',
  );
  const safeIo: Io = {
    ...io,
    stdout: redactingStream(io.stdout, () => tokens),
    stderr: redactingStream(io.stderr, () => tokens),
  };
  const typed = typedOptions(argv);
  const jsonMode = typed.includes('--json');
  const errStyle = createStyle(colorEnabled(io.stderr, io.env));
  let parsed: Parsed | undefined;
  let helpText = '';
  // A bad config file stops a command, not help: its error waits until a command was parsed.
  const loaded = await loadConfig(io.cwd).then(
    (result) => ({ ...result, error: null }),
    (error: unknown) => ({ config: {}, source: null, error }),
  );
  const program = buildProgram({
    version,
    env: io.env,
    config: loaded.config,
    writeOut: (text) => {
      if (jsonMode) helpText += text;
      else safeIo.stdout.write(text);
    },
    writeErr: (text) => {
      safeIo.stderr.write(text);
    },
    onParsed: (p) => {
      parsed = p;
    },
  });
  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // Help asked for (`--help`, `help [command]`) exits 0; help shown for a missing command does not.
    if (
      error.code === 'commander.version' ||
      error.code === 'commander.helpDisplayed' ||
      (error.code === 'commander.help' && error.exitCode === 0)
    ) {
      if (jsonMode) {
        const value = error.code === 'commander.version' ? { version } : { help: helpText };
        safeIo.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
      }
      return EXIT.ok;
    }
    renderUsageError(usageError(usageMessage(error, argv)), { io: safeIo, json: jsonMode, errStyle });
    return EXIT.usage;
  }
  if (!parsed) {
    renderUsageError(usageError('Missing command'), { io: safeIo, json: jsonMode, errStyle });
    return EXIT.usage;
  }
  if (loaded.error !== null) {
    renderUsageError(toCliError(loaded.error, ''), { io: safeIo, json: jsonMode, errStyle });
    return EXIT.usage;
  }
  const options = { ...globalOptions(parsed, program), version, config: loaded.config };
  // `validate --format json` promises JSON on stdout, so its errors are JSON too.
  if (parsed.spec.name === 'validate' && parsed.invocation.options.format === 'json') options.json = true;
  const style = createStyle(!options.json && colorEnabled(io.stdout, io.env));
  const ctx: Context = createContext(safeIo, options, style, errStyle, {
    stdin: io.stdin instanceof Readable ? io.stdin : undefined,
    stderr: io.stderr instanceof Writable ? io.stderr : undefined,
  });
  try {
    const command = await parsed.spec.load();
    const outcome: Outcome = await command.run(parsed.invocation, ctx);
    renderOutcome(outcome, ctx);
    return outcome.exitCode;
  } catch (error) {
    const failure: CliError = toCliError(error, ctx.apiUrl);
    renderError(failure, ctx);
    return failure.exitCode;
  }
}
