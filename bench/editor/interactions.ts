// The interaction table of the editor benchmark (issue 17): for each action, the time from the
// input event to the second animation frame after it (what the person sees), at 100, 1,000 and
// 5,000 nodes, as a ratio to the same probe on a bare page with one textarea and one button (the
// floor of this machine and browser, measured in the same run). Figures only.
import type { BrowserContext, Page } from 'playwright-core';

/** Sizes of the flows the actions run on. */
export const INTERACTION_SIZES = [100, 1000, 5000] as const;
export type InteractionSize = (typeof INTERACTION_SIZES)[number];

/** Timed repetitions of each action (the median counts), after one untimed. */
const REPEATS = 7;

/**
 * Records, for the next event of the armed type, the time from the event to the second animation
 * frame after it. Injected before the page loads, as plain script text.
 */
export const LATENCY_PROBE = `(() => {
  window.__latencies = [];
  window.__armed = null;
  for (const type of ['keydown', 'click', 'pointerdown']) {
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

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Arms the probe for one event type, runs `act`, and waits for the latency it records. */
async function measureOnce(page: Page, type: 'keydown' | 'click' | 'pointerdown', act: () => Promise<void>): Promise<number> {
  const before = Number(await page.evaluate('window.__latencies.length'));
  await page.evaluate(`window.__armed = ${JSON.stringify(type)}`);
  await act();
  await page.waitForFunction((count) => (Reflect.get(window, '__latencies') as number[]).length > count, before, { timeout: 60_000 });
  return Number(await page.evaluate('window.__latencies[window.__latencies.length - 1]'));
}

/** The median latency of an action repeated, after one untimed run; `reset` runs between repetitions, untimed. */
async function measure(
  page: Page,
  type: 'keydown' | 'click' | 'pointerdown',
  act: () => Promise<void>,
  reset: () => Promise<void> = async () => undefined,
): Promise<number> {
  await measureOnce(page, type, act);
  await reset();
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    times.push(await measureOnce(page, type, act));
    await reset();
  }
  return median(times);
}

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
    const keystrokeMs = await measure(page, 'keydown', () => page.keyboard.press('a'));
    const clickMs = await measure(page, 'click', () => page.locator('#b').click());
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

/**
 * The actions on the editor at one size, on a plan already stored: typing in a prompt node,
 * New Chain, Undo, Redo, selecting a node and deleting it.
 */
export async function measureEditor(page: Page, url: string): Promise<Record<string, number>> {
  await page.addInitScript({ content: LATENCY_PROBE });
  await page.goto(url);
  const textarea = page.locator('.react-flow__node[data-id$="-intro"] textarea').first();
  await textarea.waitFor();
  await textarea.click();
  await textarea.press('End');
  const figures: Record<string, number> = {};
  figures['keystroke in a prompt textarea'] = await measure(page, 'keydown', () => page.keyboard.press('a'));
  // Out of the textarea, so that the keys below reach the editor.
  const pane = page.locator('.react-flow__pane');
  const away = () => pane.click({ position: { x: 5, y: 5 } });
  await away();
  // Before New Chain, which scrolls the canvas to the new chain: the first nodes are still in view.
  const node = page.locator('.react-flow__node-function').first();
  figures['select a node (click)'] = await measure(page, 'click', () => node.click(), away);
  await node.click();
  figures['delete a node (Delete key)'] = await measure(
    page,
    'keydown',
    () => page.keyboard.press('Delete'),
    async () => {
      await page.keyboard.press('Control+z');
      await node.click();
    },
  );
  await away();
  figures['New Chain (button)'] = await measure(page, 'click', () => bar(page, 'New Chain').click());
  figures['Undo (button)'] = await measure(page, 'click', () => bar(page, 'Undo').click());
  figures['Redo (button)'] = await measure(page, 'click', () => bar(page, 'Redo').click());
  return figures;
}
