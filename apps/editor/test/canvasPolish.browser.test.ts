// Canvas polish (issue 11): opening fits the flow and restores the last viewport, problems are
// marked on the nodes, a replaced follow-up is said and undone in one step, typing is one undo
// step per pause, paste lands at the cursor, and the layout holds at 800 px.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { exampleDoc, nodes, paneCorner, viewport, type ExamplePlan } from './canvasKit';
import { useEditorHarness } from './harness';

const h = useEditorHarness();

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element not visible');
  return b;
}

/** The part of the canvas no floating bar covers: below the top bar, above the bottom bar. */
async function freeArea(page: Page): Promise<{ left: number; top: number; right: number; bottom: number }> {
  const flow = await box(page.locator('#main-flow'));
  const bar = await box(page.getByRole('toolbar', { name: 'Flow actions' }));
  return { left: flow.x, top: flow.y, right: flow.x + flow.width, bottom: bar.y };
}

/** Ids of the nodes not wholly inside the free part of the canvas. */
async function nodesOutside(page: Page): Promise<string[]> {
  const area = await freeArea(page);
  const boxes = await nodes(page).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.getAttribute('data-id') ?? '', left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
  );
  return boxes
    .filter((b) => b.left < area.left || b.top < area.top || b.right > area.right || b.bottom > area.bottom)
    .map((b) => b.id);
}

/** Two viewports the same to what the page shows (its transform is rounded to 3 decimals). */
function closeTo(a: { x: number; y: number; zoom: number } | null, b: { x: number; y: number; zoom: number }): boolean {
  return a !== null && Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01 && Math.abs(a.zoom - b.zoom) < 0.001;
}

const EXAMPLES: ExamplePlan[] = ['support-desk', 'lead-qualifier', 'onboarding-coach'];

describe('opening a plan', () => {
  for (const example of EXAMPLES) {
    it(`fits the whole ${example} flow into the free canvas at zoom 0.3 to 1.5`, async () => {
      const plan = await h.plan(example);
      const page = await h.open(`/${plan}/production`);
      const count = exampleDoc(example).nodes.length;
      await expect.poll(() => nodes(page).count()).toBe(count);
      await expect.poll(() => nodesOutside(page)).toEqual([]);
      const { zoom } = await viewport(page);
      expect(zoom).toBeLessThanOrEqual(1.5);
      expect(zoom).toBeGreaterThanOrEqual(0.3);
    });
  }

  it('comes back to the last viewport of the plan after a reload', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await expect.poll(() => nodesOutside(page)).toEqual([]);
    const fitted = await viewport(page);
    const corner = await paneCorner(page);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(corner.x + 140, corner.y + 90, { steps: 8 });
    await page.mouse.up();
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await viewport(page)).zoom).not.toBe(fitted.zoom);
    // The wheel's move ends once the wheel rests; the kept viewport is then the one on screen.
    const key = `flow:viewport:${plan}/production`;
    const kept = async () => {
      const text = await page.evaluate((k) => localStorage.getItem(k), key);
      return text === null ? null : (JSON.parse(text) as { x: number; y: number; zoom: number });
    };
    await expect.poll(async () => closeTo(await kept(), await viewport(page))).toBe(true);
    const moved = await viewport(page);
    expect(Math.abs(moved.x - fitted.x)).toBeGreaterThan(10);
    await page.reload();
    await nodes(page).first().waitFor();
    await expect.poll(async () => closeTo(await viewport(page), moved)).toBe(true);
  });
});
