import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { centre, nextFrames, nodeEl, storedFlow } from './pageHelpers';

const h = useEditorHarness();

const palette = (page: Page) => page.getByTestId('function-palette');
const search = (page: Page) => palette(page).getByRole('searchbox');

describe('function and workflow palette', () => {
  it('opens on Functions with Space while the pointer is over the canvas, search focused, 720 by 640', async () => {
    const { page } = await h.openCopy();
    await page.locator('.react-flow__pane').click({ position: { x: 600, y: 400 } });
    await page.keyboard.press('Space');
    await palette(page).waitFor();
    expect(await search(page).getAttribute('placeholder')).toBe('Search functions...');
    await expect.poll(() => search(page).evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await palette(page).boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([720, 640]);
    await palette(page).getByText('Drag a card onto the canvas to add. Esc to close.').waitFor();
    await palette(page).getByText('Auto-connect only if a node is selected').waitFor();
  });

  it('does not open with Space while typing in a text area', async () => {
    const { page } = await h.openCopy();
    await nodeEl(page, 'support-greet').locator('textarea').click();
    await page.keyboard.press('Space');
    await nextFrames(page);
    expect(await palette(page).count()).toBe(0);
  });

  it("filters functions and says 'No functions found'; lists See a Website as coming soon", async () => {
    const { page } = await h.openCopy();
    await page.getByRole('button', { name: /Add \(Space\)/ }).click();
    const website = palette(page).getByRole('button', { name: 'See a Website' });
    expect(await website.getAttribute('aria-disabled')).toBe('true');
    expect(await website.getAttribute('title')).toBe('Coming soon');
    await search(page).fill('http');
    await palette(page).getByRole('button', { name: 'HTTP Calls' }).waitFor();
    expect(await palette(page).getByRole('button', { name: 'Custom GPT' }).count()).toBe(0);
    await search(page).fill('zzzz');
    await palette(page).getByText('No functions found').waitFor();
  });

  it('closes on Escape and outside click, and opens again on Functions with an empty search', async () => {
    const { page } = await h.openCopy('lead-qualifier');
    await page.getByRole('button', { name: /Add \(Space\)/ }).click();
    await palette(page).getByRole('tab', { name: 'Workflows' }).click();
    expect(await search(page).getAttribute('placeholder')).toBe('Search workflows...');
    await search(page).fill('demo');
    await palette(page).getByText('Book a demo').waitFor();
    await search(page).fill('nothing like this');
    await palette(page).getByText('No workflows found').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
    await page.getByRole('button', { name: /Add \(Space\)/ }).click();
    expect(await search(page).inputValue()).toBe('');
    expect(await search(page).getAttribute('placeholder')).toBe('Search functions...');
    await page.mouse.click(20, 860);
    await expect.poll(() => palette(page).count()).toBe(0);
  });

  it("has a 'Create Workflow' button on the Workflows tab", async () => {
    const { page } = await h.openCopy('lead-qualifier');
    await page.getByRole('button', { name: /Add \(Space\)/ }).click();
    await palette(page).getByRole('tab', { name: 'Workflows' }).click();
    expect(await palette(page).getByRole('button', { name: 'Create Workflow' }).getAttribute('title')).toBe('Create Workflow');
  });

  it('adds a dragged card where it is dropped, unlinked when nothing is selected, and closes', async () => {
    const { page, plan } = await h.openCopy();
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.getByRole('button', { name: /Add \(Space\)/ }).click();
    const card = palette(page).getByRole('button', { name: 'Custom GPT' });
    await card.dragTo(page.locator('.react-flow__pane'), { targetPosition: { x: 250, y: 330 } });
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).nodes.length, { timeout: 10_000 }).toBe(9);
    const doc = await storedFlow(h.server.url, plan);
    const added = doc.nodes.find((n) => n.type === 'function' && n.data.type === 'custom_gpt');
    expect(doc.edges.some((e) => e.source === added?.id || e.target === added?.id)).toBe(false);
    const addedBox = await centre(nodeEl(page, added?.id ?? ''));
    const pane = await page.locator('.react-flow__pane').boundingBox();
    expect(Math.abs(addedBox.x - ((pane?.x ?? 0) + 250))).toBeLessThan(200);
  });

  it('links a dropped card after the selected node', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-wrap-up').locator('.flow-node-name').click();
    await page.getByRole('button', { name: /Add \(Space\)/ }).click();
    await palette(page)
      .getByRole('button', { name: 'HTTP Calls' })
      .dragTo(page.locator('.react-flow__pane'), { targetPosition: { x: 250, y: 330 } });
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).nodes.length, { timeout: 10_000 }).toBe(9);
    const doc = await storedFlow(h.server.url, plan);
    const added = doc.nodes.find((n) => n.type === 'function' && n.data.type === 'http_calls' && !n.id.startsWith('support-'));
    expect(doc.edges.find((e) => e.source === 'support-wrap-up')?.target).toBe(added?.id);
  });
});
