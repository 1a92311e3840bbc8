// Chromium and the built editor, for the browser tests, the screenshots and the editor benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
