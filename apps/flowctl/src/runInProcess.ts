import { Readable } from 'node:stream';
import type { ExitCode } from './errors.js';
import { main } from './main.js';
import type { Io } from './output.js';
import { packageVersion } from './packageVersion.js';

let version: string | undefined;

/**
 * Runs flowctl's `main` in this process, as the binary would with these streams, environment and
 * folder (the docs' samples, the tests' runCli). `input` is its stdin, then closed; none is an empty
 * stdin, as /dev/null gives. Rejects with `timedOut()`'s message when it has not ended in `timeoutMs`.
 */
export async function runInProcess(
  args: readonly string[],
  io: Omit<Io, 'stdin'>,
  options: { input: string | Buffer | undefined; timeoutMs: number; timedOut: () => string },
): Promise<ExitCode> {
  version ??= packageVersion();
  const stdin = Readable.from(options.input === undefined ? [] : [options.input]);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(options.timedOut())), options.timeoutMs);
  });
  try {
    return await Promise.race([main(args, { ...io, stdin }, version), late]);
  } finally {
    clearTimeout(timer);
  }
}
