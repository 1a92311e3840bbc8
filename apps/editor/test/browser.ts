// Chromium and the built editor, for the browser tests, the screenshots and the editor benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const editorRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const editorDist = join(editorRoot, 'dist');

/** Chromium flags for this machine: no sandbox as root, no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser the benchmark and the screenshots drive: Debian's Chromium (or CHROMIUM_PATH). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * The browser the tests drive: Debian's headless shell (Chromium's old headless mode, the one
 * Playwright tests with) when it is installed, else `chromiumPath()`. It draws the same pages
 * with less CPU: three browser test files on two cores 38.7 s -> 27.7 s, the browser part 236-250
 * s -> 208 s.
 */
export function testBrowserPath(): string {
  const shell = '/usr/bin/chromium-headless-shell';
  return process.env.CHROMIUM_PATH ?? (existsSync(shell) ? shell : chromiumPath());
}

/** Builds the editor once when no build exists (CI builds before testing). */
export function ensureEditorBuilt(): void {
  if (existsSync(join(editorDist, 'index.html'))) return;
  const r = spawnSync('pnpm', ['--filter', '@flow/editor', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('editor build failed');
}

/**
 * Chromium, headless. For the tests (`forTests`) the headless shell, with every page of one site
 * in one renderer process (`--process-per-site`) so that a new page of the editor reuses a warm
 * one; the benchmark and the screenshots keep Chromium and its defaults.
 */
export async function launchBrowser(options: { forTests?: boolean } = {}): Promise<Browser> {
  if (!options.forTests) return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  return chromium.launch({ executablePath: testBrowserPath(), args: [...CHROMIUM_ARGS, '--process-per-site'], headless: true });
}

/**
 * A point of the canvas (in page pixels) with no node, edge or control on it, searched from the
 * pane's left, or from its right edge across its right half; null when there is none. The
 * search runs in the page, in one call.
 */
export function emptyCanvasSpot(page: Page, side: 'left' | 'right' = 'left'): Promise<{ x: number; y: number; paneWidth: number } | null> {
  return page.evaluate((fromRight) => {
    const pane = document.querySelector('#main-flow .react-flow__pane')?.getBoundingClientRect();
    if (!pane) return null;
    const xs: number[] = [];
    if (fromRight) for (let x = pane.right - 60; x > pane.left + pane.width / 2; x -= 25) xs.push(x);
    else for (let x = pane.left + 8; x < pane.right; x += 40) xs.push(x);
    for (let y = pane.top + 8; y < pane.bottom - 100; y += 10) {
      for (const x of xs) {
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y, paneWidth: pane.width };
      }
    }
    return null;
  }, side === 'right');
}
