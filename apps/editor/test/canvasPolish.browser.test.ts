// Canvas polish (issue 11): opening fits the flow and restores the last viewport, problems are
// marked on the nodes, a replaced follow-up is said and undone in one step, typing is one undo
// step per pause, paste lands at the cursor, and the layout holds at 800 px.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { flowMessages, messages } from '@flow/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './browser';
import {
  barButton,
  byId,
  canvas,
  canvasColumn,
  canvasControls,
  dragBetween,
  edge,
  exampleDoc,
  handle,
  nodeEl,
  nodeFrame,
  nodeName,
  nodeProblem,
  nodes,
  paneCorner,
  savedDoc,
  seedPlan,
  sidePanel,
  toast,
  viewport,
  type ExamplePlan,
} from './pageHelpers';
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
  const flow = await box(canvas(page));
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
  return boxes.filter((b) => b.left < area.left || b.top < area.top || b.right > area.right || b.bottom > area.bottom).map((b) => b.id);
}

/** Waits until every node of the example's flow is drawn and wholly inside the free canvas. */
async function settled(page: Page, example: ExamplePlan): Promise<void> {
  await expect.poll(() => nodes(page).count()).toBe(exampleDoc(example).nodes.length);
  await expect.poll(() => nodesOutside(page)).toEqual([]);
}

/** Saves a screenshot under test-results/ to look at. */
async function picture(target: Page | Locator, name: string): Promise<void> {
  const dir = join(repoRoot, 'test-results');
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: join(dir, `${name}.png`) });
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
    await settled(page, 'support-desk');
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

describe('problems marked on the nodes', () => {
  it("marks a node cut off from the start with 'Error: Disconnected @ : {name}', and Play refuses without compiling", async () => {
    const plan = 'polish-disconnected';
    // As a teammate might have stored it: the edge into 'Create return label' removed.
    await seedPlan(h, 'support-desk', plan, (doc) => {
      doc.edges = doc.edges.filter((e) => e.source !== 'support-capture-return');
      const cut = doc.nodes.find((n) => n.id === 'support-capture-return');
      if (cut) cut.data = { ...cut.data, post_action_type: 'none', post_action_function_id: '' };
    });
    const page = await h.open(`/${plan}/production`);
    const cut = nodeEl(page, 'support-create-return');
    const message = messages.disconnected('Create return label');
    await expect.poll(() => nodeProblem(page, 'support-create-return').textContent()).toBe(message);
    // The text describes the node, and its outline is red.
    const described = await nodeFrame(cut).getAttribute('aria-describedby');
    expect(described).not.toBeNull();
    expect(await byId(page, described ?? '').textContent()).toBe(message);
    expect(await nodeFrame(cut).evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(220, 38, 38)');
    // The wrap-up prompt after it is cut off too; the nodes before it are fine.
    await expect.poll(() => nodeProblem(page, 'support-wrap-up').textContent()).toBe(messages.disconnected('Instruct'));
    expect(await nodeProblem(page, 'support-capture-return').count()).toBe(0);
    await picture(canvas(page), 'disconnected-node');

    const compiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('generate_system_prompt')) compiles.push(request.url());
    });
    await barButton(page, '▶ Play').click();
    await toast(page, message).waitFor();
    expect(await toast(page, messages.compilingFlow).count()).toBe(0);
    expect(compiles).toEqual([]);
  });

  it('marks the nodes of a loop with the cycle message', async () => {
    const plan = 'polish-cycle';
    // explain-status -> capture-order closes a loop; returns and everything after it are cut off.
    await seedPlan(h, 'support-desk', plan, (doc) => {
      doc.edges = doc.edges.filter((e) => e.source !== 'support-explain-status');
      doc.edges.push({
        id: 'edge-support-explain-status-to-support-capture-order',
        source: 'support-explain-status',
        target: 'support-capture-order',
        kind: 'node',
      });
      doc.edges = doc.edges.filter((e) => e.target !== 'support-capture-order' || e.source === 'support-explain-status');
      const last = doc.nodes.find((n) => n.id === 'support-explain-status');
      if (last) last.data = { ...last.data, post_action_type: 'function', post_action_function_id: 'support-capture-order' };
    });
    const page = await h.open(`/${plan}/production`);
    await expect.poll(() => nodeProblem(page, 'support-lookup-order').textContent()).toBe(flowMessages.cycleDetected('Look up order'));
    await expect.poll(() => nodeProblem(page, 'support-returns').textContent()).toBe(messages.disconnected('Instruct'));
  });
});

describe('replacing a follow-up', () => {
  it('replaces the old edge when a node with a follow-up is connected elsewhere, says so, and one Undo brings it back', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await settled(page, 'support-desk');
    // A new prompt node, on its own, from the canvas menu at a free spot right of the first chain.
    const before = await nodes(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
    const returns = await box(nodeEl(page, 'support-returns'));
    const free = await box(nodeEl(page, 'support-capture-order'));
    await page.mouse.click(free.x + free.width + 20, returns.y + returns.height + 20, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Add Node', exact: true }).hover();
    await page.getByRole('menuitem', { name: 'Prompt Node' }).click();
    await expect.poll(() => nodes(page).count()).toBe(before.length + 1);
    const added = (await nodes(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''))).find(
      (id) => !before.includes(id),
    );
    if (!added) throw new Error('no node added');

    const oldEdge = edge(page, 'edge-support-lookup-order-to-support-explain-status');
    const newEdge = edge(page, `edge-support-lookup-order-to-${added}`);
    await oldEdge.waitFor({ state: 'attached' });
    await dragBetween(page, handle(page, 'support-lookup-order', 'bottom'), handle(page, added, 'top'));
    await expect.poll(() => newEdge.count()).toBe(1);
    expect(await oldEdge.count()).toBe(0);
    await toast(page, flowMessages.followUpReplaced('Look up order', 'Explain order status', 'Instruct')).waitFor();
    // Nothing is cut off unseen: the old follow-up says so.
    await expect.poll(() => nodeProblem(page, 'support-explain-status').textContent()).toBe(messages.disconnected('Explain order status'));

    await barButton(page, '↶ Undo').click();
    await expect.poll(() => oldEdge.count()).toBe(1);
    expect(await newEdge.count()).toBe(0);
    // Problems follow once the page is idle, just after the frames that show the change.
    await expect.poll(() => nodeProblem(page, 'support-explain-status').count()).toBe(0);
    // Saved after the undo: the added node kept, the old edge back, the new one gone.
    const saved = await savedDoc(
      h,
      plan,
      (doc) =>
        doc.nodes.some((n) => n.id === added) &&
        doc.edges.some((e) => e.id === 'edge-support-lookup-order-to-support-explain-status') &&
        !doc.edges.some((e) => e.id === `edge-support-lookup-order-to-${added}`),
    );
    expect(saved.nodes.find((n) => n.id === 'support-lookup-order')?.data).toMatchObject({
      post_action_type: 'function',
      post_action_function_id: 'support-explain-status',
    });
  });
});

describe('typing in a prompt node', () => {
  it('is one undo step per pause: Undo takes back the whole word typed last, and the text before it stays', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    const area = nodeEl(page, 'support-greet').getByRole('textbox', { name: 'Instruction' });
    await area.waitFor();
    const original = await area.inputValue();
    const undo = barButton(page, '↶ Undo');
    await area.click();
    await page.keyboard.press('Control+End');
    // Each word arrives as one input (a busy machine could otherwise pause mid-word for longer
    // than the 200 ms that end a step, which a person typing a word does not).
    await page.keyboard.insertText(' Hello');
    // A pause: the flow is saved 800 ms after the last key, longer than the 200 ms that end a step.
    await savedDoc(h, plan, (d) => d.nodes.some((n) => n.data.prompt === `${original} Hello`));
    await page.keyboard.insertText(' there');
    await savedDoc(h, plan, (d) => d.nodes.some((n) => n.data.prompt === `${original} Hello there`));
    await undo.click();
    await expect.poll(() => area.inputValue()).toBe(`${original} Hello`);
    await undo.click();
    await expect.poll(() => area.inputValue()).toBe(original);
    expect(await undo.isDisabled()).toBe(true);
  });
});

describe('paste at the cursor and duplicate in chain order', () => {
  /** A free spot of the canvas: right of 'Capture order details', between the first two chains. */
  async function freeSpot(page: Page): Promise<{ x: number; y: number }> {
    const b = await box(nodeEl(page, 'support-capture-order'));
    return { x: Math.round(b.x + b.width + 24), y: Math.round(b.y + 8) };
  }

  async function newIds(page: Page, before: readonly string[]): Promise<string[]> {
    const now = await nodes(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
    return now.filter((id) => !before.includes(id));
  }

  it("pastes at the point of the canvas menu's Paste", async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await settled(page, 'support-desk');
    const before = await nodes(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
    await nodeName(page, 'support-lookup-order').click();
    await page.keyboard.press('Control+c');
    const spot = await freeSpot(page);
    await page.mouse.click(spot.x, spot.y, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Paste', exact: true }).click();
    await expect.poll(async () => (await newIds(page, before)).length).toBe(1);
    const [pasted] = await newIds(page, before);
    const b = await box(nodeEl(page, pasted ?? ''));
    expect(Math.abs(b.x - spot.x)).toBeLessThan(2);
    expect(Math.abs(b.y - spot.y)).toBeLessThan(2);
  });

  it('pastes with Ctrl+V at the pointer, keeping the copied nodes where they were relative to each other', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await settled(page, 'support-desk');
    const before = await nodes(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
    const capture = await box(nodeEl(page, 'support-capture-order'));
    const lookup = await box(nodeEl(page, 'support-lookup-order'));
    await nodeName(page, 'support-capture-order').click();
    await nodeName(page, 'support-lookup-order').click({ modifiers: ['Shift'] });
    await page.keyboard.press('Control+c');
    const spot = await freeSpot(page);
    await page.mouse.move(spot.x, spot.y, { steps: 4 });
    await page.keyboard.press('Control+v');
    await expect.poll(async () => (await newIds(page, before)).length).toBe(2);
    const doc = await savedDoc(h, plan, (d) => d.nodes.length === before.length + 2);
    const pasted = await newIds(page, before);
    const named = (name: string) => pasted.find((id) => doc.nodes.find((n) => n.id === id)?.data.name === name) ?? '';
    const first = await box(nodeEl(page, named('Capture order details')));
    const second = await box(nodeEl(page, named('Look up order')));
    expect(Math.abs(first.x - spot.x)).toBeLessThan(2);
    expect(Math.abs(first.y - spot.y)).toBeLessThan(2);
    expect(Math.abs(second.x - first.x - (lookup.x - capture.x))).toBeLessThan(2);
    expect(Math.abs(second.y - first.y - (lookup.y - capture.y))).toBeLessThan(2);
  });

  it('duplicates a selection in one step, the copies in the same chain order as the originals', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await settled(page, 'support-desk');
    // Selected in the reverse of their chain order.
    await nodeName(page, 'support-lookup-order').click();
    await nodeName(page, 'support-capture-order').click({ modifiers: ['Shift'] });
    await nodeName(page, 'support-capture-order').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Duplicate Selection', exact: true }).click();
    const doc = await savedDoc(h, plan, (d) => d.nodes.length === 10);
    const next = (id: string) => doc.edges.find((e) => e.source === id)?.target ?? '';
    const name = (id: string) => doc.nodes.find((n) => n.id === id)?.data.name;
    const walk = ['support-greet'];
    for (let i = 0; i < 5; i++) walk.push(next(walk.at(-1) ?? ''));
    expect(walk.map(name)).toEqual([
      'Instruct',
      'Capture order details',
      'Look up order',
      'Capture order details',
      'Look up order',
      'Explain order status',
    ]);
    // The view moved to the copies (the first new node is revealed): the stored flow tells the undo.
    await barButton(page, '↶ Undo').click();
    await savedDoc(h, plan, (d) => d.nodes.length === 8);
  });
});

describe('a narrow window (800 x 700)', () => {
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('keeps the bars apart, the help button and every node in view, and opens the side panel as a drawer from a toggle', async () => {
    await h.page.setViewportSize({ width: 800, height: 700 });
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await settled(page, 'support-desk');
    const panel = sidePanel(page);
    const show = page.getByRole('button', { name: 'Show side panel' });
    await show.waitFor();
    expect(await panel.isVisible()).toBe(false);
    expect((await box(canvasColumn(page))).width).toBe(800);

    const parts: Record<string, Locator> = {
      'top bar': page.getByTestId('plan-label'),
      'quick functions': page.getByRole('toolbar', { name: 'Quick Functions' }),
      'bottom bar': page.getByRole('toolbar', { name: 'Flow actions' }),
      controls: canvasControls(page),
      help: page.getByRole('button', { name: 'How to use: F1' }),
      toggle: show,
    };
    const boxes = await Promise.all(Object.entries(parts).map(async ([name, locator]) => ({ name, b: await box(locator) })));
    for (const { name, b } of boxes) {
      expect({ name, inside: b.x >= 0 && b.y >= 0 && b.x + b.width <= 800 && b.y + b.height <= 700 }).toEqual({ name, inside: true });
    }
    const crossing = boxes.flatMap((one, i) =>
      boxes
        .slice(i + 1)
        .filter((other) => overlaps(one.b, other.b))
        .map((other) => `${one.name} / ${other.name}`),
    );
    expect(crossing).toEqual([]);
    await picture(page, 'layout-800');

    await show.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    const hide = page.getByRole('button', { name: 'Hide side panel' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await panel.getByRole('tab', { name: 'Functions' }).waitFor();
    const drawer = await box(panel);
    expect(drawer.x + drawer.width).toBe(800);
    expect(overlaps(await box(hide), drawer)).toBe(false);
    await picture(page, 'layout-800-drawer');
    await hide.click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    // Esc closes it too.
    await show.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await show.waitFor();
  });

  it('keeps the side panel beside the canvas, without a toggle, in a wide window', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    expect(await sidePanel(page).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show side panel' }).count()).toBe(0);
  });
});
