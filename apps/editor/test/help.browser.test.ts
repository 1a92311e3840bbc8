import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { KEYBINDINGS } from '../src/data/keybindings';
import { ONBOARDING_DELAY } from '../src/help/useOnboardingAutoOpen';
import { editorDist, editorRoot } from './browser';
import { useEditorHarness, VIEWPORT } from './harness';
import { layerReady, nodes } from './pageHelpers';
import { HelpDialogPage } from './pages/HelpDialogPage';

// Fresh local storage: the onboarding shows by itself, as for a first visit.
const h = useEditorHarness({ onboarding: true });

const STEPS: { steps: { title: string }[] } = JSON.parse(readFileSync(join(editorRoot, 'public', 'onboarding', 'steps.json'), 'utf8'));
const N = STEPS.steps.length;

// The dialog as a person reads it: its title, the step's count and heading, its buttons.
const help = (page: Page) => page.getByRole('dialog', { name: 'How to use' });
const stepCount = (page: Page) => help(page).getByText(/^Step \d+ of \d+$/);
const stepTitle = (page: Page) => help(page).getByRole('heading', { level: 3 });
const button = (page: Page, name: string) => help(page).getByRole('button', { name, exact: true });
// The step's text and picture have no role of their own.
const stepCaption = (page: Page) => new HelpDialogPage(page).caption;
const stepImage = (page: Page) => new HelpDialogPage(page).image;
const planRows = (page: Page) => page.getByTestId('plan-home').getByRole('listitem');
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/**
 * A page whose timers the test moves, in a context of its own: Playwright's clock is a whole
 * context's, and the harness's context serves the file's other tests. Time flows until the test moves it.
 */
async function clockedPage(): Promise<Page> {
  const context = await h.browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' });
  onTestFinished(() => context.close());
  await context.clock.install();
  return context.newPage();
}

/** Files of the help dialog's code the page has asked for. */
const helpCodeLinks = (page: Page) => new HelpDialogPage(page).codeLinks();

async function openPlan(page: Page): Promise<Page> {
  const plan = await h.plan('support-desk');
  await h.open(`/${plan}/production`);
  await help(page).waitFor();
  return page;
}

describe("'How to use' onboarding", () => {
  it("appears by itself after load at 'Step 1 of N' with Back disabled; Next walks every step to Finish, which closes it", async () => {
    const page = await openPlan(h.page);
    await help(page).getByRole('heading', { name: 'How to use' }).waitFor();
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 1 of ${N}`);
    expect(await button(page, 'Back').isDisabled()).toBe(true);
    const bar = help(page).getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('1');
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(N));
    expect(await help(page).getByRole('tab', { name: 'Onboarding' }).getAttribute('aria-selected')).toBe('true');
    for (let i = 1; i <= N; i++) {
      await expect.poll(() => stepCount(page).textContent()).toBe(`Step ${i} of ${N}`);
      expect(await stepTitle(page).textContent()).toBe(STEPS.steps[i - 1]?.title);
      expect(await bar.getAttribute('aria-valuenow')).toBe(String(i));
      expect(await stepCaption(page).textContent()).not.toContain('{{key:');
      if (i < N) await button(page, 'Next').click();
    }
    expect(await button(page, 'Next').count()).toBe(0);
    expect(await button(page, 'Back').isEnabled()).toBe(true);
    // Keys in a caption come from the keybindings table.
    expect(await new HelpDialogPage(page).captionKeys.allTextContents()).toContain('F1');
    await button(page, 'Finish').click();
    await expect.poll(() => help(page).count()).toBe(0);
    // A finished tour starts again from the first step next time.
    expect(await stored(page, 'onboarding:lastStep')).toBe('0');
  });

  it('is 720 px wide and 92% of the window high', async () => {
    const page = await openPlan(h.page);
    const box = await help(page).boundingBox();
    expect(box?.width).toBe(720);
    expect(Math.round(box?.height ?? 0)).toBe(Math.round(0.92 * 900));
  });

  it('works, without remembering, when local storage fails', async () => {
    await h.page.addInitScript(() => {
      const original = { get: Storage.prototype.getItem, set: Storage.prototype.setItem, remove: Storage.prototype.removeItem };
      const deny = (key: string) => {
        if (key.startsWith('onboarding:')) throw new DOMException('denied', 'SecurityError');
      };
      Storage.prototype.getItem = function (key) {
        deny(key);
        return original.get.call(this, key);
      };
      Storage.prototype.setItem = function (key, value) {
        deny(key);
        original.set.call(this, key, value);
      };
      Storage.prototype.removeItem = function (key) {
        deny(key);
        original.remove.call(this, key);
      };
    });
    const errors: string[] = [];
    h.page.on('pageerror', (e) => errors.push(e.message));
    const page = await openPlan(h.page);
    await button(page, 'Next').click();
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 2 of ${N}`);
    const box = help(page).getByRole('checkbox', { name: "Don't show again" });
    await box.check();
    expect(await box.isChecked()).toBe(true);
    await button(page, 'Skip').click();
    await expect.poll(() => help(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("does not open by itself on the plan list at '/'", async () => {
    const page = await clockedPage();
    await page.goto(`${h.server.url}/`);
    await planRows(page).first().waitFor();
    // It would open ONBOARDING_DELAY after load: the clock passes that, firing every timer due.
    await page.clock.runFor(ONBOARDING_DELAY);
    expect(await helpCodeLinks(page)).toBe(0);
    expect(await help(page).count()).toBe(0);
    // The same clock opens it on a plan page, where its code is then asked for.
    await page.goto(`${h.server.url}/${await h.plan('support-desk')}/production`);
    await nodes(page).first().waitFor();
    await page.clock.runFor(ONBOARDING_DELAY);
    await help(page).waitFor();
    expect(await helpCodeLinks(page)).toBeGreaterThan(0);
  });

  it('walks the steps by keyboard: ArrowRight and ArrowLeft move, Enter advances and finishes', async () => {
    const page = await openPlan(h.page);
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 1 of ${N}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 2 of ${N}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 1 of ${N}`);
    await page.keyboard.press('ArrowLeft');
    expect(await stepCount(page).textContent()).toBe(`Step 1 of ${N}`);
    for (let i = 2; i <= N; i++) {
      await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'ArrowRight');
      await expect.poll(() => stepCount(page).textContent()).toBe(`Step ${i} of ${N}`);
    }
    await page.keyboard.press('ArrowRight');
    expect(await stepCount(page).textContent()).toBe(`Step ${N} of ${N}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => help(page).count()).toBe(0);
  });

  it('Skip closes it and keeps the step, which the next opening restores on the Onboarding tab', async () => {
    const page = await openPlan(h.page);
    await button(page, 'Next').click();
    await button(page, 'Next').click();
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 3 of ${N}`);
    await help(page).getByRole('tab', { name: 'Keybindings' }).click();
    await button(page, 'Close').click();
    await expect.poll(() => help(page).count()).toBe(0);
    await page.keyboard.press('F1');
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 3 of ${N}`);
    expect(await help(page).getByRole('tab', { name: 'Onboarding' }).getAttribute('aria-selected')).toBe('true');
    expect(await stored(page, 'onboarding:lastStep')).toBe('2');
    await button(page, 'Skip').click();
    await expect.poll(() => help(page).count()).toBe(0);
    await page.reload();
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 3 of ${N}`);
  });

  it('clamps a saved step that is out of range to the last step', async () => {
    await h.page.addInitScript(() => localStorage.setItem('onboarding:lastStep', '999'));
    const page = await openPlan(h.page);
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step ${N} of ${N}`);
    await button(page, 'Finish').waitFor();
  });

  it("remembers 'Don't show again' across a reload, and forgets it when unticked", async () => {
    const page = await clockedPage();
    await page.goto(`${h.server.url}/${await h.plan('support-desk')}/production`);
    await help(page).waitFor();
    const box = help(page).getByRole('checkbox', { name: "Don't show again" });
    await box.check();
    expect(await stored(page, 'onboarding:dontShowAgain')).toBe('true');
    await button(page, 'Skip').click();
    await page.reload();
    await nodes(page).first().waitFor();
    // The dialog would open ONBOARDING_DELAY after load: the clock passes that, firing every timer due.
    await page.clock.runFor(ONBOARDING_DELAY);
    expect(await helpCodeLinks(page)).toBe(0);
    expect(await help(page).count()).toBe(0);
    await page.getByRole('button', { name: 'How to use: F1' }).click();
    await box.uncheck();
    expect(await stored(page, 'onboarding:dontShowAgain')).toBeNull();
  });

  it('opens with F1 and the How to use: F1 button, and locks text selection on the page only while open', async () => {
    const page = await openPlan(h.page);
    const locked = () => page.evaluate(() => getComputedStyle(document.body).userSelect);
    expect(await locked()).toBe('none');
    await page.keyboard.press('Escape');
    await expect.poll(() => help(page).count()).toBe(0);
    expect(await locked()).not.toBe('none');
    await page.keyboard.press('F1');
    await help(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => help(page).count()).toBe(0);
    await page.getByRole('button', { name: 'How to use: F1' }).click();
    await help(page).waitFor();
    expect(await locked()).toBe('none');
  });

  it('zooms the image on click; Esc closes the zoom first, then the modal', async () => {
    const page = await openPlan(h.page);
    const image = stepImage(page);
    await expect.poll(() => image.getAttribute('data-status')).toBe('loaded');
    expect(await new HelpDialogPage(page).imageSources.getAttribute('type')).toBe('image/webp');
    expect(await image.getByRole('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
    await help(page)
      .getByRole('button', { name: /^Zoom image: / })
      .click();
    const zoom = page.getByTestId('onboarding-zoom');
    await zoom.waitFor();
    await layerReady(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => zoom.count()).toBe(0);
    expect(await help(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => help(page).count()).toBe(0);
  });

  it('shows a placeholder for a missing image', async () => {
    await h.page.route('**/onboarding/*.webp', (route) => route.fulfill({ status: 404, body: '' }));
    const page = await openPlan(h.page);
    const image = stepImage(page);
    await expect.poll(() => image.getAttribute('data-status')).toBe('missing');
    await image.getByText('Image not available').waitFor();
  });

  it('lists every entry of the shortcut table in the Keybindings tab; arrow keys move between the tabs', async () => {
    const page = await openPlan(h.page);
    const onboardingTab = help(page).getByRole('tab', { name: 'Onboarding' });
    await onboardingTab.focus();
    await page.keyboard.press('ArrowRight');
    const keysTab = help(page).getByRole('tab', { name: 'Keybindings' });
    await expect.poll(() => keysTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keybindings');
    const panel = help(page).getByRole('tabpanel', { name: 'Keybindings' });
    const keys = panel.getByRole('term');
    const descriptions = panel.getByRole('definition');
    expect(await keys.count()).toBe(KEYBINDINGS.length);
    expect(await descriptions.count()).toBe(KEYBINDINGS.length);
    for (const [i, k] of KEYBINDINGS.entries()) {
      expect(await keys.nth(i).textContent()).toBe(k.keys);
      expect(await descriptions.nth(i).textContent()).toBe(k.description);
    }
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => onboardingTab.getAttribute('aria-selected')).toBe('true');
  });
});

describe('onboarding steps file', () => {
  it('renders markdown sanitized: no script, no event handler, no javascript: link', async () => {
    const caption =
      'Hello **bold** <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> [link](javascript:alert(1)) [ok](https://example.com)';
    await h.page.route('**/onboarding/steps.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ id: 'x', title: 'Injected', caption }]) }),
    );
    const page = await openPlan(h.page);
    const dialog = new HelpDialogPage(page);
    const text = dialog.caption;
    await dialog.bold('bold').waitFor();
    expect(await stepCount(page).textContent()).toBe('Step 1 of 1');
    expect(await page.evaluate(() => Reflect.get(window, '__pwned'))).toBeUndefined();
    expect(await dialog.eventHandlers.count()).toBe(0);
    expect(await dialog.scripts.count()).toBe(0);
    // The link keeps its text but loses its javascript: address (so it is no link any more).
    await text.getByText('link', { exact: true }).waitFor();
    expect(await dialog.unlinked('link').count()).toBe(1);
    expect(await dialog.javascriptLinks.count()).toBe(0);
    expect(await text.getByRole('link', { name: 'ok' }).getAttribute('href')).toBe('https://example.com');
    expect(await text.getByRole('link', { name: 'ok' }).getAttribute('target')).toBe('_blank');
    expect(await text.getByRole('link', { name: 'ok' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says so when the steps cannot be loaded; the Keybindings tab still works', async () => {
    await h.page.route('**/onboarding/steps.json', (route) => route.fulfill({ status: 500, body: 'down' }));
    const page = await openPlan(h.page);
    await help(page).getByTestId('onboarding-empty').waitFor();
    expect(await help(page).getByRole('progressbar').count()).toBe(0);
    await help(page).getByRole('tab', { name: 'Keybindings' }).click();
    await help(page).getByText('Duplicate the selected node').waitFor();
  });

  it('treats an aborted load like a failed one', async () => {
    await h.page.route('**/onboarding/steps.json', (route) => route.abort());
    const page = await openPlan(h.page);
    await help(page).getByTestId('onboarding-empty').waitFor();
  });
});

describe('loading on demand', () => {
  it('keeps markdown and the sanitizer out of the initial chunk and loads them when the modal opens', async () => {
    const entry = /<script[^>]+src="\/?(assets\/index-[^"]+\.js)"/.exec(readFileSync(join(editorDist, 'index.html'), 'utf8'))?.[1];
    expect(entry).toBeDefined();
    const initial = readFileSync(join(editorDist, entry ?? ''), 'utf8');
    expect(initial).not.toContain('ALLOWED_URI_REGEXP');
    expect(initial).not.toContain('onboarding/steps.json');

    await h.page.addInitScript(() => localStorage.setItem('onboarding:dontShowAgain', 'true'));
    const scripts: string[] = [];
    h.page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await nodes(page).first().waitFor();
    expect(scripts.some((s) => s.includes('OnboardingTab'))).toBe(false);
    await page.keyboard.press('F1');
    await expect.poll(() => stepCount(page).textContent()).toBe(`Step 1 of ${N}`);
    expect(scripts.some((s) => s.includes('OnboardingTab'))).toBe(true);
  });
});
