import type { Readable, Writable } from 'node:stream';
import { usageError } from './errors.js';
import type { StdinReader } from './files/stdin.js';

interface Terminal extends Readable {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

const isTerminal = (stream: Readable | undefined): stream is Terminal & { setRawMode(mode: boolean): unknown } =>
  stream !== undefined && 'isTTY' in stream && stream.isTTY === true && 'setRawMode' in stream && typeof stream.setRawMode === 'function';

/** One line typed on a terminal without echo (a password prompt): Enter ends it, Ctrl+C or Ctrl+D gives up. */
function hiddenLine(input: Terminal & { setRawMode(mode: boolean): unknown }, output: Writable, prompt: string): Promise<string> {
  output.write(prompt);
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003' || char === '\u0004') return done(usageError('Cancelled: no secret was set', 'CANCELLED'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}

/**
 * A secret's value, never from an argument: piped to stdin (one trailing newline dropped, as
 * `echo` adds), or typed at a hidden prompt on a terminal.
 */
export async function readSecretValue(
  name: string,
  streams: { stdin: Readable | undefined; stderr: Writable | undefined },
  stdin: StdinReader,
): Promise<string> {
  const value =
    isTerminal(streams.stdin) && streams.stderr !== undefined
      ? await hiddenLine(streams.stdin, streams.stderr, `Value of ${name} (not shown): `)
      : new TextDecoder().decode(await stdin()).replace(/\r?\n$/, '');
  if (value === '')
    throw usageError(`No value for ${name}: pipe it in (printf %s "$VALUE" | flowctl secrets set ${name}) or type it at the prompt`);
  return value;
}
