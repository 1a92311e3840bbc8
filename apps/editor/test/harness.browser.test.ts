// What the harness promises each browser test: a clean page. The last test's page goes on to the
// next test without what that test set on it (routes, listeners, timeout, its document and its
// timers, ended before the storage is cleared); a page whose viewport a test changed is closed
// instead. The tests run in order and hand a page on.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness, VIEWPORT } from './harness';
import { nodes } from './pageHelpers';

const h = useEditorHarness();
let last: Page | undefined;

describe('the page each browser test gets', () => {
  it('can be given routes, listeners, a short timeout and a document of its own', async () => {
    const page = await h.open('/');
    await page.route('**/api/**', (route) => route.abort());
    page.on('console', () => {
      throw new Error('a listener of the last test heard this page');
    });
    await page.evaluate(() => Object.assign(window, { leftOver: true }));
    // A timer of this document writes to the site's storage until the document ends.
    await page.evaluate(() => setInterval(() => localStorage.setItem('leftOver', 'true'), 5));
    page.setDefaultTimeout(1);
    last = page;
  });

  it('is the last test’s page without any of it', async () => {
    const page = h.page;
    expect(last?.isClosed()).toBe(false);
    expect(page.mainFrame()).toBe(last?.mainFrame());
    // Its route would keep the flow from loading, and its 1 ms timeout would fail every wait below.
    const opened = await h.openCopy('support-desk');
    expect(await nodes(opened.page).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'leftOver' in window)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('leftOver'))).toBeNull();
    await page.evaluate(() => console.log('heard by no one'));
  });

  it('can have its viewport changed', async () => {
    await h.page.setViewportSize({ width: 800, height: 600 });
    last = h.page;
  });

  it('is a new page, at the context’s viewport, after a test changed the last one’s', () => {
    expect(last?.isClosed()).toBe(true);
    expect(h.page.viewportSize()).toEqual(VIEWPORT);
  });
});
