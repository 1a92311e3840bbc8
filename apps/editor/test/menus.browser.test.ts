import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { nodeEl, storedFlow } from './pageHelpers';

const h = useEditorHarness();

const menu = (page: Page) => page.getByTestId('context-menu');
const item = (page: Page, name: string) => menu(page).getByRole('menuitem', { name, exact: true });

describe('node context menu', () => {
  it('offers Edit Node, Duplicate, Change Type (coming soon) and Delete Node with their shortcuts', async () => {
    const { page } = await h.openCopy();
    await nodeEl(page, 'support-lookup-order').locator('.flow-node-name').click({ button: 'right' });
    await menu(page).waitFor();
    expect(await item(page, 'Edit Node').getAttribute('aria-keyshortcuts')).toBe('Enter');
    expect(await item(page, 'Duplicate').getAttribute('aria-keyshortcuts')).toBe('Control+D');
    expect(await item(page, 'Change Type').getAttribute('aria-disabled')).toBe('true');
    expect(await item(page, 'Change Type').getAttribute('title')).toBe('Coming soon');
    expect(await item(page, 'Delete Node').getAttribute('aria-keyshortcuts')).toBe('Delete');
  });

  it('duplicates and deletes the node', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-lookup-order').locator('.flow-node-name').click({ button: 'right' });
    await item(page, 'Duplicate').click();
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).nodes.length, { timeout: 10_000 }).toBe(9);
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click({ button: 'right' });
    await item(page, 'Delete Node').click();
    await expect.poll(() => nodeEl(page, 'support-capture-order').count()).toBe(0);
  });

  it('opens the properties of the node with Edit Node', async () => {
    const { page } = await h.openCopy();
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await nodeEl(page, 'support-lookup-order').locator('.flow-node-name').click({ button: 'right' });
    await item(page, 'Edit Node').click();
    await page.getByRole('tab', { name: 'Properties', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Look up order');
  });
});

describe('canvas context menu', () => {
  it('disables Paste until something was copied, adds a prompt node from the Add Node submenu on hover, and selects all', async () => {
    const { page } = await h.openCopy();
    const pane = page.locator('.react-flow__pane');
    await pane.click({ button: 'right', position: { x: 60, y: 60 } });
    expect(await item(page, 'Paste').getAttribute('aria-disabled')).toBe('true');
    expect(await item(page, 'Paste').getAttribute('aria-keyshortcuts')).toBe('Control+V');
    await item(page, 'Add Node').hover();
    await page.getByRole('menuitem', { name: 'Function Node' }).waitFor();
    await page.getByRole('menuitem', { name: 'Prompt Node' }).click();
    await expect.poll(() => page.locator('.flow-node-prompt').count()).toBe(4);
    await expect.poll(() => menu(page).count()).toBe(0);
    await pane.click({ button: 'right', position: { x: 950, y: 420 } });
    await item(page, 'Select All').click();
    await expect.poll(() => page.locator('.react-flow__node.selected').count()).toBe(9);
  });

  it('pastes what was copied', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-lookup-order').locator('.flow-node-name').click();
    await page.keyboard.press('Control+c');
    await page.locator('.react-flow__pane').click({ button: 'right', position: { x: 60, y: 60 } });
    expect(await item(page, 'Paste').getAttribute('aria-disabled')).toBeNull();
    await item(page, 'Paste').click();
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).nodes.length, { timeout: 10_000 }).toBe(9);
  });

  it('closes on Escape and on an outside click, and stays inside the window near the corner', async () => {
    const { page } = await h.openCopy();
    const pane = page.locator('.react-flow__pane');
    await pane.click({ button: 'right', position: { x: 60, y: 60 } });
    await menu(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu(page).count()).toBe(0);
    await pane.click({ button: 'right', position: { x: 60, y: 60 } });
    await menu(page).waitFor();
    await page.mouse.click(300, 300);
    await expect.poll(() => menu(page).count()).toBe(0);
    const box = await pane.boundingBox();
    if (!box) throw new Error('no pane');
    await page.mouse.click(box.x + box.width - 5, box.y + box.height - 5, { button: 'right' });
    const menuBox = await menu(page).boundingBox();
    const size = page.viewportSize();
    if (!menuBox || !size) throw new Error('no menu');
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(size.width - 10);
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(size.height - 10);
    expect(Math.round(menuBox.width)).toBe(220);
  });
});

describe('selection and edge context menus', () => {
  it('offers Copy Selection, Duplicate Selection, Group Nodes (coming soon) and Delete Selection for several nodes', async () => {
    const { page } = await h.openCopy();
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    await nodeEl(page, 'support-lookup-order')
      .locator('.flow-node-name')
      .click({ modifiers: ['Shift'] });
    await nodeEl(page, 'support-lookup-order').locator('.flow-node-name').click({ button: 'right' });
    expect(await item(page, 'Copy Selection').getAttribute('aria-keyshortcuts')).toBe('Control+C');
    await item(page, 'Duplicate Selection').waitFor();
    expect(await item(page, 'Group Nodes').getAttribute('aria-disabled')).toBe('true');
    await item(page, 'Delete Selection').click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(6);
  });

  it('offers Edit Edge and Delete Edge on an edge', async () => {
    const { page } = await h.openCopy();
    const edge = page.locator('.react-flow__edge[data-id="edge-support-capture-order-to-support-lookup-order"]');
    await edge.click({ button: 'right', force: true });
    await item(page, 'Edit Edge').waitFor();
    await item(page, 'Delete Edge').click();
    await expect.poll(() => edge.count()).toBe(0);
  });
});
