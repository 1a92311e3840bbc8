// The long-task figure of the editor benchmark (issue 40): the longest main-thread task and how many
// tasks over 50 ms ran during a scripted editing session at 5,000 nodes, autosaves included, counted
// from after the load settles (PerformanceObserver 'longtask'). Figures only. Alone:
// `node --conditions=development --import tsx editor/longTasks.ts [editor build folder]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@flow/server';
import type { Page } from 'playwright-core';
import { viewportKey } from '../../apps/editor/src/canvas/viewportStorage.js';
import { editorDist, ensureEditorBuilt, launchBrowser } from '../../apps/editor/test/browser.js';
import { syntheticFlow } from '../core/syntheticFlow.js';
import { traceEventsOf } from './chromeTrace.js';
import { INTERACTION_VIEW } from './interactions.js';

/** Records every long task's start and duration; injected before the page loads, as plain script text. */
export const LONG_TASK_PROBE = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
})();`;

/** The load has settled once no long task has started for this long. */
const QUIET_MS = 2000;

export interface LongTaskFigures {
  /** The longest task of the session, in ms (0 when none was over 50 ms). */
  maxMs: number;
  /** Tasks over 50 ms in the session. */
  count: number;
  /**
   * The main thread's CPU time in the session's tasks (Chromium's trace): the longest, and how many
   * over 50 ms. A task's length less the time the system gave other processes, which on a loaded
   * machine is most of a long task.
   */
  cpu: { maxMs: number; count: number };
  /** The longest task after each step of the session, in ms. */
  steps: Record<string, number>;
}

interface LongTask {
  start: number;
  duration: number;
}

/** The CPU time of each task of the renderers' main threads in a Chromium trace, in ms. */
function mainThreadCpu(trace: Buffer): number[] {
  const events = traceEventsOf(JSON.parse(trace.toString('utf8')));
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  return events.flatMap((e) =>
    e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && typeof e.tdur === 'number' && mains.has(`${e.pid}:${e.tid}`)
      ? [e.tdur / 1000]
      : [],
  );
}

const longTasks = async (page: Page): Promise<LongTask[]> => (await page.evaluate(() => Reflect.get(window, '__longTasks'))) as LongTask[];

/** Waits until no long task started for QUIET_MS (the load's work is done); answers the time then. */
async function settle(page: Page): Promise<number> {
  for (;;) {
    const now = Number(await page.evaluate('performance.now()'));
    const last = (await longTasks(page)).reduce((end, t) => Math.max(end, t.start + t.duration), 0);
    if (now - last >= QUIET_MS) return now;
    await page.waitForTimeout(250);
  }
}

/**
 * The editing session on a plan of 5,000 nodes already stored (bench/core/syntheticFlow.ts): typing
 * in a prompt node, a node dragged, a node deleted, New Chain (which scrolls the canvas away), Undo,
 * each followed by its autosave (the PUT answered and the plan bar back at 'Saved').
 */
export async function measureLongTasks(page: Page, url: string, viewKey: string): Promise<LongTaskFigures> {
  await page.addInitScript({ content: LONG_TASK_PROBE });
  await page.addInitScript({
    content: `localStorage.setItem(${JSON.stringify(viewKey)}, ${JSON.stringify(JSON.stringify(INTERACTION_VIEW))});`,
  });
  await page.goto(url);
  const textarea = page.locator('.react-flow__node[data-id="c1-intro"] textarea');
  await textarea.waitFor({ timeout: 120_000 });
  const saveState = page.getByTestId('save-state');
  await saveState.filter({ hasText: /^Saved$/ }).waitFor({ timeout: 120_000 });
  let from = await settle(page);
  const steps: Record<string, number> = {};
  /** Runs one step, waits for its autosave and records the longest task it caused. */
  const step = async (name: string, act: () => Promise<void>) => {
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/flows/'), { timeout: 120_000 });
    await act();
    await saved;
    await saveState.filter({ hasText: /^Saved$/ }).waitFor({ timeout: 120_000 });
    const end = await settle(page);
    const tasks = (await longTasks(page)).filter((t) => t.start >= from);
    steps[name] = tasks.reduce((max, t) => Math.max(max, t.duration), 0);
    from = end;
  };
  const session = Number(await page.evaluate('performance.now()'));
  const browser = page.context().browser();
  await browser?.startTracing(page, { categories: ['toplevel'] });
  await step('type in a prompt node', async () => {
    await textarea.click();
    await textarea.press('End');
    await textarea.pressSequentially('abc');
  });
  await step('drag a node', async () => {
    const box = await page.locator('.react-flow__node[data-id="c1-n1"] .flow-node-titles').boundingBox();
    if (!box) throw new Error('the node to drag is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
  });
  await step('delete a node', async () => {
    await page.locator('.react-flow__node[data-id="c1-n2"]').click();
    await page.keyboard.press('Delete');
  });
  await step('New Chain', () => page.getByRole('toolbar', { name: 'Flow actions' }).getByRole('button', { name: 'New Chain' }).click());
  await step('Undo', () => page.getByRole('toolbar', { name: 'Flow actions' }).getByRole('button', { name: 'Undo' }).click());
  const cpu = browser ? mainThreadCpu(await browser.stopTracing()) : [];
  const tasks = (await longTasks(page)).filter((t) => t.start >= session);
  return {
    maxMs: tasks.reduce((max, t) => Math.max(max, t.duration), 0),
    count: tasks.length,
    cpu: { maxMs: cpu.reduce((max, ms) => Math.max(max, ms), 0), count: cpu.filter((ms) => ms > 50).length },
    steps,
  };
}

/** Prints the long-task figures (lines of the editor section). */
export function printLongTasks(figures: LongTaskFigures): void {
  const steps = Object.entries(figures.steps)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(', ');
  console.log(
    `  long tasks, editing 5,000 nodes with autosaves: longest ${figures.maxMs.toFixed(0)} ms, ${figures.count} over 50 ms (goal <= 50 ms, none); longest per step (ms): ${steps}; main thread CPU time: longest task ${figures.cpu.maxMs.toFixed(0)} ms, ${figures.cpu.count} over 50 ms`,
  );
}

/** Runs the session alone: a provider with the 5,000-node plan and the built editor (or another build, to compare). */
async function runAlone(editorDir: string | undefined): Promise<void> {
  if (editorDir === undefined) ensureEditorBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'flow-bench-longtask-'));
  const server = await startServer({ port: 0, dir, editorDir: editorDir ?? editorDist, seedDir: null, log: () => {} });
  const browser = await launchBrowser();
  try {
    const planId = 'bench-5000';
    const res = await fetch(`${server.url}/api/flows/${planId}/production`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...syntheticFlow(5000), planId, versionName: 'production' }),
    });
    if (!res.ok) throw new Error(`PUT ${planId}: ${res.status} ${await res.text()}`);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript({ content: "localStorage.setItem('onboarding:dontShowAgain', 'true')" });
    printLongTasks(
      await measureLongTasks(await context.newPage(), `${server.url}/${planId}/production`, viewportKey(planId, 'production')),
    );
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runAlone(process.argv[2]);
