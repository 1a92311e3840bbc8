// The emoji picker popup (spec section 2), used as a person would: from a node's badge and from
// the Trigger Text field, offline: every request to anything but the local provider is refused.
import type { Locator, Page, Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMOJI_PICKER, SKIN_TONE_NAMES, emojiErrors, emojiPickerMessages, emojiPickerTexts } from '../src/emoji/emojiMessages';
import { useEditorHarness, VIEWPORT } from './harness';
import { emojiPickerElement, nodeEl, nodeName, storedFlow } from './pageHelpers';

const h = useEditorHarness();

/** Requests the page tried to send anywhere but the local provider. */
let foreign: string[] = [];
beforeEach(async () => {
  foreign = [];
  const origin = new URL(h.server.url).origin;
  await h.page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    foreign.push(url);
    return route.abort('blockedbyclient');
  });
});
afterEach(() => {
  expect(foreign).toEqual([]);
});

const DATA_PATH = '/api/emoji/en/emojibase/data.json';
const picker = (page: Page) => page.getByRole('dialog', { name: emojiPickerMessages.title });
const badge = (page: Page, id: string) => nodeEl(page, id).getByRole('button', { name: 'Change emoji' });
const search = (page: Page) => picker(page).getByRole('combobox', { name: 'Search' });
const results = (page: Page) => picker(page).getByRole('option');
const favorites = (page: Page) => picker(page).getByRole('menu', { name: 'Favorites' }).getByRole('menuitem');
const skinToneButton = (page: Page) => picker(page).getByRole('button', { name: /^Choose a skin tone/ });
const message = (page: Page, text: string) => picker(page).getByRole('alert').filter({ hasText: text });

/** Waits until the picker shows its emoji (the data is in IndexedDB). */
async function pickerReady(page: Page): Promise<void> {
  await favorites(page).first().waitFor({ timeout: 20_000 });
}

/** The first emoji the picker's own database finds for a query: what its results list shows first. */
async function firstMatch(page: Page, query: string): Promise<string> {
  return emojiPickerElement(picker(page)).evaluate(async (element, q) => {
    const database: unknown = Reflect.get(element, 'database');
    if (typeof database !== 'object' || database === null || !('getEmojiBySearchQuery' in database)) throw new Error('no emoji database');
    const search: unknown = database.getEmojiBySearchQuery;
    if (typeof search !== 'function') throw new Error('no emoji search');
    const found: unknown = await search.call(database, q);
    const first: unknown = Array.isArray(found) ? found[0] : undefined;
    const unicode: unknown = typeof first === 'object' && first !== null && 'unicode' in first ? first.unicode : undefined;
    if (typeof unicode !== 'string') throw new Error(`nothing found for ${q}`);
    return unicode;
  }, query);
}

/**
 * Searches and picks the first result once the list shows this query's results (the list of an
 * earlier query can still be on screen for a moment); answers the emoji picked.
 */
async function pickFirst(page: Page, query: string): Promise<string> {
  await search(page).fill(query);
  const emoji = await firstMatch(page, query);
  const first = results(page).first();
  await expect.poll(() => first.textContent()).toBe(emoji);
  await first.click();
  return emoji;
}

/** The element that has focus, looking into the picker's shadow root: its tag and accessible name. */
async function focused(page: Page): Promise<{ tag: string; label: string | null }> {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return { tag: el?.tagName.toLowerCase() ?? '', label: el?.getAttribute('aria-label') ?? el?.getAttribute('placeholder') ?? null };
  });
}

async function triggerText(plan: string, id: string): Promise<string | undefined> {
  return (await storedFlow(h.server.url, plan)).nodes.find((n) => n.id === id)?.data.trigger_text;
}

function dataRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === DATA_PATH) seen.push(request);
  });
  return seen;
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

describe('emoji picker from a node badge', () => {
  it('opens beside the node, searches from 2 characters, and a pick sets the badge: one undo step, saved, still there after a reload', async () => {
    const warnings: string[] = [];
    const { page, plan } = await h.openCopy();
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    const requests = dataRequests(page);
    // emoji-picker-element is not in the editor's first chunk: its code loads on first open.
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/EmojiPickerPopup-[^/]+\.js$/.test(r.url())) chunks.push(r.url());
    });
    expect(await page.evaluate(() => customElements.get('emoji-picker') === undefined)).toBe(true);
    const before = (await badge(page, 'support-greet').textContent()) ?? '';

    await badge(page, 'support-greet').click();
    await pickerReady(page);
    expect(chunks).toHaveLength(1);
    const node = await box(nodeEl(page, 'support-greet'));
    const popup = await box(picker(page));
    expect(popup.x).toBeGreaterThanOrEqual(node.x + node.width);
    expect(Math.abs(popup.y - node.y)).toBeLessThan(2);
    expect(popup.x + popup.width).toBeLessThanOrEqual(VIEWPORT.width);
    expect(popup.y + popup.height).toBeLessThanOrEqual(900);
    // 8 columns, 400 px high, one row of favourites (of the 14 defaults).
    const element = emojiPickerElement(picker(page));
    expect(await element.evaluate((el) => getComputedStyle(el).getPropertyValue('--num-columns').trim())).toBe(
      String(EMOJI_PICKER.columns),
    );
    expect(await box(element)).toMatchObject({ width: EMOJI_PICKER.widthPx, height: EMOJI_PICKER.heightPx });
    expect(await favorites(page).count()).toBe(EMOJI_PICKER.columns);

    // One character is not a search: the categories stay.
    await search(page).fill('s'.repeat(EMOJI_PICKER.searchMinLength - 1));
    await picker(page).getByRole('tabpanel').waitFor();
    expect(await results(page).count()).toBe(0);
    expect(await picker(page).getByRole('region', { name: 'Search results' }).count()).toBe(0);

    const emoji = await pickFirst(page, 'smile');
    await expect.poll(() => picker(page).count()).toBe(0);
    expect(emoji).not.toBe(before);
    await expect.poll(() => badge(page, 'support-greet').textContent()).toBe(emoji);
    await expect.poll(() => triggerText(plan, 'support-greet'), { timeout: 10_000 }).toBe(emoji);

    // One undo step: Undo restores the old badge and then has nothing left to undo.
    await page.getByRole('button', { name: /Undo/ }).click();
    await expect.poll(() => badge(page, 'support-greet').textContent()).toBe(before);
    expect(await page.getByRole('button', { name: /Undo/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: /Redo/ }).click();
    await expect.poll(() => badge(page, 'support-greet').textContent()).toBe(emoji);
    await expect.poll(() => triggerText(plan, 'support-greet'), { timeout: 10_000 }).toBe(emoji);

    await page.reload();
    await expect.poll(() => badge(page, 'support-greet').textContent(), { timeout: 10_000 }).toBe(emoji);

    // The data was fetched once; after the reload the element only checks the ETag (HEAD), from IndexedDB.
    expect(requests.map((r) => r.method())).toEqual(['GET']);
    await badge(page, 'support-greet').click();
    await pickerReady(page);
    await expect.poll(() => requests.map((r) => r.method())).toEqual(['GET', 'HEAD']);
    // The picked emoji leads the favourites, kept in the browser across the reload.
    await expect.poll(() => favorites(page).first().textContent()).toBe(emoji);
    expect(await favorites(page).count()).toBe(EMOJI_PICKER.columns);
    expect(warnings.filter((w) => w.includes(emojiErrors.missingEtagWarning))).toEqual([]);
  });

  it('closes by the backdrop, the close button and Esc; focus moves into the picker and returns to the badge', async () => {
    const { page } = await h.openCopy();
    const open = async () => {
      await badge(page, 'support-lookup-order').click();
      await pickerReady(page);
      await expect.poll(() => focused(page)).toEqual({ tag: 'input', label: 'Search' });
    };
    const closed = async () => {
      await expect.poll(() => picker(page).count()).toBe(0);
      await expect.poll(() => focused(page)).toEqual({ tag: 'button', label: 'Change emoji' });
    };

    await open();
    await page.getByTestId('emoji-picker-backdrop').click({ position: { x: 5, y: 5 } });
    await closed();

    await open();
    await picker(page).getByRole('button', { name: emojiPickerMessages.close }).click();
    await closed();

    await open();
    await page.keyboard.press('Escape');
    await closed();
    // Esc closed only the picker: the node it was opened from is still there.
    expect(await nodeEl(page, 'support-lookup-order').count()).toBe(1);
  });

  it('keeps Tab inside the popup: past the last emoji round to the close button, and back before it', async () => {
    const { page } = await h.openCopy();
    await badge(page, 'support-greet').click();
    await pickerReady(page);
    const search = { tag: 'input', label: 'Search' };
    const close = { tag: 'button', label: emojiPickerMessages.close };
    await expect.poll(() => focused(page)).toEqual(search);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toEqual(close);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toEqual(search);
    // The favourites are the picker's last stops.
    await favorites(page).last().focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toEqual(close);
  });
});

describe('emoji picker from the Trigger Text field', () => {
  it('fills the field and the badge, and typing in its search changes nothing on the canvas', async () => {
    const { page, plan } = await h.openCopy();
    await nodeName(page, 'support-lookup-order').click();
    const field = page.getByLabel('Trigger Text', { exact: true });
    await field.waitFor();
    await page.getByRole('button', { name: emojiPickerMessages.openFor('Trigger Text') }).click();
    await pickerReady(page);
    // It opens beside the field, to its left, so the field stays in view.
    expect((await box(picker(page))).x + (await box(picker(page))).width).toBeLessThanOrEqual((await box(field)).x);
    // Backspace and Delete go to the search field, not to the selected node.
    await search(page).fill('ro');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Delete');
    expect(await nodeEl(page, 'support-lookup-order').count()).toBe(1);

    const emoji = await pickFirst(page, 'rocket');
    await expect.poll(() => picker(page).count()).toBe(0);
    await expect.poll(() => field.inputValue()).toBe(emoji);
    await expect.poll(() => badge(page, 'support-lookup-order').textContent()).toBe(emoji);
    await expect.poll(() => triggerText(plan, 'support-lookup-order'), { timeout: 10_000 }).toBe(emoji);
    await page.getByRole('button', { name: /Undo/ }).click();
    await expect.poll(() => field.inputValue()).toBe('🔎');
  });
});

describe('emoji picker settings and states', () => {
  it('names the six skin tones, and the chosen one survives a reload', async () => {
    const { page } = await h.openCopy();
    await badge(page, 'support-greet').click();
    await pickerReady(page);
    await expect.poll(() => skinToneButton(page).getAttribute('aria-label')).toBe('Choose a skin tone (currently Default)');
    await skinToneButton(page).click();
    const tones = picker(page).getByRole('listbox', { name: 'Skin tones' }).getByRole('option');
    await expect.poll(() => tones.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([...SKIN_TONE_NAMES]);
    expect(await tones.count()).toBe(EMOJI_PICKER.skinToneCount);
    await picker(page).getByRole('option', { name: 'Medium-Dark', exact: true }).click();
    await expect.poll(() => skinToneButton(page).getAttribute('aria-label')).toBe('Choose a skin tone (currently Medium-Dark)');
    await page.keyboard.press('Escape');
    await expect.poll(() => picker(page).count()).toBe(0);

    await page.reload();
    await badge(page, 'support-greet').waitFor();
    await badge(page, 'support-greet').click();
    await pickerReady(page);
    await expect.poll(() => skinToneButton(page).getAttribute('aria-label')).toBe('Choose a skin tone (currently Medium-Dark)');
  });

  it("shows 'Loading…' only after 1 s while the data is held back, then the emoji", async () => {
    const { page } = await h.openCopy();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${DATA_PATH}`, async (route) => {
      await held;
      await route.continue();
    });
    const clicked = Date.now();
    await badge(page, 'support-greet').click();
    await picker(page).waitFor();
    await message(page, emojiPickerTexts.loadingMessage).waitFor({ timeout: 10_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(EMOJI_PICKER.loadingMessageDelayMs);
    expect(emojiPickerTexts.loadingMessage).toBe('Loading…');
    release();
    await pickerReady(page);
    await expect.poll(() => message(page, emojiPickerTexts.loadingMessage).count()).toBe(0);
  });

  it("shows 'Could not load emoji.' when the data request fails, and the element reports 'Failed to fetch' with the URL and status", async () => {
    const { page } = await h.openCopy();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route(`**${DATA_PATH}`, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }));
    await badge(page, 'support-greet').click();
    await message(page, emojiErrors.couldNotLoad).waitFor({ timeout: 10_000 });
    const url = `${h.server.url}${DATA_PATH}`;
    await expect.poll(() => errors.some((e) => e.includes(emojiErrors.failedToFetch(url, 500)))).toBe(true);
    // It still closes as usual.
    await picker(page).getByRole('button', { name: emojiPickerMessages.close }).click();
    await expect.poll(() => picker(page).count()).toBe(0);
  });

  it("says 'Could not load emoji.' for data in the wrong format ('Emoji data is in the wrong format')", async () => {
    const { page } = await h.openCopy();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route(`**${DATA_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"emoji":[]}' }));
    await badge(page, 'support-greet').click();
    await message(page, emojiErrors.couldNotLoad).waitFor({ timeout: 10_000 });
    await expect.poll(() => errors.some((e) => e.includes(emojiErrors.wrongDataFormat))).toBe(true);
  });

  it('only warns when the data comes without an ETag, and still shows the emoji', async () => {
    const { page } = await h.openCopy();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.route(`**${DATA_PATH}`, async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name.toLowerCase() !== 'etag'));
      await route.fulfill({ response, headers });
    });
    await badge(page, 'support-greet').click();
    await pickerReady(page);
    await expect.poll(() => warnings.some((w) => w.includes(emojiErrors.missingEtagWarning))).toBe(true);
    expect(await message(page, emojiErrors.couldNotLoad).count()).toBe(0);
  });
});
