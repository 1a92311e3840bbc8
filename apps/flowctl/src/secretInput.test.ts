import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { stdinReader } from './files/stdin.js';
import { readSecretValue } from './secretInput.js';

/** A terminal: raw mode switched as a real one is, typed keys pushed in. */
class FakeTerminal extends PassThrough {
  isTTY = true;
  modes: boolean[] = [];
  setRawMode(mode: boolean): this {
    this.modes.push(mode);
    return this;
  }
}

function terminal(): { stdin: FakeTerminal; stderr: PassThrough; shown: () => string } {
  const stdin = new FakeTerminal();
  const stderr = new PassThrough();
  let shown = '';
  stderr.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { stdin, stderr, shown: () => shown };
}

describe('readSecretValue', () => {
  it('asks on a terminal without echo, takes backspace, and leaves raw mode', async () => {
    const { stdin, stderr, shown } = terminal();
    const value = readSecretValue('ORDERS_TOKEN', { stdin, stderr }, stdinReader(stdin));
    stdin.write('s3cr3x');
    stdin.write('\u007ft\r');
    expect(await value).toBe('s3cr3t');
    expect(shown()).toBe('Value of ORDERS_TOKEN (not shown): \n');
    expect(stdin.modes).toEqual([true, false]);
  });

  it('gives up on Ctrl+C, setting nothing', async () => {
    const { stdin, stderr } = terminal();
    const value = readSecretValue('ORDERS_TOKEN', { stdin, stderr }, stdinReader(stdin));
    stdin.write('abc\u0003');
    await expect(value).rejects.toThrow('Cancelled: no secret was set');
    expect(stdin.modes).toEqual([true, false]);
  });

  it('reads piped input, dropping one trailing newline only', async () => {
    const piped = new PassThrough();
    piped.end('line one\nline two\n\n');
    expect(await readSecretValue('PEM', { stdin: piped, stderr: undefined }, stdinReader(piped))).toBe('line one\nline two\n');
  });
});
