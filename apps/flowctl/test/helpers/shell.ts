import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A shell command run as a CI runner runs a step (`bash -eo pipefail`), asynchronously so servers in the test process can answer it. */
export function sh(command: string, cwd: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', command], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * The environment npm runs in for a test: only PATH, HOME, TMPDIR and LANG from this process, a
 * cache and a user config (.npmrc) inside `work`, so the user's ~/.npmrc and cache are never read.
 */
export function isolatedNpmEnv(work: string): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  const env = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => keep.includes(e[0]) && e[1] !== undefined),
  );
  return {
    ...env,
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_userconfig: join(work, 'npmrc'),
  };
}
