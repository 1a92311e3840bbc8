import { secretNameProblem } from '@flow/core';
import type { Context } from './context.js';
import type { ExitCode } from './errors.js';
import { usageError } from './errors.js';
import type { Results } from './reports.js';

/** What the parser hands a command: its positional arguments and its option values. */
export interface Invocation {
  args: readonly string[];
  options: Readonly<Record<string, unknown>>;
}

/** The data a command returns, tagged with the command, and the exit code it asks for. */
export type Outcome = { [K in keyof Results]: { kind: K; data: Results[K]; exitCode: ExitCode } }[keyof Results];

/** One file under src/commands/: parses nothing, prints nothing, returns data. */
export interface CommandModule {
  run(invocation: Invocation, ctx: Context): Promise<Outcome>;
}

/** A string option, or undefined when absent. */
export function stringOption(invocation: Invocation, name: string): string | undefined {
  const value = invocation.options[name];
  return typeof value === 'string' ? value : undefined;
}

/** A string option the parser made mandatory or gave a default. */
export function requiredOption(invocation: Invocation, name: string): string {
  const value = stringOption(invocation, name);
  if (value === undefined || value === '') throw usageError(`Option --${name} is required`);
  return value;
}

/** A boolean flag. */
export function flagOption(invocation: Invocation, name: string): boolean {
  return invocation.options[name] === true;
}

/** A secret's name as the provider's store takes it (core's rule), or a usage error before any call. */
export function secretName(name: string): string {
  const problem = secretNameProblem(name);
  if (problem !== null) throw usageError(problem);
  return name;
}

/** The positional argument at `index`. */
export function argument(invocation: Invocation, index: number, name: string): string {
  const value = invocation.args[index];
  if (value === undefined || value === '') throw usageError(`Missing argument <${name}>`);
  return value;
}
