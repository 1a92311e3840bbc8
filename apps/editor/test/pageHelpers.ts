// What the browser tests share: finding nodes and toasts, reading what the provider stored.
import type { FlowDocument } from '@flow/core';
import type { Locator, Page } from 'playwright-core';

/** The React Flow node of a flow node id. */
export function nodeEl(page: Page, id: string): Locator {
  return page.locator(`.react-flow__node[data-id="${id}"]`);
}

/** A toast with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Resolves once the canvas viewport has kept the same transform for a few animation frames. */
export async function viewportSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const el = document.querySelector('.react-flow__viewport');
        let last = '';
        let same = 0;
        const check = () => {
          const now = el instanceof HTMLElement ? el.style.transform : '';
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Resolves after the page has painted twice: what an input did synchronously is on screen by then. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Zooms the canvas out so that the whole flow is in view (the fit view control), once the view stops moving. */
export async function fitView(page: Page): Promise<void> {
  await page.locator('.react-flow__controls-fitview').click();
  await viewportSettled(page);
}

/**
 * Holds the requests that match `url` until `release()`: a test sees the loading state they cause
 * for as long as it needs, without guessing how long a request takes.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}

/** The flow the provider stores for a plan version. */
export async function storedFlow(
  baseUrl: string,
  planId: string,
  version = 'production',
  headers: Record<string, string> = {},
): Promise<FlowDocument> {
  const res = await fetch(`${baseUrl}/api/flows/${planId}/${version}`, { headers });
  if (!res.ok) throw new Error(`GET flow: ${res.status}`);
  return (await res.json()) as FlowDocument;
}

/**
 * Replaces a stored flow as another editor or flowctl would: over the version it reads just
 * before (If-Match), or creating it (If-None-Match: *) when there is none.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- any document-like object, whole or partial
export async function putFlow<T extends Pick<FlowDocument, 'planId' | 'versionName'>>(baseUrl: string, doc: T): Promise<void> {
  const url = `${baseUrl}/api/flows/${doc.planId}/${doc.versionName}`;
  const current = await fetch(url);
  const etag = current.headers.get('ETag');
  const precondition: Record<string, string> = current.ok && etag ? { 'If-Match': etag } : { 'If-None-Match': '*' };
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...precondition },
    body: JSON.stringify(doc),
  });
  if (!res.ok) throw new Error(`PUT flow: ${res.status} ${await res.text()}`);
}

/** The banner of a conflict: 'Changed elsewhere' with 'Reload' and 'Overwrite'. */
export function conflictBanner(page: Page): Locator {
  return page.getByTestId('conflict-banner');
}

/** Waits until the editor has written its changes to the provider. */
export async function waitSaved(page: Page): Promise<void> {
  await page
    .getByTestId('save-state')
    .filter({ hasText: /^Saved$/ })
    .waitFor({ timeout: 10_000 });
}

/** Centre of an element on the page. */
export async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
