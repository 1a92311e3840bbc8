// The function and workflow palette as a person uses it: opening it (Space, the button, after the
// help dialog), searching and closing, the Workflows tab, dropping cards exactly where the pointer
// lets go, and creating a workflow from it.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { byId, canvasPane, clickNode, layerReady, nextFrames, nodeEl, storedFlow } from './pageHelpers';
import { PalettePage } from './pages/PalettePage';

const h = useEditorHarness();

const palette = (page: Page) => page.getByTestId('function-palette');
const search = (page: Page) => palette(page).getByRole('searchbox');
const card = (page: Page, name: string) => palette(page).getByRole('button', { name, exact: true });
const addButton = (page: Page) => page.getByRole('button', { name: /Add \(Space\)/ });
// A card is its button (named by the title) with its description and badge around it.
const cards = (page: Page) => new PalettePage(page).cards;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

/** Drags a card with the mouse, as a person does, and lets go at (x, y). */
async function dragCard(page: Page, from: Locator, x: number, y: number): Promise<void> {
  const b = await box(from);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 + 20, b.y + b.height / 2 + 20, { steps: 4 });
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.up();
}

/** The first point from (x, y) rightwards where the bare canvas is under the pointer. */
async function freeCanvasPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(
    ([sx, sy]) => {
      for (let dy = 0; dy < 300; dy += 10) {
        for (let px = sx; px < sx + 400; px += 10) {
          const el = document.elementFromPoint(px, sy + dy);
          if (el?.classList.contains('react-flow__pane')) return { x: px, y: sy + dy };
        }
      }
      return null;
    },
    [x, y] as const,
  );
  if (!point) throw new Error('no free canvas point');
  return point;
}

describe('opening', () => {
  it('opens on Functions with Space while the pointer is over the canvas, search focused, 720 by 640', async () => {
    const { page } = await h.openCopy();
    await canvasPane(page).click({ position: { x: 600, y: 400 } });
    await page.keyboard.press('Space');
    await palette(page).waitFor();
    expect(await search(page).getAttribute('placeholder')).toBe('Search functions...');
    await expect.poll(() => search(page).evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await palette(page).boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([720, 640]);
    await palette(page).getByText('Drag a card onto the canvas to add. Esc to close.').waitFor();
    await palette(page).getByText('Auto-connect only if a node is selected').waitFor();
  });

  it("opens from the 'Add (Space)' button on Functions, search focused, with every quick function and See a Website coming soon", async () => {
    const { page } = await h.openCopy();
    await addButton(page).click();
    await palette(page).getByRole('tab', { name: 'Functions', selected: true }).waitFor();
    await expect.poll(() => search(page).evaluate((el) => el === document.activeElement)).toBe(true);
    for (const name of ['Instruct', 'Custom GPT', 'HTTP Calls', 'Capture Variable', 'See a Website', 'Send Workflow']) {
      expect(await card(page, name).count()).toBe(1);
    }
    const website = card(page, 'See a Website');
    expect(await website.getAttribute('aria-disabled')).toBe('true');
    expect(await website.getAttribute('title')).toBe('Coming soon');
    // The card's button is named by the title and described by the rest of the card.
    const cardParts = new PalettePage(page);
    const websiteCard = cardParts.cardOf('See a Website');
    expect(await cardParts.description('See a Website').textContent()).toBe('Open a website (coming soon)');
    expect(await cardParts.badge('See a Website').textContent()).toBe('Coming soon');
    const describedBy = (await website.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const description = await Promise.all(describedBy.map((id) => byId(page, id).textContent()));
    expect(description).toEqual(['Open a website (coming soon)', 'Coming soon']);
    expect(await websiteCard.getAttribute('draggable')).toBe('false');
  });

  it('does not open with Space while typing in a text area: the space goes into the text', async () => {
    const { page } = await h.openCopy();
    const textarea = nodeEl(page, 'support-greet').getByRole('textbox');
    const before = await textarea.inputValue();
    await textarea.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Space');
    await expect.poll(() => textarea.inputValue()).toBe(`${before} `);
    await nextFrames(page);
    expect(await palette(page).count()).toBe(0);
    // Once the text area is left, Space over the canvas opens the palette again.
    await canvasPane(page).click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Space');
    await palette(page).waitFor();
  });

  it('opens again on Functions with an empty search after an outside click on the Workflows tab', async () => {
    const { page } = await h.openCopy('onboarding-coach');
    // A click on the bare canvas takes the focus from the fit view button (Space would press it).
    await canvasPane(page).click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Space');
    await palette(page).getByRole('tab', { name: 'Workflows' }).click();
    await search(page).fill('weekly');
    const backdrop = await box(palette(page));
    await page.mouse.click(backdrop.x - 40, backdrop.y + 40);
    await expect.poll(() => palette(page).count()).toBe(0);
    await page.mouse.move(300, 300);
    await page.keyboard.press('Space');
    await palette(page).getByRole('tab', { name: 'Functions', selected: true }).waitFor();
    expect(await search(page).inputValue()).toBe('');
    expect(await search(page).getAttribute('placeholder')).toBe('Search functions...');
  });
});

describe('searching and closing', () => {
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
    await layerReady(page);
    await page.mouse.click(20, 860);
    await expect.poll(() => palette(page).count()).toBe(0);
  });
});

describe('Space and the help dialog', () => {
  it("F1 and the 'How to use: F1' button open the help with its keybindings; once it is closed, Space opens the palette again", async () => {
    const { page } = await h.openCopy('lead-qualifier');
    await page.keyboard.press('F1');
    const help = page.getByRole('dialog', { name: 'How to use' });
    await help.getByRole('heading', { name: 'How to use' }).waitFor();
    await help.getByRole('tab', { name: 'Keybindings' }).click();
    await help.getByText('Duplicate the selected node').waitFor();
    expect(await help.getByRole('term').getByText('Ctrl+D', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    await page.getByRole('button', { name: 'How to use: F1' }).click();
    await help.waitFor();
    // The dialog's × (its label is Close); the onboarding shows a 'Close' button of its own while its steps load.
    await help.getByLabel('Close').click();
    await expect.poll(() => help.count()).toBe(0);
    await canvasPane(page).click({ position: { x: 600, y: 400 } });
    await page.keyboard.press('Space');
    await palette(page).waitFor();
  });

  it('opens the palette with Space even when a bottom-bar button has focus, without pressing that button', async () => {
    const { page, plan } = await h.openCopy('lead-qualifier');
    await page.getByRole('button', { name: /New Chain/ }).click();
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).nodes.length, { timeout: 10_000 }).toBe(10);
    await page.mouse.move(600, 400);
    await page.keyboard.press('Space');
    await palette(page).waitFor();
    await nextFrames(page);
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await storedFlow(h.server.url, plan)).nodes).toHaveLength(10);
  });
});

describe('Workflows tab', () => {
  it("lists the plan's workflows with their descriptions, filters them, and has the 'Create Workflow' plus button", async () => {
    const { page } = await h.openCopy('onboarding-coach');
    await addButton(page).click();
    await palette(page).getByRole('tab', { name: 'Workflows' }).click();
    expect(await search(page).getAttribute('placeholder')).toBe('Search workflows...');
    await card(page, 'Workspace setup tour').waitFor();
    const texts = await new PalettePage(page).texts();
    expect(texts.sort()).toEqual([
      ['Weekly review', 'A ten-minute Friday review of what moved and what comes next.'],
      ['Workspace setup tour', 'Guides a new admin through creating a project, inviting teammates and connecting a calendar.'],
    ]);
    await search(page).fill('FRIDAY');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await card(page, 'Weekly review').count()).toBe(1);
    const plus = palette(page).getByRole('button', { name: 'Create Workflow' });
    expect(await plus.getAttribute('title')).toBe('Create Workflow');
    expect(await plus.textContent()).toBe('+');
  });

  it("'Create Workflow' opens the hosted page; a workflow saved there is listed, and the editor's keys work after closing", async () => {
    const { page, plan } = await h.openCopy('onboarding-coach');
    await addButton(page).click();
    await palette(page).getByRole('tab', { name: 'Workflows' }).click();
    await palette(page).getByRole('button', { name: 'Create Workflow' }).click();
    const dialog = page.getByTestId('create-workflow-dialog');
    await dialog.getByRole('heading', { name: 'Create Workflow' }).waitFor();
    expect(await dialog.getByTitle('Create Workflow', { exact: true }).getAttribute('src')).toBe(`/hosted/create-workflow/${plan}`);
    const hosted = dialog.getByTitle('Create Workflow', { exact: true }).contentFrame();
    // The workflow's Name comes first, above each step's.
    await hosted.getByLabel('Name', { exact: true }).first().fill('Quarterly check-in');
    await hosted.getByLabel('Description', { exact: true }).fill('Asks how the quarter went.');
    await hosted.getByRole('button', { name: 'Save workflow' }).click();
    await hosted.getByText('Saved workflow: Quarterly check-in').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Back on the palette, which lists the new workflow.
    await card(page, 'Quarterly check-in').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
    // The shortcuts work again: Space over the bare canvas opens the palette.
    await canvasPane(page).click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Space');
    await palette(page).waitFor();
  });
});

describe('dropping cards on the canvas', () => {
  it('puts the node exactly where the card is let go, links nothing without a selection, and closes the palette', async () => {
    const { page, plan } = await h.openCopy();
    await canvasPane(page).click({ position: { x: 20, y: 20 } });
    const before = new Set((await storedFlow(h.server.url, plan)).nodes.map((n) => n.id));
    const pane = await box(canvasPane(page));
    const drop = await freeCanvasPoint(page, pane.x + 60, pane.y + 320);
    await addButton(page).click();
    await dragCard(page, card(page, 'Capture Variable'), drop.x, drop.y);
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).nodes.length, { timeout: 10_000 }).toBe(9);
    const doc = await storedFlow(h.server.url, plan);
    const added = doc.nodes.find((n) => !before.has(n.id));
    if (!added) throw new Error('no node added');
    expect(added.type).toBe('function');
    expect('name' in added.data ? added.data.name : '').toBe('Capture Variable');
    expect(doc.edges.filter((e) => e.source === added.id || e.target === added.id)).toEqual([]);
    const node = await box(nodeEl(page, added.id));
    expect(Math.abs(node.x - drop.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(node.y - drop.y)).toBeLessThanOrEqual(2);
  });

  it('links the dropped node after the selected one, splicing it before its follow-up', async () => {
    const { page, plan } = await h.openCopy();
    await clickNode(page, 'support-capture-order');
    const before = new Set((await storedFlow(h.server.url, plan)).nodes.map((n) => n.id));
    const pane = await box(canvasPane(page));
    const drop = await freeCanvasPoint(page, pane.x + 260, pane.y + 300);
    await addButton(page).click();
    await dragCard(page, card(page, 'Instruct'), drop.x, drop.y);
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).nodes.length, { timeout: 10_000 }).toBe(9);
    const doc = await storedFlow(h.server.url, plan);
    const added = doc.nodes.find((n) => !before.has(n.id));
    if (!added) throw new Error('no node added');
    expect(doc.edges.find((e) => e.source === 'support-capture-order')?.target).toBe(added.id);
    expect(doc.edges.find((e) => e.source === added.id)?.target).toBe('support-lookup-order');
  });

  it('drops a workflow card as a workflow node named after the workflow', async () => {
    const { page, plan } = await h.openCopy('onboarding-coach');
    await canvasPane(page).click({ position: { x: 20, y: 20 } });
    const pane = await box(canvasPane(page));
    const drop = await freeCanvasPoint(page, pane.x + 40, pane.y + 300);
    await addButton(page).click();
    await palette(page).getByRole('tab', { name: 'Workflows' }).click();
    await dragCard(page, card(page, 'Weekly review'), drop.x, drop.y);
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect
      .poll(async () => (await storedFlow(h.server.url, plan)).nodes.filter((n) => n.type === 'workflow').length, { timeout: 10_000 })
      .toBe(3);
    const names = (await storedFlow(h.server.url, plan)).nodes
      .filter((n) => n.type === 'workflow')
      .map((n) => ('name' in n.data ? n.data.name : ''));
    expect(names.filter((n) => n === 'Weekly review')).toHaveLength(2);
  });

  it('adds nothing for See a Website, whose card cannot be dragged or clicked, and stays open', async () => {
    const { page, plan } = await h.openCopy();
    await addButton(page).click();
    const website = card(page, 'See a Website');
    const pane = await box(canvasPane(page));
    await dragCard(page, website, pane.x + 60, pane.y + 320);
    const b = await box(website);
    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
    await nextFrames(page);
    expect(await palette(page).isVisible()).toBe(true);
    expect(await page.getByTestId('save-state').textContent()).toBe('Saved');
    expect((await storedFlow(h.server.url, plan)).nodes).toHaveLength(8);
  });

  it("Send Workflow's card opens the Select Workflow modal instead, closing the palette", async () => {
    const { page } = await h.openCopy('onboarding-coach');
    await addButton(page).click();
    await card(page, 'Send Workflow').click();
    await page.getByTestId('select-workflow-modal').getByText('Workspace setup tour').waitFor();
    expect(await palette(page).count()).toBe(0);
  });
});
