/** A command line of docs/cli.md that is run against the examples whenever the docs are made. */
export interface DocSample {
  /** The command as a user types it, starting with `flowctl`. */
  command: string;
  /** Print what it writes (stdout and stderr, as a terminal shows them) under the command. */
  showOutput?: boolean;
  /** The exit code it must end with (default 0). */
  exitCode?: number;
  /** Runs until stopped (`serve`): it is stopped with SIGINT once its output contains this. */
  readyWhen?: string;
  /** Text piped to its standard input. */
  stdin?: string;
  /** Runs with FLOW_DATABASE_URL set to a throwaway PostgreSQL database (shown as `postgres://flow@127.0.0.1:5432/flow`). */
  database?: boolean;
}

/** What docs/cli.md says of one command besides what its definition in commandList.ts says. */
export interface CommandGuide {
  /** Markdown: what the command does, in detail. */
  details: string;
  /** Further command lines, shown (and run) after the details. */
  samples?: readonly DocSample[];
}

/** What running a sample gave, its output made independent of the machine (ports, folders). */
export interface SampleRun {
  exitCode: number;
  output: string;
}
