// Where opening a plan spends its time: one or more built editors (each a folder, e.g. a copy of an
// earlier build and the current one) open the same plan in turns, in one Chromium run, against the
// bare React Flow page; prints the median time to the first paint of the visible nodes and, for the
// last run of each, the waterfall of what the page fetched and its tasks over 50 ms; also the median
// main-thread busy time to that paint (CDP TaskDuration), steadier than the wall clock on a loaded machine.
// Usage: node --conditions=development --import tsx editor/openTrace.ts [size=100] [runs=5] [dist...]
import { editorDist } from '../../apps/editor/test/browser.js';
import { syntheticFlow } from '../core/syntheticFlow.js';
import { visibleIds, ZOOM } from './run.js';
import { startTraceRig } from './traceRig.js';

const [sizeArg = '100', runsArg = '5', ...distArgs] = process.argv.slice(2);
const size = Number(sizeArg);
const runs = Number(runsArg);
const dists = distArgs.length > 0 ? distArgs : [editorDist];

const WATERFALL = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const rows = performance.getEntriesByType('resource').map((r) => [Math.round(r.startTime), Math.round(r.responseEnd), r.name.replace(location.origin, '')]);
  const paints = performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]);
  return { domInteractive: Math.round(nav.domInteractive), domContentLoaded: Math.round(nav.domContentLoadedEventEnd), rows, paints, longTasks: window.__longTasks };
})()`;
const doc = syntheticFlow(size);
const rig = await startTraceRig(doc, dists, ZOOM, 'open-trace');
try {
  const { urls, names, pane } = rig;
  const ids = visibleIds(doc, pane.w, pane.h);
  const times: number[][] = urls.map(() => []);
  const busy: number[][] = urls.map(() => []);
  const last: unknown[] = urls.map(() => null);
  for (let r = 0; r < runs; r++) {
    for (const [i, url] of urls.entries()) {
      const { page, cdp } = await rig.open(url, ids);
      times[i]?.push(Number(await page.evaluate('window.__paintedAt')));
      // The renderer's main-thread busy time so far: less moved than the wall clock by the machine's other load.
      const { metrics } = await cdp.send('Performance.getMetrics');
      busy[i]?.push(1000 * (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN));
      last[i] = await page.evaluate(WATERFALL);
      await page.close();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const bareMs = median(times[urls.length - 1] ?? []);
  const bareBusy = median(busy[urls.length - 1] ?? []);
  for (const i of urls.keys()) {
    const ms = median(times[i] ?? []);
    const work = median(busy[i] ?? []);
    const name = names[i];
    console.log(
      `${name}: ${size} nodes open ${ms.toFixed(0)} ms = ${(ms / bareMs).toFixed(2)}x bare (runs ${times[i]?.map((t) => t.toFixed(0)).join(' ')}); main thread busy ${work.toFixed(0)} ms = ${(work / bareBusy).toFixed(2)}x bare`,
    );
    if (process.env.WATERFALL) {
      const w = last[i] as {
        domInteractive: number;
        domContentLoaded: number;
        rows: [number, number, string][];
        paints: [string, number][];
        longTasks: [number, number][];
      };
      console.log(
        `  last run: DOMContentLoaded ${w.domContentLoaded} ms, ${w.paints.map(([n, t]) => `${n} ${t} ms`).join(', ')}; tasks over 50 ms (start+duration): ${w.longTasks.map(([s, d]) => `${s}+${d}`).join(' ')}`,
      );
      for (const [start, end, name] of w.rows.filter(([, , n]) => !n.startsWith('data:')))
        console.log(`    ${String(start).padStart(5)} ${String(end).padStart(5)}  ${name.slice(0, 70)}`);
    }
  }
} finally {
  await rig.close();
}
