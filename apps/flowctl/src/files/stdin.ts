import { usageError } from '../errors.js';

/** The file argument that means standard input (`cat flow.json | flowctl validate -`). */
export const STDIN_ARG = '-';
/** How findings and reports name standard input. */
export const STDIN_NAME = '<stdin>';

/** Reads all of standard input, once; later calls get the same bytes. */
export type StdinReader = () => Promise<Uint8Array>;

/** The bytes a stream sends until it ends; a terminal (nothing piped) is a usage error. */
export function stdinReader(stream: (AsyncIterable<unknown> & { isTTY?: boolean }) | undefined): StdinReader {
  let read: Promise<Uint8Array> | undefined;
  return () => {
    read ??= (async () => {
      if (stream === undefined || stream.isTTY === true) {
        throw usageError('Nothing is piped to stdin: "-" reads a flow from it, e.g. cat flow.json | flowctl validate -', 'NO_STDIN');
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream)
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk instanceof Uint8Array ? chunk : String(chunk)));
      return Buffer.concat(chunks);
    })();
    return read;
  };
}

/** The name a file argument is shown by. */
export const shownName = (file: string): string => (file === STDIN_ARG ? STDIN_NAME : file);
