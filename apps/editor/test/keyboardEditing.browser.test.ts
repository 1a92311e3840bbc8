// Editing with the keyboard alone (issue 41): every step by keys, checking where focus is and
// what the provider stores (never a loop).
import { flowMessages, messages } from '@flow/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorText } from '../src/messages';
import { useEditorHarness } from './harness';
import {
  barButton,
  canvas,
  focusedElement,
  nodeEl,
  openPlan,
  savedDoc,
  seedPlan,
  selectedIds,
  toast,
  toasts,
  viewport,
  type Doc,
} from './pageHelpers';

const h = useEditorHarness();

/** support-desk with Create return label's follow-up removed: the last Instruct (chain 3) has no incoming edge. */
async function seedLooseEnd(plan: string): Promise<void> {
  await seedPlan(h, 'support-desk', plan, (doc) => {
    doc.edges = doc.edges.filter((e) => e.source !== 'support-create-return');
    const node = doc.nodes.find((n) => n.id === 'support-create-return');
    if (node) node.data = { ...node.data, post_action_type: 'none', post_action_function_id: '' };
  });
}

/** The accessibility tree line of the focused element ('- combobox "Function to Execute"'). */
const focused = (page: Page): Promise<string> => focusedElement(page).ariaSnapshot();

/** Presses ArrowUp or ArrowDown to move a select's value from one option to another. */
async function arrowTo(page: Page, options: readonly string[], from: string, to: string): Promise<void> {
  const steps = options.indexOf(to) - options.indexOf(from);
  if (options.indexOf(to) < 0 || options.indexOf(from) < 0) throw new Error(`no option ${from} or ${to}`);
  for (let i = 0; i < Math.abs(steps); i += 1) await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
}

/** Waits until the editor's live region says `text`. */
const announced = (page: Page, text: string): Promise<void> => page.getByTestId('announcer').getByText(text, { exact: true }).waitFor();

/** How many onboarding steps the help shows (its progress bar's maximum). */
const stepCount = async (page: Page): Promise<number> =>
  Number(await page.getByRole('progressbar', { name: editorText.onboardingProgress }).getAttribute('aria-valuemax'));

/** Whether the node's element has the focus. */
const nodeFocused = (page: Page, id: string): Promise<boolean> => nodeEl(page, id).evaluate((el) => el === document.activeElement);

/** Whether a node is drawn inside the visible canvas. */
async function onScreen(page: Page, id: string): Promise<boolean> {
  if ((await nodeEl(page, id).count()) === 0) return false;
  const [node, area] = await Promise.all([nodeEl(page, id).boundingBox(), canvas(page).boundingBox()]);
  if (!node || !area) return false;
  return node.x + node.width > area.x && node.x < area.x + area.width && node.y + node.height > area.y && node.y < area.y + area.height;
}

/** Ctrl+K, a query, Enter: 'Go to node'. */
async function goTo(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog', { name: 'Go to node' }).getByRole('combobox', { name: editorText.searchNodes });
  await search.waitFor();
  expect(await focused(page)).toContain(`combobox "${editorText.searchNodes}"`);
  await page.keyboard.type(query);
  await page.keyboard.press('Enter');
  await search.waitFor({ state: 'detached' });
}

const followUp = (doc: Doc, source: string): string[] => doc.edges.filter((e) => e.source === source).map((e) => e.target);

describe('the Properties selects by keyboard', () => {
  it("changes the flow only on Enter, refuses a loop with the spec's message, and tells same-named nodes apart", async () => {
    const plan = 'keys-select';
    await seedLooseEnd(plan);
    const page = await openPlan(h, plan);
    page.setDefaultTimeout(8000);
    await nodeEl(page, 'support-explain-status').focus();
    await page.keyboard.press('Enter');
    const target = page.getByRole('combobox', { name: 'Function to Execute' });
    await target.focus();
    expect(await focused(page)).toContain('combobox "Function to Execute"');
    const options = await target.getByRole('option').allTextContents();
    expect(options.filter((o) => o.startsWith('Instruct'))).toEqual([
      editorText.nodeInList('Instruct', '1', 1),
      editorText.nodeInList('Instruct', '2', 1),
      editorText.nodeInList('Instruct', '3', 1),
    ]);
    // Arrowing passes nodes that already have an incoming edge: nothing changes, nothing is said.
    const current = editorText.nodeInList('Instruct', '2', 1);
    await arrowTo(page, options, current, editorText.nodeInList('Capture return details', '2', 2));
    await arrowTo(page, options, editorText.nodeInList('Capture return details', '2', 2), editorText.nodeInList('Look up order', '1', 3));
    await expect.poll(() => target.inputValue()).toBe('support-lookup-order');
    expect(await toasts(page).count()).toBe(0);
    await page.keyboard.press('Enter');
    await toast(page, messages.alreadyHasIncomingEdge('Look up order')).waitFor();
    await expect.poll(() => target.inputValue()).toBe('support-returns');
    // The first Instruct leads to this node: following into it would close a loop.
    await arrowTo(page, options, current, editorText.nodeInList('Instruct', '1', 1));
    await expect.poll(() => target.inputValue()).toBe('support-greet');
    await page.keyboard.press('Enter');
    await toast(page, flowMessages.cycleDetected('Explain order status')).waitFor();
    await expect.poll(() => target.inputValue()).toBe('support-returns');
    // Enter on a node that may follow: the edge is replaced, and that is what is stored.
    await arrowTo(page, options, editorText.nodeInList('Instruct', '2', 1), editorText.nodeInList('Instruct', '3', 1));
    await page.keyboard.press('Enter');
    const doc = await savedDoc(h, plan, (d) => followUp(d, 'support-explain-status').includes('support-wrap-up'));
    expect(followUp(doc, 'support-explain-status')).toEqual(['support-wrap-up']);
    expect(followUp(doc, 'support-lookup-order')).toEqual(['support-explain-status']);
    expect(await focused(page)).toContain('combobox "Function to Execute"');
  });
});

describe('Go to node and Connect to… by keyboard', () => {
  it('pans with Ctrl+arrows, goes to an off-screen node with Ctrl+K, and connects with Ctrl+E, refusing a loop', async () => {
    const plan = 'keys-connect';
    await seedLooseEnd(plan);
    const page = await openPlan(h, plan);
    page.setDefaultTimeout(8000);
    // Pan until the last chain's Instruct is not drawn (the canvas draws only what is near the view).
    const start = await viewport(page);
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Control+ArrowRight');
    await expect.poll(async () => (await viewport(page)).x).toBeLessThan(start.x - 1000);
    await expect.poll(() => onScreen(page, 'support-wrap-up')).toBe(false);
    await goTo(page, 'chain 3,');
    await expect.poll(() => nodeFocused(page, 'support-wrap-up')).toBe(true);
    expect(await onScreen(page, 'support-wrap-up')).toBe(true);
    expect(await selectedIds(page)).toEqual(['support-wrap-up']);

    await goTo(page, 'explain');
    await expect.poll(() => nodeFocused(page, 'support-explain-status')).toBe(true);
    await page.keyboard.press('Control+e');
    const dialog = page.getByRole('dialog', { name: 'Connect to…' });
    const list = dialog.getByRole('listbox');
    await page.keyboard.type('instruct');
    await expect
      .poll(() => list.getByRole('option').allTextContents())
      .toEqual([
        editorText.nodeInList('Instruct', '1', 1),
        editorText.nodeInList('Instruct', '2', 1),
        editorText.nodeInList('Instruct', '3', 1),
      ]);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(flowMessages.cycleDetected('Explain order status'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type('capture order');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(messages.alreadyHasIncomingEdge('Capture order details'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type('instruct chain 3,');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => nodeFocused(page, 'support-explain-status')).toBe(true);
    const doc = await savedDoc(h, plan, (d) => followUp(d, 'support-explain-status').includes('support-wrap-up'));
    expect(followUp(doc, 'support-explain-status')).toEqual(['support-wrap-up']);
    expect(followUp(doc, 'support-lookup-order')).toEqual(['support-explain-status']);
  });
});

describe('focus is never lost', () => {
  it('Enter edits a node (focus to Name) and Escape returns; Delete moves to the next node, Undo to the restored one; Shift+F10 opens menus', async () => {
    const plan = 'keys-focus';
    await seedPlan(h, 'support-desk', plan);
    const page = await openPlan(h, plan);
    page.setDefaultTimeout(8000);
    await goTo(page, 'look up order');
    await expect.poll(() => nodeFocused(page, 'support-lookup-order')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toContain('textbox "Name"');
    await page.keyboard.press('Escape');
    await expect.poll(() => nodeFocused(page, 'support-lookup-order')).toBe(true);

    // The node's context menu by key: Connect to… is there, and Delete Node leaves focus on the next node.
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Node actions' });
    await menu.getByRole('menuitem', { name: 'Connect to…' }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Named for a screen reader: type, name, chain and step, and what follows.
    expect(await focused(page)).toMatch(/: Look up order, chain 1, step 3, followed by Explain order status"/);
    const news = page.getByRole('status').filter({ has: page.getByText(editorText.nodesDeleted(1)) });
    await page.keyboard.press('Delete');
    await expect.poll(() => nodeFocused(page, 'support-explain-status')).toBe(true);
    await news.waitFor();
    await savedDoc(h, plan, (d) => !d.nodes.some((n) => n.id === 'support-lookup-order'));
    await page.getByTestId('save-state').and(page.getByRole('status')).filter({ hasText: 'Saved' }).waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(() => nodeFocused(page, 'support-lookup-order')).toBe(true);
    await announced(page, `${editorText.undone}: ${editorText.nodesAdded(1)}`);
    await page.keyboard.press('Control+y');
    await expect.poll(() => nodeFocused(page, 'support-explain-status')).toBe(true);
    await announced(page, `${editorText.redone}: ${editorText.nodesDeleted(1)}`);
    // Help's onboarding steps are announced as they are reached (F1, then the arrow keys).
    await page.keyboard.press('F1');
    const helpDialog = page.getByRole('dialog', { name: 'How to use' });
    await helpDialog.getByTestId('onboarding-step').waitFor();
    await page.keyboard.press('ArrowRight');
    const second = await helpDialog.getByRole('heading', { level: 3 }).textContent();
    await announced(page, editorText.stepOf(2, await stepCount(page), second ?? ''));
    await page.keyboard.press('Escape');
    await helpDialog.waitFor({ state: 'detached' });
    await expect.poll(() => nodeFocused(page, 'support-explain-status')).toBe(true);

    // The canvas itself: Tab-reachable, and Shift+F10 opens its menu.
    await page.getByRole('application', { name: editorText.flowCanvas }).focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: 'Canvas actions' }).getByRole('menuitem', { name: 'Select All' }).waitFor();
    await page.keyboard.press('Escape');
    // Space opens the palette whatever the pointer does; Escape closes it and focus is not lost.
    await page.keyboard.press('Space');
    await page.getByTestId('function-palette').waitFor();
    // The search is focused; its result count is announced.
    await page.keyboard.type('zzz');
    await announced(page, editorText.noFunctionsFound);
    await page.keyboard.press('Escape');
    await page.getByTestId('function-palette').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });
});

describe('the home page by keyboard', () => {
  it('adds a function to a chosen chain from the palette and renames it, keys only', async () => {
    const plan = 'keys-add';
    await seedLooseEnd(plan);
    const page = await openPlan(h, plan);
    page.setDefaultTimeout(8000);
    // The end of the return chain, chosen with Go to node: the new function follows it.
    await goTo(page, 'create return label');
    await expect.poll(() => nodeFocused(page, 'support-create-return')).toBe(true);
    await page.keyboard.press('Space');
    await page.getByTestId('function-palette').waitFor();
    await page.keyboard.type('capture');
    // Tab from the search to the first card's button, Enter adds it.
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toContain('button "Capture Variable"');
    await page.keyboard.press('Enter');
    const added = await savedDoc(h, plan, (d) => followUp(d, 'support-create-return').length === 1);
    const id = followUp(added, 'support-create-return')[0] ?? '';
    // Focus goes to the new node; Enter edits it, a new name is typed, Escape returns to it.
    await expect.poll(() => nodeFocused(page, id)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toContain('textbox "Name"');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Capture the label');
    await page.keyboard.press('Escape');
    await expect.poll(() => nodeFocused(page, id)).toBe(true);
    const renamed = await savedDoc(h, plan, (d) =>
      d.nodes.some((n) => n.id === id && n.type === 'function' && n.data.name === 'Capture the label'),
    );
    expect(renamed.nodes.find((n) => n.id === id)?.type).toBe('function');
    expect(await focused(page)).toMatch(/Capture the label, chain 2, step 4/);
  });

  it('puts a skip link to the plans first; Enter on it moves the focus to the plan list', async () => {
    const page = await h.open('/');
    page.setDefaultTimeout(8000);
    await page.getByTestId('plan-home').getByRole('link', { name: 'support-desk', exact: true }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toContain(`link "${editorText.skipToPlans}"`);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toContain('heading "Plans"');
    // On from the heading, the plan links come before the editor's controls.
    for (let i = 0; i < 6 && !(await focused(page)).includes('link "'); i += 1) await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/link "[^"]+"/);
  });
});

describe('the bottom bar by keyboard', () => {
  it('Undo pressed with Enter brings the node back and focuses it; used up, it reads disabled and never drops the focus', async () => {
    await seedPlan(h, 'support-desk', 'keys-bar');
    const page = await openPlan(h, 'keys-bar');
    page.setDefaultTimeout(8000);
    // Edges are named by their nodes' names and kind, not ids.
    await page
      .getByRole('group', { name: editorText.edgeAria('Capture order details', 'Look up order', false), exact: true })
      .waitFor({ state: 'attached' });
    await goTo(page, 'look up order');
    await page.keyboard.press('Delete');
    await expect.poll(() => nodeFocused(page, 'support-explain-status')).toBe(true);
    const undo = barButton(page, '↶ Undo');
    expect(await undo.isDisabled()).toBe(false);
    await undo.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => nodeFocused(page, 'support-lookup-order')).toBe(true);
    await expect.poll(() => undo.isDisabled()).toBe(true);
    await undo.focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toContain('button "↶ Undo"');
  });
});
