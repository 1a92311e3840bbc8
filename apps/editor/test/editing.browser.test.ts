import type { FlowDocument } from '@flow/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { fitView, nextFrames, nodeEl, storedFlow, toast } from './pageHelpers';

const h = useEditorHarness();

/** The stored flow once it satisfies `check` (autosave is debounced). */
async function storedWhen(plan: string, check: (doc: FlowDocument) => boolean): Promise<FlowDocument> {
  let doc = await storedFlow(h.server.url, plan);
  await expect.poll(async () => check((doc = await storedFlow(h.server.url, plan))), { timeout: 10_000 }).toBe(true);
  return doc;
}

const selectedCount = (page: Page) => page.locator('.react-flow__node.selected').count();
const quickFunction = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Quick Functions' }).getByRole('button', { name });

describe('adding nodes', () => {
  it('adds a quick function 350 px below the last node of the current chain when that node is a prompt, linked to it', async () => {
    const { page, plan } = await h.openCopy();
    await quickFunction(page, 'Custom GPT').click();
    const doc = await storedWhen(plan, (d) => d.nodes.length === 9);
    const added = doc.nodes.find((n) => n.type === 'function' && n.data.type === 'custom_gpt');
    expect(added).toMatchObject({ chain: '3', position: { x: 850, y: 550 } });
    expect(doc.edges.find((e) => e.source === 'support-wrap-up')?.target).toBe(added?.id);
    await page.getByRole('tab', { name: 'Properties', selected: true }).waitFor();
  });

  it('adds below the selected node, splices it into the chain and pushes lower nodes down', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    await quickFunction(page, 'Capture Variable').click();
    const doc = await storedWhen(plan, (d) => d.nodes.length === 9);
    const added = doc.nodes.find(
      (n) =>
        n.type === 'function' &&
        n.data.type === 'capture_variables' &&
        n.id !== 'support-capture-order' &&
        n.id !== 'support-capture-return',
    );
    expect(added?.position).toEqual({ x: 50, y: 750 });
    expect(doc.edges.find((e) => e.source === 'support-capture-order')?.target).toBe(added?.id);
    expect(doc.edges.find((e) => e.source === added?.id)?.target).toBe('support-lookup-order');
    expect(doc.nodes.find((n) => n.id === 'support-lookup-order')?.position.y).toBe(900);
  });

  it("starts a new chain with 'New Chain', 400 px right of the previous chain, linked by a chain edge", async () => {
    const { page, plan } = await h.openCopy();
    await page.getByRole('button', { name: /New Chain/ }).click();
    await toast(page, 'New Chain Created').waitFor();
    const doc = await storedWhen(plan, (d) => d.nodes.length === 9);
    const added = doc.nodes.find((n) => n.chain === '4');
    expect(added).toMatchObject({ type: 'prompt', position: { x: 1250, y: 200 } });
    expect(doc.edges.find((e) => e.target === added?.id)).toMatchObject({ source: 'support-wrap-up', kind: 'chain' });
  });
});

describe('selection', () => {
  it('selects one node on click, toggles with Shift and Ctrl, and clears on Escape and pane click', async () => {
    const { page } = await h.openCopy();
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    expect(await selectedCount(page)).toBe(1);
    await nodeEl(page, 'support-lookup-order')
      .locator('.flow-node-name')
      .click({ modifiers: ['Shift'] });
    expect(await selectedCount(page)).toBe(2);
    await nodeEl(page, 'support-capture-order')
      .locator('.flow-node-name')
      .click({ modifiers: ['Control'] });
    expect(await selectedCount(page)).toBe(1);
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    expect(await selectedCount(page)).toBe(1);
    await page.keyboard.press('Escape');
    expect(await selectedCount(page)).toBe(0);
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    expect(await selectedCount(page)).toBe(0);
  });

  it('selects every node with Ctrl+A', async () => {
    const { page } = await h.openCopy();
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+a');
    await expect.poll(() => selectedCount(page)).toBe(8);
  });
});

describe('erasing and deleting', () => {
  it("says 'Select something to erase' when nothing is selected, and the button looks disabled", async () => {
    const { page } = await h.openCopy();
    const erase = page.getByRole('button', { name: /Erase Selected/ });
    expect(await erase.getAttribute('aria-disabled')).toBe('true');
    await erase.click({ force: true });
    await toast(page, 'Select something to erase').waitFor();
  });

  it('asks before erasing the selection, then removes it, relinks and says how many', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    await page.getByRole('button', { name: /Erase Selected/ }).click();
    const dialog = page.getByTestId('confirm-erase-dialog');
    await dialog.getByText('Are you sure you want to remove 1 selected node(s)?').waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Removed 1 selected node(s)').waitFor();
    const doc = await storedWhen(plan, (d) => d.nodes.length === 7);
    expect(doc.edges.find((e) => e.source === 'support-greet')?.target).toBe('support-lookup-order');
  });

  it('removes selected nodes with Delete and Backspace', async () => {
    const { page } = await h.openCopy();
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    await page.keyboard.press('Delete');
    await expect.poll(() => nodeEl(page, 'support-capture-order').count()).toBe(0);
    await nodeEl(page, 'support-lookup-order').locator('.flow-node-name').click();
    await page.keyboard.press('Backspace');
    await expect.poll(() => nodeEl(page, 'support-lookup-order').count()).toBe(0);
  });

  it('removes the one selected edge with Delete after a right-click selected only it', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    const edge = page.locator('.react-flow__edge[data-id="edge-support-lookup-order-to-support-explain-status"]');
    await edge.click({ button: 'right', force: true });
    expect(await selectedCount(page)).toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Delete');
    await expect.poll(() => edge.count()).toBe(0);
    const doc = await storedWhen(plan, (d) => d.edges.length === 6);
    expect(doc.nodes.find((n) => n.id === 'support-lookup-order')?.data).toMatchObject({
      post_action_type: 'none',
      post_action_function_id: '',
    });
  });

  it('removes a chain when its only node is deleted', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-wrap-up').locator('.flow-node-name').click();
    await page.keyboard.press('Delete');
    const doc = await storedWhen(plan, (d) => d.nodes.length === 7);
    expect([...new Set(doc.nodes.map((n) => n.chain))]).toEqual(['1', '2']);
    expect(doc.edges.some((e) => e.source === 'support-create-return')).toBe(false);
  });

  it('ignores shortcuts while typing in a text area', async () => {
    const { page } = await h.openCopy();
    await nodeEl(page, 'support-greet').locator('.flow-node-name').click();
    const area = nodeEl(page, 'support-greet').locator('textarea');
    await area.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    expect(await nodeEl(page, 'support-greet').count()).toBe(1);
    expect(await area.inputValue()).toBe('');
  });
});

describe('duplicate, copy and paste', () => {
  it('duplicates exactly one selected node with Ctrl+D, and nothing with two selected', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-lookup-order').locator('.flow-node-name').click();
    await page.keyboard.press('Control+d');
    const doc = await storedWhen(plan, (d) => d.nodes.length === 9);
    const copy = doc.nodes.find((n) => n.data.name === 'Look up order' && n.id !== 'support-lookup-order');
    expect(doc.edges.find((e) => e.source === 'support-lookup-order')?.target).toBe(copy?.id);
    await fitView(page);
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    await nodeEl(page, 'support-greet')
      .locator('.flow-node-name')
      .click({ modifiers: ['Shift'] });
    expect(await selectedCount(page)).toBe(2);
    await page.keyboard.press('Control+d');
    await nextFrames(page);
    expect(await page.locator('.react-flow__node').count()).toBe(9);
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await storedFlow(h.server.url, plan)).nodes).toHaveLength(9);
  });

  it('copies with Ctrl+C and pastes new nodes with Ctrl+V', async () => {
    const { page, plan } = await h.openCopy();
    await nodeEl(page, 'support-lookup-order').locator('.flow-node-name').click();
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    const doc = await storedWhen(plan, (d) => d.nodes.length === 9);
    const copies = doc.nodes.filter((n) => n.data.name === 'Look up order');
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((n) => n.id)).size).toBe(2);
  });
});

describe('undo and redo', () => {
  it('undoes and redoes from the buttons and from Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z', async () => {
    const { page } = await h.openCopy();
    const gone = () => nodeEl(page, 'support-capture-order').count();
    await nodeEl(page, 'support-capture-order').locator('.flow-node-name').click();
    await page.keyboard.press('Delete');
    await expect.poll(gone).toBe(0);
    await page.getByRole('button', { name: /Undo/ }).click();
    await expect.poll(gone).toBe(1);
    await page.getByRole('button', { name: /Redo/ }).click();
    await expect.poll(gone).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(gone).toBe(1);
    await page.keyboard.press('Control+y');
    await expect.poll(gone).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(gone).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(gone).toBe(0);
    expect(await page.locator('.react-flow__edge[data-id="edge-support-greet-to-support-lookup-order"]').count()).toBe(1);
  });

  it('greys out Undo when there is nothing to undo', async () => {
    const { page } = await h.openCopy();
    expect(await page.getByRole('button', { name: /Undo/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Redo/ }).isDisabled()).toBe(true);
  });
});
