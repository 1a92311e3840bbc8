// The interaction table of the editor benchmark (issue 17): for each action, the time from the
// input event to the second animation frame after it (what the person sees), at 100, 1,000 and
// 5,000 nodes, as a ratio to the same probe on a bare page with one textarea and one button (the
// floor of this machine and browser, measured in the same run). Figures only.
import { edgeId, removeEdge, type FlowDocument } from '@flow/core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { emptyCanvasSpot } from '../../apps/editor/test/browser.js';

/** Sizes of the flows the actions run on. */
export const INTERACTION_SIZES = [100, 1000, 5000] as const;
export type InteractionSize = (typeof INTERACTION_SIZES)[number];

/** Where the canvas opens for the interactions: chain 1 from its first node to its second, whole, mid-canvas. */
export const INTERACTION_VIEW = { x: 300, y: -250, zoom: 1.5 };

/** Timed repetitions of each action (the median counts), after one untimed. */
const REPEATS = 11;

/** Timed repetitions of the floor's keystroke and click: cheap, and every ratio divides by them. */
const FLOOR_REPEATS = 41;

/** One frame at 60 Hz, in ms. */
const FRAME_MS = 1000 / 60;

/**
 * Records, for the next event of the armed type, the time from the event to the second animation
 * frame after it. Injected before the page loads, as plain script text.
 */
export const LATENCY_PROBE = `(() => {
  window.__latencies = [];
  window.__armed = null;
  for (const type of ['keydown', 'click', 'pointerdown', 'pointerup', 'pointermove']) {
    addEventListener(type, (event) => {
      if (window.__armed !== type) return;
      window.__armed = null;
      const start = event.timeStamp;
      requestAnimationFrame(() => requestAnimationFrame(() => window.__latencies.push(performance.now() - start)));
    }, { capture: true });
  }
})();`;

/** The bare page of the floor: one textarea and one button, nothing else. */
export const FLOOR_PAGE = `<!doctype html><meta charset="utf-8"><title>floor</title>
<textarea id="t" rows="4" cols="40"></textarea> <button id="b" type="button">Button</button>`;

/** The input events the probe can time. */
type ProbedEvent = 'keydown' | 'click' | 'pointerdown' | 'pointerup' | 'pointermove';

/**
 * An action in two steps: `aim` (untimed) gets everything ready and finds where to act, and
 * returns `send`, which sends the one input event that is timed.
 */
type Aim = () => Promise<() => Promise<void>>;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Lets the page come to rest (no frame pending) and then waits a random part of a frame, in the
 * page: the event then lands at any point of a frame, as a person's does. Sent straight after a
 * frame instead, as Playwright's own checks before a click leave it, every event waited almost a
 * whole frame more, and the floor moved between ~10 and ~24 ms from run to run with the phase the
 * loop happened to lock to.
 */
async function restingPhase(page: Page): Promise<void> {
  await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), 50 + Math.random() * FRAME_MS);
}

/** Arms the probe for one event type, aims, sends the event at a random phase, and waits for the latency it records. */
async function measureOnce(page: Page, type: ProbedEvent, aim: Aim): Promise<number> {
  const send = await aim();
  const before = Number(await page.evaluate('window.__latencies.length'));
  await page.evaluate(`window.__armed = ${JSON.stringify(type)}`);
  await restingPhase(page);
  await send();
  await page.waitForFunction((count) => (Reflect.get(window, '__latencies') as number[]).length > count, before, { timeout: 60_000 });
  return Number(await page.evaluate('window.__latencies[window.__latencies.length - 1]'));
}

/** The median latency of an action repeated, after one untimed run; `reset` runs between repetitions, untimed. */
async function measure(
  page: Page,
  type: ProbedEvent,
  aim: Aim,
  reset: () => Promise<void> = async () => undefined,
  repeats = REPEATS,
): Promise<number> {
  await measureOnce(page, type, aim);
  await reset();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    times.push(await measureOnce(page, type, aim));
    await reset();
  }
  return median(times);
}

/** A key pressed where the focus is. */
const pressing =
  (page: Page, key: string): Aim =>
  async () =>
  () =>
    page.keyboard.press(key);

/**
 * A click at the centre of an element, once it is visible, stable and would receive the click
 * (Playwright's checks, run as a trial before the timed click, which is a plain mouse click).
 */
const clicking =
  (page: Page, target: Locator): Aim =>
  async () => {
    await target.click({ trial: true });
    const box = await target.boundingBox();
    if (!box) throw new Error('the element to click is not on screen');
    return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };

export interface FloorFigures {
  keystrokeMs: number;
  clickMs: number;
}

/** The floor: a keystroke in the bare textarea and a click on the bare button. */
export async function measureFloor(context: BrowserContext, url: string): Promise<FloorFigures> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: LATENCY_PROBE });
    await page.goto(url);
    await page.locator('#t').click();
    const keystrokeMs = await measure(page, 'keydown', pressing(page, 'a'), undefined, FLOOR_REPEATS);
    const clickMs = await measure(page, 'click', clicking(page, page.locator('#b')), undefined, FLOOR_REPEATS);
    return { keystrokeMs, clickMs };
  } finally {
    await page.close();
  }
}

/** One row of the table: an action's median latency at each size. */
export interface InteractionRow {
  action: string;
  /** What it is compared with: the floor's keystroke or its click. */
  floor: keyof FloorFigures;
  ms: Partial<Record<InteractionSize, number>>;
}

const bar = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Flow actions' }).getByRole('button', { name });

/** The centre of an element on the page. */
async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Clicks a spot of the canvas where no node or edge is (the view moves as nodes are added). */
async function clickEmptyPane(page: Page): Promise<void> {
  const spot = await emptyCanvasSpot(page);
  if (!spot) throw new Error('no empty spot on the canvas');
  await page.mouse.click(spot.x, spot.y);
}

/** Where the connect step links to: chain 2's start, left free (the editor refuses an edge that closes a loop, and every other node has its incoming edge). */
const CONNECT_FROM = 'c1-n1';
const CONNECT_TO = 'c2-intro';

/** The flow the editor is measured on: syntheticFlow's, without the chain edge into chain 2's start (see CONNECT_TO). */
export function withFreeTarget(doc: FlowDocument): FlowDocument {
  const into = doc.edges.find((edge) => edge.target === CONNECT_TO);
  return into ? removeEdge(doc, into.id) : doc;
}

const handle = (id: string, side: 'left' | 'right') => `.react-flow__node[data-id="${id}"] .react-flow__handle-${side}`;

/**
 * The actions on the editor at one size, on a plan already stored (bench/core/syntheticFlow.ts:
 * chains of ten, `c<n>-intro` leading chain n): typing in a prompt node and in a Properties field,
 * selecting a node, deleting it, connecting two nodes, dragging one (each move), New Chain, Undo,
 * Redo, and adding a function from the palette.
 */
export async function measureEditor(page: Page, url: string, viewKey: string): Promise<Record<string, number>> {
  await page.addInitScript({ content: LATENCY_PROBE });
  // A click on a node partly out of view would scroll the canvas (as a browser does) and move it;
  // a connection dragged near the canvas's edge pans it.
  await page.addInitScript({
    content: `localStorage.setItem(${JSON.stringify(viewKey)}, ${JSON.stringify(JSON.stringify(INTERACTION_VIEW))});`,
  });
  await page.goto(url);
  const textarea = page.locator('.react-flow__node[data-id="c1-intro"] textarea');
  // Opening 5,000 nodes takes seconds on a slow machine.
  await textarea.waitFor({ timeout: 120_000 });
  await textarea.click();
  await textarea.press('End');
  const figures: Record<string, number> = {};
  figures['keystroke in a prompt textarea'] = await measure(page, 'keydown', pressing(page, 'a'));
  // Out of the textarea, so that the keys below reach the editor.
  const away = () => clickEmptyPane(page);
  await away();
  // Before New Chain, which scrolls the canvas to the new chain: the first nodes are still in view.
  const node = page.locator('.react-flow__node[data-id="c1-n1"]');
  figures['select a node (click)'] = await measure(page, 'click', clicking(page, node), away);
  await node.click();
  const description = page.locator('.function-properties [data-field="description"] textarea');
  await description.waitFor();
  await description.click();
  await description.press('End');
  figures['keystroke in a Properties field'] = await measure(page, 'keydown', pressing(page, 'a'));
  await node.click();
  figures['delete a node (Delete key)'] = await measure(page, 'keydown', pressing(page, 'Delete'), async () => {
    await node.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+z');
    await node.click();
  });
  await away();
  // The first function of chain 1 to chain 2's (free) start: the edge, made when the pointer is
  // released, replaces the function's follow-up (a toast says so).
  figures['connect two nodes (release)'] = await measure(
    page,
    'pointerup',
    async () => {
      // Where the handles are once the canvas has drawn the last change (a deselected node narrows).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const from = await centre(page, handle(CONNECT_FROM, 'right'));
      const to = await centre(page, handle(CONNECT_TO, 'left'));
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 4 });
      return () => page.mouse.up();
    },
    async () => {
      await page.locator(`.react-flow__edge[data-id="${edgeId(CONNECT_FROM, CONNECT_TO)}"]`).waitFor({ state: 'attached' });
      await away();
      await page.keyboard.press('Control+z');
    },
  );
  // A node dragged by its header: each pointer move to the frame that shows the node there.
  const grip = await centre(page, '.react-flow__node[data-id="c1-intro"] .flow-node-titles');
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  let step = 0;
  figures['drag a node (each move)'] = await measure(page, 'pointermove', async () => {
    step += 1;
    return () => page.mouse.move(grip.x + step * 4, grip.y + step * 2);
  });
  await page.mouse.up();
  const dragged = await centre(page, '.react-flow__node[data-id="c1-intro"] .flow-node-titles');
  if (dragged.x <= grip.x) throw new Error('the node did not move with the pointer');
  await page.keyboard.press('Control+z');
  await away();
  figures['New Chain (button)'] = await measure(page, 'click', clicking(page, bar(page, 'New Chain')));
  figures['Undo (button)'] = await measure(page, 'click', clicking(page, bar(page, 'Undo')));
  figures['Redo (button)'] = await measure(page, 'click', clicking(page, bar(page, 'Redo')));
  // The palette closes after a card adds its function: Space over the canvas opens it again.
  const card = page.getByTestId('function-palette').getByRole('button', { name: 'Capture Variable', exact: true });
  const openPalette = async () => {
    await away();
    await page.keyboard.press('Space');
    await card.waitFor();
  };
  await openPalette();
  figures['add a function from the palette (click)'] = await measure(page, 'click', clicking(page, card), openPalette);
  return figures;
}
