// Routes, editor layout and the canvas frame (spec section 2: Routes, Editor layout, Canvas).
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  backgroundDot,
  backgroundPattern,
  barButton,
  canvas as flowCanvas,
  columnWidths,
  edges,
  exampleDoc,
  nodeEl,
  nodeName,
  nodes,
  opening,
  openPlan,
  paneCorner,
  planLabelPlan,
  planLabelVersion,
  seedPlan,
  toasts as everyToast,
  viewport,
  visibleToasts,
  watchOpening,
  zoomOut,
} from './pageHelpers';
import { useEditorHarness } from './harness';

const h = useEditorHarness();

/** Resolves once an element's box is the same in two reads a frame apart (an animation has ended). */
async function boxSettled(locator: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await locator.boundingBox());
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
}

describe('routes', () => {
  it("'/' is the plan list alone: none of the editor's code or requests", async () => {
    const scripts: string[] = [];
    h.page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().includes('/api/')) scripts.push(new URL(request.url()).pathname);
    });
    const page = await h.open('/');
    await page.getByTestId('plan-home').getByRole('link', { name: 'support-desk', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('editor').count()).toBe(0);
    // The home's own entry alone: none of the editor's chunks (index-*.js nor any it shares).
    expect(scripts.filter((path) => path.startsWith('/assets/'))).toEqual([expect.stringMatching(/^\/assets\/home-[\w-]+\.js$/)]);
    expect(scripts.filter((path) => path.startsWith('/api/')).sort()).toEqual(['/api/plans', '/api/session']);
  });

  it("'/{id}' is replaced by '/{id}/production' and shows that plan's nodes", async () => {
    const page = await h.open('/support-desk');
    await nodeEl(page, 'support-greet').waitFor();
    expect(new URL(page.url()).pathname).toBe('/support-desk/production');
    expect(await planLabelPlan(page).innerText()).toBe('support-desk');
    expect(await planLabelVersion(page).innerText()).toBe('production');
  });

  it('draws every node of the example with its name', async () => {
    const page = await openPlan(h, 'support-desk');
    await zoomOut(page);
    const example = exampleDoc('support-desk');
    for (const n of example.nodes) {
      await nodeEl(page, n.id).waitFor();
      expect(await nodeName(page, n.id).innerText()).toBe(n.data.name);
    }
    expect(await nodes(page).count()).toBe(example.nodes.length);
  });

  it("/{id}/{version} opens that version (an unknown version says 'Plan not found' until created)", async () => {
    const page = await h.open('/support-desk/staging');
    expect(new URL(page.url()).pathname).toBe('/support-desk/staging');
    expect(await planLabelVersion(page).innerText()).toBe('staging');
    await page.getByTestId('plan-missing').getByText('Plan not found', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create it' }).click();
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('Saved');
    expect(await nodes(page).count()).toBe(0);
  });
});

describe('editor layout', () => {
  it('puts the canvas on the left at 75% and the side panel on the right at 25%', async () => {
    const page = await openPlan(h, 'support-desk');
    const w = await columnWidths(page);
    expect(w.canvas).toBeCloseTo(75, 0);
    expect(w.panel).toBeCloseTo(25, 0);
    expect(w.canvasLeft).toBe(0);
    expect(w.panelRight).toBeCloseTo(w.editorWidth, 0);
    await page.getByRole('tab', { name: 'Functions' }).waitFor();
  });

  it('resizes with the divider between 50% and 80%, showing a column-resize cursor while dragging', async () => {
    const page = await openPlan(h, 'support-desk');
    const divider = page.getByRole('separator', { name: 'Resize canvas and side panel' });
    const box = (await divider.boundingBox())!;
    const width = (await columnWidths(page)).editorWidth;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    const cursorAt = (x: number) => page.evaluate(([px, py]) => getComputedStyle(document.elementFromPoint(px!, py!)!).cursor, [x, y]);
    await page.mouse.move(width * 0.6, y, { steps: 5 });
    expect((await columnWidths(page)).canvas).toBeCloseTo(60, 0);
    expect(await cursorAt(width * 0.6)).toBe('col-resize');
    // Past the limits the divider stops and the pointer is over the canvas or the panel: still col-resize.
    await page.mouse.move(width * 0.2, y, { steps: 5 });
    expect((await columnWidths(page)).canvas).toBeCloseTo(50, 0);
    expect(await cursorAt(width * 0.2)).toBe('col-resize');
    await page.mouse.move(width * 0.97, y, { steps: 5 });
    expect((await columnWidths(page)).canvas).toBeCloseTo(80, 0);
    expect(await cursorAt(width * 0.97)).toBe('col-resize');
    await page.mouse.move(width * 0.7, y, { steps: 5 });
    await page.mouse.up();
    const after = await columnWidths(page);
    expect(after.canvas).toBeCloseTo(70, 0);
    expect(after.panel).toBeCloseTo(30, 0);
    // The cursor is back to normal over the canvas once the drag ends.
    expect(await cursorAt(width * 0.3)).not.toBe('col-resize');
  });
});

describe('canvas main-flow', () => {
  it('opens a flow that fits at the default zoom 1.5 at 1.5, on a dotted background with gap 20 and dot size 3', async () => {
    await seedPlan(h, 'support-desk', 'layout-one-node', (doc) => {
      doc.nodes = doc.nodes.filter((n) => n.id === 'support-greet');
      doc.edges = [];
    });
    const page = await openPlan(h, 'layout-one-node');
    expect((await viewport(page)).zoom).toBe(1.5);
    const pattern = backgroundPattern(page);
    expect(await pattern.count()).toBe(1);
    // At zoom 1.5 a gap of 20 is drawn 30 px apart and a dot of size 3 has radius 3 * 1.5 / 2.
    expect(Number(await pattern.getAttribute('width'))).toBeCloseTo(30, 5);
    expect(Number(await pattern.getAttribute('height'))).toBeCloseTo(30, 5);
    expect(Number(await backgroundDot(page).getAttribute('r'))).toBeCloseTo(2.25, 5);
  });

  it('zooms between 0.3 and 3 with the mouse wheel', async () => {
    const page = await openPlan(h, 'support-desk');
    const corner = await paneCorner(page);
    await page.mouse.move(corner.x, corner.y);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 600);
    await expect.poll(async () => (await viewport(page)).zoom).toBe(0.3);
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -600);
    await expect.poll(async () => (await viewport(page)).zoom).toBe(3);
  });

  it('shows a spinner at the bottom right while the flow loads, and Play is disabled until it is loaded', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await h.page.route('**/api/flows/support-desk/production', async (route) => {
      await held;
      await route.continue();
    });
    await h.page.goto(h.server.url + '/support-desk/production');
    const spinner = h.page.getByRole('status', { name: 'Loading flow' });
    await spinner.waitFor();
    const canvas = (await flowCanvas(h.page).boundingBox())!;
    const box = (await spinner.boundingBox())!;
    expect(box.x).toBeGreaterThan(canvas.x + canvas.width / 2);
    expect(box.y).toBeGreaterThan(canvas.y + canvas.height / 2);
    expect(await barButton(h.page, 'Play').isDisabled()).toBe(true);
    release();
    await nodeEl(h.page, 'support-greet').waitFor();
    await spinner.waitFor({ state: 'detached' });
    expect(await barButton(h.page, 'Play').isEnabled()).toBe(true);
  });

  it('shows each node in the first frame that draws it, before React Flow has measured it', async () => {
    await watchOpening(h.page);
    const page = await openPlan(h, 'support-desk');
    await nodeEl(page, 'support-greet').waitFor();
    expect((await opening(page)).hiddenNodes).toEqual([]);
  });

  it("draws the plan's nodes in view and their edges in the editor's first frame: the page's preloads answer its first GETs before its code runs", async () => {
    await watchOpening(h.page);
    const page = await openPlan(h, 'support-desk');
    await nodeEl(page, 'support-greet').waitFor();
    // React Flow has each node's estimated handles (rfElements.ts): it needs no measuring to draw only
    // the nodes in view, and the edges between them.
    expect((await opening(page)).firstFrame).toEqual({ nodes: await nodes(page).count(), edges: await edges(page).count() });
    expect(await edges(page).count()).toBe(exampleDoc('support-desk').edges.length);
  });

  it('has the bottom bar buttons and the help button', async () => {
    const page = await openPlan(h, 'support-desk');
    const labels = await page.getByRole('toolbar', { name: 'Flow actions' }).getByRole('button').allInnerTexts();
    expect(labels.map((l) => l.replace(/^\S+\s/, ''))).toEqual([
      'Add (Space)',
      'Erase Selected',
      'New Chain',
      'Undo',
      'Redo',
      'Play',
      'Report a Bug',
    ]);
    await page.getByRole('button', { name: 'How to use: F1' }).waitFor();
  });

  it('shows toasts at the bottom left, 356 px wide, at most 3 at a time, 14 px apart, for 4 seconds; Alt+T reaches them', async () => {
    const page = await openPlan(h, 'support-desk');
    const erase = barButton(page, 'Erase Selected');
    // Erase with nothing selected toasts 'Select something to erase' (a click still works on the
    // muted button); each click must reach the button, not a toast shown over it.
    const toasts = everyToast(page);
    let lastShown = 0;
    for (let i = 1; i <= 4; i++) {
      await erase.click({ force: true });
      await expect.poll(() => toasts.count()).toBe(i);
      lastShown = Date.now();
      // The toast has slid in (its box stops moving) before the next click.
      await boxSettled(toasts.first());
    }
    const shown = toasts.filter({ visible: true });
    await expect.poll(() => visibleToasts(page).count()).toBe(3);
    const first = (await shown.first().boundingBox())!;
    const size = page.viewportSize()!;
    expect(first.width).toBe(356);
    expect(first.x).toBeLessThan(60);
    expect(first.y + first.height).toBeGreaterThan(size.height - 140);
    // They do not cover the bottom bar: its buttons stay usable while toasts are shown.
    const bar = (await page.getByRole('toolbar', { name: 'Flow actions' }).boundingBox())!;
    for (const box of await toasts.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom))) {
      expect(box).toBeLessThanOrEqual(bar.y);
    }
    // Hovering spreads them out, 14 px apart.
    await page.mouse.move(first.x + 20, first.y + first.height / 2);
    await expect.poll(() => toasts.first().getAttribute('data-expanded')).toBe('true');
    const gap = async () => {
      const boxes = await visibleToasts(page).evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
      );
      boxes.sort((a, b) => a.top - b.top);
      return Math.round(boxes[1]!.top - boxes[0]!.bottom);
    };
    await expect.poll(gap).toBe(14);
    // They go away after 4 seconds (the time under the pointer does not count).
    await page.mouse.move(size.width / 2, 200);
    await toasts.first().waitFor({ state: 'detached', timeout: 8000 });
    expect(Date.now() - lastShown).toBeGreaterThan(3900);
    // Alt+T takes the keyboard to the toasts.
    await erase.click({ force: true });
    await toasts.first().waitFor();
    await page.keyboard.press('Alt+t');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-sonner-toaster') ?? false)).toBe(true);
  });
});
