import { describe, expect, it } from 'vitest';
import { runCli } from './runCli.js';

describe('runCli', () => {
  it("fails a run when the process's stderr is written meanwhile, but not for Node's warning of a file handle the garbage collector closed", async () => {
    const stray = runCli(['--version']);
    process.stderr.write('stray output of the runCli test\n');
    await expect(stray).rejects.toThrow('flowctl --version wrote around its Io:\nstray output of the runCli test\n');
    const collected = runCli(['--version']);
    process.stderr.write(
      [
        '(node:12981) Warning: Closing file descriptor 28 on garbage collection',
        '(Use `node --trace-warnings ...` to show where the warning was created)',
        '(node:12981) [DEP0137] DeprecationWarning: Closing a FileHandle object on garbage collection is deprecated. Please close FileHandle objects explicitly using FileHandle.prototype.close(). In the future, an error will be thrown if a file descriptor is closed during garbage collection.',
        '',
      ].join('\n'),
    );
    expect((await collected).code).toBe(0);
  });
});
