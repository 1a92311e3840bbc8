import type { Readable, Writable } from 'node:stream';
import { WriteStream } from 'node:tty';
import type { FlowClient } from '@flow/core';
import type { Io, Style } from './output.js';
import type { FlowctlConfig } from './config.js';
import { stdinReader, type StdinReader } from './files/stdin.js';
import { createProviderClient } from './provider.js';

/** Global options, after flags, environment and defaults were weighed. */
export interface GlobalOptions {
  apiUrl: string;
  token: string | undefined;
  json: boolean;
  quiet: boolean;
}

/** What a run knows besides its options: flowctl's version and the config file's values. */
export interface RunInfo {
  version: string;
  config: FlowctlConfig;
}

/** The Io's stdin and stderr when they are Node streams (stderr unredacted): readline and ora need them. */
export interface NodeStreams {
  stdin: Readable | undefined;
  stderr: Writable | undefined;
}

/** Everything a command may use besides its own arguments. */
export interface Context extends GlobalOptions, RunInfo {
  io: Io;
  /** Standard input, read once (a file argument `-`). */
  stdin: StdinReader;
  /** What the terminal chat reads lines from and prompts on. */
  nodeStreams: NodeStreams;
  /** Colours of stdout text. */
  style: Style;
  /** Colours of stderr text. */
  errStyle: Style;
  /** A progress or info line on stderr; nothing with --quiet. */
  log(message: string): void;
  /** A warning on stderr, shown even with --quiet. */
  warn: (message: string) => void;
  /** Runs `work` behind a spinner on stderr when stderr is a terminal. */
  task<T>(text: string, work: () => Promise<T>): Promise<T>;
  /** The provider client (created on first use). */
  client(): Promise<FlowClient>;
}

/** Builds the context of one run. */
export function createContext(io: Io, options: GlobalOptions & RunInfo, style: Style, errStyle: Style, nodeStreams: NodeStreams): Context {
  let client: Promise<FlowClient> | undefined;
  const { stderr } = nodeStreams;
  // A terminal of unknown width (columns 0) would make ora clear lines without end.
  const spinnerStream =
    stderr instanceof WriteStream && stderr.isTTY && stderr.columns > 0 && !options.quiet && io.env.CI === undefined ? stderr : undefined;
  return {
    ...options,
    io,
    stdin: stdinReader(io.stdin),
    nodeStreams,
    style,
    errStyle,
    log(message) {
      if (!options.quiet) io.stderr.write(`${message}\n`);
    },
    warn(message) {
      io.stderr.write(`${errStyle.yellow('warning')} ${message}\n`);
    },
    async task(text, work) {
      if (spinnerStream === undefined) return work();
      const { default: ora } = await import('ora');
      // isEnabled given, or ora would weigh TERM and CI of process.env rather than this run's.
      const enabled = io.env.TERM !== 'dumb';
      const spinner = ora({ text, stream: spinnerStream, isEnabled: enabled, color: errStyle.color ? 'cyan' : false }).start();
      try {
        const result = await work();
        spinner.stop();
        return result;
      } catch (error) {
        spinner.stop();
        throw error;
      }
    },
    client() {
      client ??= createProviderClient(options.apiUrl, options.token, io.env);
      return client;
    },
  };
}
