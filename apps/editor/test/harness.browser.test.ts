// What the harness promises each browser test: a clean page. The last test's page goes on to the
// next test without what that test set on it (routes, listeners, timeout, its document and its
// timers, ended before the storage is cleared); a page whose viewport a test changed is closed
// instead. Each test hands its page over itself (h.betweenTests, what the hooks run), so none
// depends on the one before.
import { describe, expect, it } from 'vitest';
import { useEditorHarness, VIEWPORT } from './harness';
import { nodes } from './pageHelpers';

const h = useEditorHarness();

describe('the page each browser test gets', () => {
  it('is the last test’s page without its routes, listeners, short timeout, document or timers', async () => {
    const last = await h.open('/');
    await last.route('**/api/**', (route) => route.abort());
    last.on('console', () => {
      throw new Error('a listener of the last test heard this page');
    });
    await last.evaluate(() => Object.assign(window, { leftOver: true }));
    // A timer of this document writes to the site's storage until the document ends.
    await last.evaluate(() => setInterval(() => localStorage.setItem('leftOver', 'true'), 5));
    last.setDefaultTimeout(1);

    const page = await h.betweenTests();
    expect(last.isClosed()).toBe(false);
    expect(page.mainFrame()).toBe(last.mainFrame());
    // Its route would keep the flow from loading, and its 1 ms timeout would fail every wait below.
    const opened = await h.openCopy('support-desk');
    expect(await nodes(opened.page).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'leftOver' in window)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('leftOver'))).toBeNull();
    await page.evaluate(() => console.log('heard by no one'));
  });

  it('is a new page, at the context’s viewport, after a test changed the last one’s', async () => {
    const last = h.page;
    await last.setViewportSize({ width: 800, height: 600 });

    const page = await h.betweenTests();
    expect(last.isClosed()).toBe(true);
    expect(page.viewportSize()).toEqual(VIEWPORT);
  });
});
