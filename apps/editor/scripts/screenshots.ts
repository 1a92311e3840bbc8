// Takes the pictures of the editor shown in the README and docs/: the main screen with the
// support-desk example, the palette open, a node's context menu open, a Custom GPT node's
// properties, the emoji picker open beside a node, the plan home at '/', and the onboarding of
// 'How to use' as a first visit sees it.
// Run: pnpm --filter @flow/editor screenshots (after pnpm build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@flow/server';
import type { Page } from 'playwright-core';
import { editorDist, ensureEditorBuilt, launchBrowser, repoRoot } from '../test/browser';

/**
 * Waits until nothing on the page moves before a picture: the canvas keeps its transform for a
 * few frames and every animation that ends (a menu opening, a toast) has ended.
 */
async function still(page: Page): Promise<void> {
  // One function with no named inner function: tsx would wrap those in a helper the page lacks.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const view = document.querySelector('.react-flow__viewport');
        const before = view instanceof HTMLElement ? view.style.transform : '';
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(
                (view instanceof HTMLElement ? view.style.transform : '') === before &&
                  document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
              ),
            ),
          ),
        );
      }),
  );
}

const docs = join(repoRoot, 'docs');
ensureEditorBuilt();
const dir = mkdtempSync(join(tmpdir(), 'flow-shots-'));
const server = await startServer({ port: 0, dir, editorDir: editorDist, log: () => {} });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  await context.addInitScript(() => localStorage.setItem('onboarding:dontShowAgain', 'true'));
  const page = await context.newPage();
  await page.goto(`${server.url}/support-desk/production`);
  await page.locator('.react-flow__node[data-id="support-greet"]').waitFor();
  await page.locator('.react-flow__controls-fitview').click();
  await page.locator('.react-flow__node[data-id="support-lookup-order"] .flow-node-name').click();
  await still(page);
  await page.screenshot({ path: join(docs, 'editor-main.png') });

  await page.locator('.react-flow__pane').click({ position: { x: 600, y: 420 } });
  await page.keyboard.press('Space');
  await page.getByTestId('function-palette').waitFor();
  await still(page);
  await page.screenshot({ path: join(docs, 'editor-palette.png') });
  await page.keyboard.press('Escape');

  await page.locator('.react-flow__node[data-id="support-capture-return"] .flow-node-name').click({ button: 'right' });
  await page.getByTestId('context-menu').waitFor();
  await still(page);
  await page.screenshot({ path: join(docs, 'editor-context-menu.png') });
  await page.keyboard.press('Escape');

  await page.goto(`${server.url}/lead-qualifier/production`);
  // The canvas draws only the nodes in view: fit the flow first, then find the node.
  await page.locator('.react-flow__node').first().waitFor();
  await page.locator('.react-flow__controls-fitview').click();
  await page.locator('.react-flow__node[data-id="lead-score"]').waitFor();
  await page.locator('.react-flow__node[data-id="lead-score"] .flow-node-name').click();
  await page.locator('.function-properties').waitFor();
  await still(page);
  await page.screenshot({ path: join(docs, 'editor-properties.png') });
  // The emoji picker, opened from a node's badge beside the node (its data from the provider).
  await page.goto(`${server.url}/support-desk/production`);
  await page.locator('.react-flow__node[data-id="support-greet"]').waitFor();
  await page.locator('.react-flow__controls-fitview').click();
  await page.locator('.react-flow__node[data-id="support-lookup-order"]').getByRole('button', { name: 'Change emoji' }).click();
  await page
    .getByRole('dialog', { name: 'Choose an emoji' })
    .getByRole('menu', { name: 'Favorites' })
    .getByRole('menuitem')
    .first()
    .waitFor({ timeout: 20_000 });
  await still(page);
  await page.screenshot({ path: join(docs, 'editor-emoji-picker.png') });
  await page.keyboard.press('Escape');

  await page.goto(`${server.url}/`);
  await page.getByTestId('plan-home').locator('.plan-row').first().waitFor();
  await still(page);
  await page.screenshot({ path: join(docs, 'editor-home.png') });

  // A first visit: no 'Don't show again', so the onboarding opens by itself.
  const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const first = await fresh.newPage();
  await first.goto(`${server.url}/support-desk/production`);
  await first.locator('.react-flow__node[data-id="support-greet"]').waitFor();
  await first.locator('.onb-image[data-status="loaded"]').waitFor();
  await still(first);
  await first.screenshot({ path: join(docs, 'editor-onboarding.png') });
  await fresh.close();
  console.log(
    `saved ${['editor-main.png', 'editor-palette.png', 'editor-context-menu.png', 'editor-properties.png', 'editor-emoji-picker.png', 'editor-home.png', 'editor-onboarding.png'].map((f) => join('docs', f)).join(', ')}`,
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
