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

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Builds the editor once when no build exists (CI builds before testing). */
export function ensureEditorBuilt(): void {
  if (existsSync(join(editorDist, 'index.html'))) return;
  const r = spawnSync('pnpm', ['--filter', '@flow/editor', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('editor build failed');
}

/**
 * Chromium, headless. `processPerSite` puts every page of one site in one renderer process, so a
 * new page of the editor reuses a warm one (the browser tests); the benchmark keeps the default.
 */
export async function launchBrowser(options: { processPerSite?: boolean } = {}): Promise<Browser> {
  const args = options.processPerSite ? [...CHROMIUM_ARGS, '--process-per-site'] : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: chromiumPath(), args, headless: true });
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
