// Context menus as a person sees them: the entries with their visible shortcut hints, what the
// selection and edge entries do, and where the menu opens near the window's corner.
// (menus.browser.test.ts covers the basics of each menu; this file the rest of the list.)
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { fitView, nodeEl, storedFlow } from './pageHelpers';

const h = useEditorHarness();

const menu = (page: Page) => page.getByTestId('context-menu');
const item = (page: Page, name: string) => menu(page).getByRole('menuitem', { name, exact: true });
const nodeName = (page: Page, id: string) => nodeEl(page, id).locator('.flow-node-name');

/** Each entry of the open menu as [label, visible shortcut hint or ''], in order. */
async function entries(page: Page): Promise<string[][]> {
  await menu(page).waitFor();
  return menu(page)
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.map((el) => [el.querySelector('.ctx-label')?.textContent ?? '', el.querySelector('.ctx-shortcut')?.textContent ?? '']),
    );
}

/** A point on the middle of an edge's path, in page coordinates. */
async function edgeMiddle(page: Page, id: string): Promise<{ x: number; y: number }> {
  return page.locator(`.react-flow__edge[data-id="${id}"] path.react-flow__edge-path`).evaluate((path) => {
    const p = path as SVGPathElement;
    const point = p.getPointAtLength(p.getTotalLength() / 2);
    const m = p.getScreenCTM();
    if (!m) throw new Error('edge not on screen');
    return { x: point.x * m.a + point.y * m.c + m.e, y: point.x * m.b + point.y * m.d + m.f };
  });
}

async function storedCount(plan: string): Promise<number> {
  return (await storedFlow(h.server.url, plan)).nodes.length;
}

/** A person's click in the middle of an entry, disabled or not. */
async function press(page: Page, locator: Locator): Promise<void> {
  const b = await box(locator);
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

describe('entries and their shortcut hints', () => {
  it('shows each menu with its entries and the hints Enter, Ctrl+D, Del, Ctrl+V, Ctrl+A and Ctrl+C', async () => {
    const { page } = await h.openCopy();
    await nodeName(page, 'support-lookup-order').click({ button: 'right' });
    expect(await entries(page)).toEqual([
      ['Edit Node', 'Enter'],
      ['Duplicate', 'Ctrl+D'],
      ['Change Type', ''],
      ['Delete Node', 'Del'],
    ]);
    await page.keyboard.press('Escape');

    await page.locator('.react-flow__pane').click({ button: 'right', position: { x: 60, y: 60 } });
    expect(await entries(page)).toEqual([
      ['Paste', 'Ctrl+V'],
      ['Add Node', ''],
      ['Select All', 'Ctrl+A'],
    ]);
    await page.keyboard.press('Escape');

    await nodeName(page, 'support-capture-order').click();
    await nodeName(page, 'support-lookup-order').click({ modifiers: ['Shift'] });
    await nodeName(page, 'support-lookup-order').click({ button: 'right' });
    expect(await entries(page)).toEqual([
      ['Copy Selection', 'Ctrl+C'],
      ['Duplicate Selection', ''],
      ['Group Nodes', ''],
      ['Delete Selection', 'Del'],
    ]);
    await page.keyboard.press('Escape');

    const middle = await edgeMiddle(page, 'edge-support-capture-return-to-support-create-return');
    await page.mouse.click(middle.x, middle.y, { button: 'right' });
    expect(await entries(page)).toEqual([
      ['Edit Edge', ''],
      ['Delete Edge', ''],
    ]);
  });

  it("shows Change Type and Group Nodes disabled with the tooltip 'Coming soon'; clicking them does nothing", async () => {
    const { page, plan } = await h.openCopy();
    await nodeName(page, 'support-lookup-order').click({ button: 'right' });
    const changeType = item(page, 'Change Type');
    await changeType.hover();
    expect(await changeType.getAttribute('title')).toBe('Coming soon');
    expect(await changeType.getAttribute('aria-disabled')).toBe('true');
    await press(page, changeType);
    // Still open: a disabled entry neither acts nor closes the menu.
    expect(await menu(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await nodeName(page, 'support-capture-order').click();
    await nodeName(page, 'support-lookup-order').click({ modifiers: ['Shift'] });
    await nodeName(page, 'support-lookup-order').click({ button: 'right' });
    const group = item(page, 'Group Nodes');
    await group.hover();
    expect(await group.getAttribute('title')).toBe('Coming soon');
    expect(await group.getAttribute('aria-disabled')).toBe('true');
    await press(page, group);
    expect(await menu(page).isVisible()).toBe(true);
    expect(await storedCount(plan)).toBe(8);
  });
});

describe('what the entries do', () => {
  it('Duplicate Selection copies every selected node and selects the copies', async () => {
    const { page, plan } = await h.openCopy();
    await nodeName(page, 'support-capture-order').click();
    await nodeName(page, 'support-lookup-order').click({ modifiers: ['Shift'] });
    await nodeName(page, 'support-lookup-order').click({ button: 'right' });
    await item(page, 'Duplicate Selection').click();
    await expect.poll(() => menu(page).count()).toBe(0);
    await expect.poll(() => storedCount(plan), { timeout: 10_000 }).toBe(10);
    await fitView(page);
    const selected = page.locator('.react-flow__node.selected');
    expect(await selected.count()).toBe(2);
    expect((await selected.locator('.flow-node-name').allTextContents()).sort()).toEqual(['Capture order details', 'Look up order']);
    // The copies are new nodes; the originals are no longer selected.
    expect(await nodeEl(page, 'support-capture-order').getAttribute('class')).not.toContain('selected');
    const names = (await storedFlow(h.server.url, plan)).nodes.map((n) => ('name' in n.data ? n.data.name : ''));
    expect(names.filter((n) => n === 'Capture order details')).toHaveLength(2);
    expect(names.filter((n) => n === 'Look up order')).toHaveLength(2);
  });

  it('Copy Selection enables Paste in the canvas menu, and Paste adds the copies', async () => {
    const { page, plan } = await h.openCopy();
    const pane = page.locator('.react-flow__pane');
    await pane.click({ button: 'right', position: { x: 60, y: 60 } });
    expect(await item(page, 'Paste').getAttribute('aria-disabled')).toBe('true');
    await press(page, item(page, 'Paste'));
    expect(await menu(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await nodeName(page, 'support-capture-return').click();
    await nodeName(page, 'support-create-return').click({ modifiers: ['Control'] });
    await nodeName(page, 'support-create-return').click({ button: 'right' });
    await item(page, 'Copy Selection').click();
    await expect.poll(() => menu(page).count()).toBe(0);

    await pane.click({ button: 'right', position: { x: 60, y: 60 } });
    expect(await item(page, 'Paste').getAttribute('aria-disabled')).toBeNull();
    await item(page, 'Paste').click();
    await expect.poll(() => storedCount(plan), { timeout: 10_000 }).toBe(10);
    await fitView(page);
    expect(await page.locator('.react-flow__node.selected').count()).toBe(2);
  });

  it("Edit Edge selects the edge's source and opens its properties", async () => {
    const { page } = await h.openCopy();
    await page.getByRole('tab', { name: 'Advanced' }).click();
    const middle = await edgeMiddle(page, 'edge-support-capture-order-to-support-lookup-order');
    await page.mouse.click(middle.x, middle.y, { button: 'right' });
    await item(page, 'Edit Edge').click();
    await page.getByRole('tab', { name: 'Properties', selected: true }).waitFor();
    expect(await nodeEl(page, 'support-capture-order').getAttribute('class')).toContain('selected');
    expect(await menu(page).count()).toBe(0);
  });

  it('Delete Edge removes only that edge', async () => {
    const { page, plan } = await h.openCopy();
    const id = 'edge-support-capture-order-to-support-lookup-order';
    const middle = await edgeMiddle(page, id);
    await page.mouse.click(middle.x, middle.y, { button: 'right' });
    await item(page, 'Delete Edge').click();
    await expect.poll(() => page.locator(`.react-flow__edge[data-id="${id}"]`).count()).toBe(0);
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).edges.length, { timeout: 10_000 }).toBe(6);
    expect(await storedCount(plan)).toBe(8);
  });
});

describe('opening and closing', () => {
  it('closes on Escape without clearing the selection, and on a click in the side panel', async () => {
    const { page } = await h.openCopy();
    await nodeName(page, 'support-lookup-order').click({ button: 'right' });
    await menu(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu(page).count()).toBe(0);
    expect(await nodeEl(page, 'support-lookup-order').getAttribute('class')).toContain('selected');

    await nodeName(page, 'support-lookup-order').click({ button: 'right' });
    await menu(page).waitFor();
    const panel = await box(page.locator('.editor-panel'));
    await page.mouse.click(panel.x + panel.width / 2, panel.y + panel.height - 40);
    await expect.poll(() => menu(page).count()).toBe(0);
  });

  it('opens the Add Node submenu on hover, closes it when the pointer moves to another entry, and Function Node opens the palette', async () => {
    const { page } = await h.openCopy();
    await page.locator('.react-flow__pane').click({ button: 'right', position: { x: 60, y: 60 } });
    const submenu = page.getByRole('menu', { name: 'Add Node' });
    expect(await submenu.count()).toBe(0);
    await item(page, 'Add Node').hover();
    await submenu.waitFor();
    expect(await submenu.getByRole('menuitem').allTextContents()).toEqual(['Function Node', 'Prompt Node']);
    // A person's pointer goes on moving over the entry it reached (a single jump stays in the
    // submenu's grace area, where the submenu rightly stays open).
    const selectAll = await box(item(page, 'Select All'));
    await page.mouse.move(selectAll.x + selectAll.width / 2, selectAll.y + selectAll.height / 2, { steps: 4 });
    await page.mouse.move(selectAll.x + 20, selectAll.y + selectAll.height / 2, { steps: 4 });
    await expect.poll(() => submenu.count()).toBe(0);
    await item(page, 'Add Node').hover();
    await submenu.getByRole('menuitem', { name: 'Function Node' }).click();
    await page.getByTestId('function-palette').waitFor();
    expect(await menu(page).count()).toBe(0);
  });

  it('keeps the menu and its submenu inside a small window near the bottom-right corner, just above the pointer', async () => {
    const { page } = await h.openCopy();
    await page.setViewportSize({ width: 800, height: 600 });
    // The lowest, rightmost point of the canvas where the pane itself (not a node or a button) is.
    const point = await page.evaluate(() => {
      for (let y = innerHeight - 4; y > innerHeight / 2; y -= 4) {
        for (let x = innerWidth - 4; x > innerWidth / 2; x -= 4) {
          if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
        }
      }
      return null;
    });
    if (!point) throw new Error('no free canvas point near the corner');
    expect(point.x + 220).toBeGreaterThan(800 - 10);
    await page.mouse.click(point.x, point.y, { button: 'right' });
    const m = await box(menu(page));
    expect(m.x).toBeGreaterThanOrEqual(10);
    expect(m.y).toBeGreaterThanOrEqual(10);
    expect(m.x + m.width).toBeLessThanOrEqual(800 - 10);
    expect(m.y + m.height).toBeLessThanOrEqual(600 - 10);
    // Moved only as far as needed: its bottom edge is at the window margin, by the pointer.
    expect(m.y + m.height).toBeGreaterThan(point.y - 20);

    await item(page, 'Add Node').hover();
    const s = await box(page.getByRole('menu', { name: 'Add Node' }));
    expect(s.x).toBeGreaterThanOrEqual(10);
    expect(s.x + s.width).toBeLessThanOrEqual(800 - 10);
    expect(s.y + s.height).toBeLessThanOrEqual(600 - 10);
  });
});
