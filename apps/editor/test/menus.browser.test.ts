// Context menus as a person uses them (spec section 2; decisions.md "Context menu"): the entries
// of each menu with their shortcut hints, what each entry does, how menus open and close, and
// where they open near the window's corner. Built on the ContextMenuPage page object.
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { edge, fitView, namesIn, nodeEl, nodeName, nodes, nodesOfType, selectedNodes, sidePanel, storedFlow } from './pageHelpers';
import { ContextMenuPage, boxOf } from './pages/ContextMenuPage';

const h = useEditorHarness();

async function open(example?: 'support-desk') {
  const { page, plan } = await h.openCopy(example);
  return { page, plan, menu: new ContextMenuPage(page) };
}

const storedCount = async (plan: string) => (await storedFlow(h.server.url, plan)).nodes.length;

describe('entries and their shortcut hints', () => {
  it('shows each menu with its entries and the hints Enter, Ctrl+D, Del, Ctrl+V, Ctrl+A and Ctrl+C', async () => {
    const { page, menu } = await open();
    await menu.onNode('support-lookup-order');
    expect(await menu.entries()).toEqual([
      ['Edit Node', 'Enter'],
      ['Connect to…', 'Ctrl+E'],
      ['Duplicate', 'Ctrl+D'],
      ['Change Type', ''],
      ['Delete Node', 'Del'],
    ]);
    expect(await menu.item('Duplicate').getAttribute('aria-keyshortcuts')).toBe('Control+D');
    expect(await menu.item('Delete Node').getAttribute('aria-keyshortcuts')).toBe('Delete');
    await page.keyboard.press('Escape');

    await menu.onPane();
    expect(await menu.entries()).toEqual([
      ['Paste', 'Ctrl+V'],
      ['Add Node', ''],
      ['Select All', 'Ctrl+A'],
      ['Generate Flow', ''],
    ]);
    await page.keyboard.press('Escape');

    await menu.onSelection(['support-capture-order', 'support-lookup-order']);
    expect(await menu.entries()).toEqual([
      ['Copy Selection', 'Ctrl+C'],
      ['Duplicate Selection', ''],
      ['Group Nodes', ''],
      ['Delete Selection', 'Del'],
    ]);
    await page.keyboard.press('Escape');

    await menu.onEdge('edge-support-capture-return-to-support-create-return');
    expect(await menu.entries()).toEqual([
      ['Edit Edge', ''],
      ['Delete Edge', ''],
    ]);
  });

  it("shows Change Type and Group Nodes disabled with the tooltip 'Coming soon'; clicking them does nothing", async () => {
    const { page, plan, menu } = await open();
    await menu.onNode('support-lookup-order');
    await menu.item('Change Type').hover();
    expect(await menu.item('Change Type').getAttribute('title')).toBe('Coming soon');
    expect(await menu.item('Change Type').getAttribute('aria-disabled')).toBe('true');
    await menu.press('Change Type');
    // Still open: a disabled entry neither acts nor closes the menu.
    expect(await menu.root.isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await menu.onSelection(['support-capture-order', 'support-lookup-order']);
    expect(await menu.item('Group Nodes').getAttribute('title')).toBe('Coming soon');
    expect(await menu.item('Group Nodes').getAttribute('aria-disabled')).toBe('true');
    await menu.press('Group Nodes');
    expect(await menu.root.isVisible()).toBe(true);
    expect(await storedCount(plan)).toBe(8);
  });
});

describe('what the entries do', () => {
  it('Duplicate and Delete Node act on the right-clicked node', async () => {
    const { page, plan, menu } = await open();
    await menu.onNode('support-lookup-order');
    await menu.choose('Duplicate');
    await expect.poll(() => storedCount(plan), { timeout: 10_000 }).toBe(9);
    await menu.onNode('support-capture-order');
    await menu.choose('Delete Node');
    await expect.poll(() => nodeEl(page, 'support-capture-order').count()).toBe(0);
  });

  it('Edit Node opens the Properties of the node', async () => {
    const { page, menu } = await open();
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await menu.onNode('support-lookup-order');
    await menu.choose('Edit Node');
    await page.getByRole('tab', { name: 'Properties', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Look up order');
  });

  it('Duplicate Selection copies every selected node and selects the copies', async () => {
    const { page, plan, menu } = await open();
    await menu.onSelection(['support-capture-order', 'support-lookup-order']);
    await menu.choose('Duplicate Selection');
    await menu.closed();
    await expect.poll(() => storedCount(plan), { timeout: 10_000 }).toBe(10);
    await fitView(page);
    const selected = selectedNodes(page);
    expect(await selected.count()).toBe(2);
    expect((await namesIn(selected).allTextContents()).sort()).toEqual(['Capture order details', 'Look up order']);
    // The copies are new nodes; the originals are no longer selected.
    expect(await nodeEl(page, 'support-capture-order').getAttribute('class')).not.toContain('selected');
    const names = (await storedFlow(h.server.url, plan)).nodes.map((n) => ('name' in n.data ? n.data.name : ''));
    expect(names.filter((n) => n === 'Capture order details')).toHaveLength(2);
    expect(names.filter((n) => n === 'Look up order')).toHaveLength(2);
  });

  it('Delete Selection removes every selected node', async () => {
    const { page, menu } = await open();
    await menu.onSelection(['support-capture-order', 'support-lookup-order']);
    await menu.choose('Delete Selection');
    await expect.poll(() => nodes(page).count()).toBe(6);
  });

  it('Copy Selection enables Paste in the canvas menu, and Paste adds the copies', async () => {
    const { page, plan, menu } = await open();
    await menu.onPane();
    expect(await menu.item('Paste').getAttribute('aria-disabled')).toBe('true');
    expect(await menu.item('Paste').getAttribute('aria-keyshortcuts')).toBe('Control+V');
    await menu.press('Paste');
    expect(await menu.root.isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await nodeName(page, 'support-capture-return').click();
    await nodeName(page, 'support-create-return').click({ modifiers: ['Control'] });
    await menu.onNode('support-create-return');
    await menu.choose('Copy Selection');
    await menu.closed();

    await menu.onPane();
    expect(await menu.item('Paste').getAttribute('aria-disabled')).toBeNull();
    await menu.choose('Paste');
    await expect.poll(() => storedCount(plan), { timeout: 10_000 }).toBe(10);
    await fitView(page);
    expect(await selectedNodes(page).count()).toBe(2);
  });

  it('adds a prompt node from the Add Node submenu, and Select All selects every node', async () => {
    const { page, menu } = await open();
    await menu.onPane();
    await menu.item('Add Node').hover();
    await menu.submenu('Add Node').getByRole('menuitem', { name: 'Prompt Node' }).click();
    await expect.poll(() => nodesOfType(page, 'prompt').count()).toBe(4);
    await menu.closed();
    await menu.onPane({ x: 950, y: 420 });
    await menu.choose('Select All');
    await expect.poll(() => selectedNodes(page).count()).toBe(9);
  });

  it("Edit Edge selects the edge's source and opens its properties", async () => {
    const { page, menu } = await open();
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await menu.onEdge('edge-support-capture-order-to-support-lookup-order');
    await menu.choose('Edit Edge');
    await page.getByRole('tab', { name: 'Properties', selected: true }).waitFor();
    expect(await nodeEl(page, 'support-capture-order').getAttribute('class')).toContain('selected');
    expect(await menu.root.count()).toBe(0);
  });

  it('Delete Edge removes only that edge', async () => {
    const { page, plan, menu } = await open();
    const id = 'edge-support-capture-order-to-support-lookup-order';
    await menu.onEdge(id);
    await menu.choose('Delete Edge');
    await expect.poll(() => edge(page, id).count()).toBe(0);
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).edges.length, { timeout: 10_000 }).toBe(6);
    expect(await storedCount(plan)).toBe(8);
  });
});

describe('opening and closing', () => {
  it('closes on Escape without clearing the selection, and on a click elsewhere (canvas or side panel)', async () => {
    const { page, menu } = await open();
    await menu.onNode('support-lookup-order');
    await page.keyboard.press('Escape');
    await menu.closed();
    expect(await nodeEl(page, 'support-lookup-order').getAttribute('class')).toContain('selected');

    await menu.onPane();
    await page.mouse.click(300, 300);
    await menu.closed();

    await menu.onNode('support-lookup-order');
    const panel = await boxOf(sidePanel(page));
    await page.mouse.click(panel.x + panel.width / 2, panel.y + panel.height - 40);
    await menu.closed();
  });

  it('opens the Add Node submenu on hover, closes it when the pointer moves to another entry, and Function Node opens the palette', async () => {
    const { page, menu } = await open();
    await menu.onPane();
    const submenu = menu.submenu('Add Node');
    expect(await submenu.count()).toBe(0);
    await menu.item('Add Node').hover();
    await submenu.waitFor();
    expect(await submenu.getByRole('menuitem').allTextContents()).toEqual(['Function Node', 'Prompt Node']);
    // A person's pointer goes on moving over the entry it reached (a single jump stays in the
    // submenu's grace area, where the submenu rightly stays open).
    const selectAll = await boxOf(menu.item('Select All'));
    await page.mouse.move(selectAll.x + selectAll.width / 2, selectAll.y + selectAll.height / 2, { steps: 4 });
    await page.mouse.move(selectAll.x + 20, selectAll.y + selectAll.height / 2, { steps: 4 });
    await expect.poll(() => submenu.count()).toBe(0);
    await menu.item('Add Node').hover();
    await submenu.getByRole('menuitem', { name: 'Function Node' }).click();
    await page.getByTestId('function-palette').waitFor();
    expect(await menu.root.count()).toBe(0);
  });

  it('keeps the menu and its submenu inside a small window near the bottom-right corner, just above the pointer', async () => {
    const { page, menu } = await open();
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
    const m = await boxOf(menu.root);
    expect(m.x).toBeGreaterThanOrEqual(10);
    expect(m.y).toBeGreaterThanOrEqual(10);
    expect(m.x + m.width).toBeLessThanOrEqual(800 - 10);
    expect(m.y + m.height).toBeLessThanOrEqual(600 - 10);
    expect(Math.round(m.width)).toBe(220);
    // Moved only as far as needed: its bottom edge is at the window margin, by the pointer.
    expect(m.y + m.height).toBeGreaterThan(point.y - 20);

    await menu.item('Add Node').hover();
    const s = await boxOf(menu.submenu('Add Node'));
    expect(s.x).toBeGreaterThanOrEqual(10);
    expect(s.x + s.width).toBeLessThanOrEqual(800 - 10);
    expect(s.y + s.height).toBeLessThanOrEqual(600 - 10);
  });
});
