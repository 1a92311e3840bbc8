import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

const HELLO = `require('node:http').createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'text/plain' }); res.end('hello world'); })
  .listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });`;

/** A child process that prints `… http://127.0.0.1:PORT`; resolves with the URL. */
function started(child: ChildProcess): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${out}`));
    }, 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[0] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}: ${out}`));
    });
  });
}

/** A bare node:http hello-world in its own process. */
export function startHello(): Promise<{ child: ChildProcess; url: string }> {
  return started(spawn(process.execPath, ['-e', HELLO], { stdio: ['ignore', 'pipe', 'inherit'] }));
}

/** The local provider in its own process, from source, over `dir` (seeded from examples/), or over a PostgreSQL database (`postgres://…`). */
export function startProvider(dirOrDatabase: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const cli = fileURLToPath(new URL('../../packages/server/src/cli.ts', import.meta.url));
  const store = dirOrDatabase.startsWith('postgres://') ? ['--database', dirOrDatabase] : ['--dir', dirOrDatabase];
  const args = ['--conditions=development', '--import', 'tsx', cli, '--port', '0', ...store];
  return started(spawn(process.execPath, args, { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] }));
}

/** Stops a child and waits for it. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
