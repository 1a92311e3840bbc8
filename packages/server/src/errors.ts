/** Refusal to start: bad options, such as a public address without a token. */
export class ServerConfigError extends Error {
  override name = 'ServerConfigError';
}

/** Refusal to start: another server, alive, already serves the data folder (one server per folder). */
export class DataFolderInUseError extends ServerConfigError {
  override name = 'DataFolderInUseError';
  readonly dir: string;
  /** The address of the server that holds the folder. */
  readonly url: string;
  readonly pid: number;

  constructor(dir: string, url: string, pid: number) {
    super(`The data folder ${dir} is already served by ${url} (process ${pid}): stop it, or use another --dir`);
    this.dir = dir;
    this.url = url;
    this.pid = pid;
  }
}
