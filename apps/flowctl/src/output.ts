import { Chalk, type ChalkInstance } from 'chalk';
import { redactTokens } from '@flow/core';

/** What the CLI writes to: stdout for results, stderr for logs, spinners and errors. */
export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Where a long-running command (`serve`) hears that it should stop: the process's SIGINT and SIGTERM. */
export interface StopSignals {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

export interface Io {
  stdout: Stream;
  stderr: Stream;
  /** Standard input, read when a file argument is `-`. */
  stdin?: AsyncIterable<unknown> & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** What stops `serve` (cli.ts: the process); without it, serve runs until its process ends. */
  signals?: StopSignals;
}

/** Colours used by the text renderer; every one is the identity when colour is off. */
export interface Style {
  color: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
}

/** Colour only on a terminal, never with NO_COLOR; FORCE_COLOR turns it on anywhere. */
export function colorEnabled(stream: Stream, env: Io['env']): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** A style that colours, or one that leaves text as it is. */
export function createStyle(color: boolean): Style {
  const chalk: ChalkInstance = new Chalk({ level: color ? 1 : 0 });
  return {
    color,
    bold: (t) => chalk.bold(t),
    dim: (t) => chalk.dim(t),
    red: (t) => chalk.red(t),
    yellow: (t) => chalk.yellow(t),
    green: (t) => chalk.green(t),
    cyan: (t) => chalk.cyan(t),
  };
}

/** A stream that never shows a token: each exact occurrence is replaced before it is written (core's redactTokens). */
export function redactingStream(stream: Stream, secrets: () => readonly string[]): Stream {
  return {
    isTTY: stream.isTTY,
    write(text: string) {
      return stream.write(redactTokens(text, secrets()));
    },
  };
}
