import { spawn } from 'node:child_process';

/**
 * Opens a URL in a browser without waiting for it: `$BROWSER` when set (`BROWSER=none` opens
 * nothing), else the platform's opener. Returns false when no opener could be started.
 */
export function openUrl(url: string, env: Readonly<Record<string, string | undefined>>): Promise<boolean> {
  const browser = env.BROWSER;
  if (browser === 'none') return Promise.resolve(false);
  const [command, args] =
    browser !== undefined && browser !== ''
      ? [browser, [url]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : process.platform === 'win32'
          ? ['cmd', ['/c', 'start', '""', url]]
          : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, env });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
