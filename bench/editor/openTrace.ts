// Where opening a plan spends its time: one or more built editors (each a folder, e.g. a copy of an
// earlier build and the current one) open the same plan in turns, in one Chromium run, against the
// bare React Flow page; prints the median time to the first paint of the visible nodes and, for the
// last run of each, the waterfall of what the page fetched and its tasks over 50 ms; also the median
// main-thread busy time to that paint (CDP TaskDuration), steadier than the wall clock on a loaded machine.
// Usage: node --conditions=development --import tsx editor/openTrace.ts [size=100] [runs=5] [dist...]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { startServer, type RunningServer } from '@flow/server';
import { build } from 'vite';
import { viewportKey } from '../../apps/editor/src/canvas/viewportStorage.js';
import { editorDist, launchBrowser } from '../../apps/editor/test/browser.js';
import { syntheticFlow } from '../core/syntheticFlow.js';
import { paintProbe } from './probe.js';

const ZOOM = 1.5;
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
const LONG_TASKS = `window.__longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`;

const work = mkdtempSync(join(tmpdir(), 'flow-open-trace-'));
const servers: RunningServer[] = [];
const browser = await launchBrowser();
try {
  const doc = syntheticFlow(size);
  const bareDist = join(work, 'bare');
  await build({
    root: new URL('./bare', import.meta.url).pathname,
    base: '/',
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: bareDist, emptyOutDir: true },
  });
  const nodes = doc.nodes.map((n) => ({ id: n.id, position: n.position, data: { label: n.data.name || n.id } }));
  const edges = doc.edges.map((e) => ({ id: e.id, source: e.source, target: e.target }));
  writeFileSync(join(bareDist, `nodes-${size}.json`), JSON.stringify({ nodes, edges }));
  const bare = await startServer({ port: 0, dir: join(work, 'bare-data'), editorDir: bareDist, seedDir: null, log: () => {} });
  servers.push(bare);
  const editors: RunningServer[] = [];
  for (const [i, dist] of dists.entries()) {
    const dir = join(work, `data-${i}`);
    mkdirSync(dir);
    const server = await startServer({ port: 0, dir, editorDir: dist, seedDir: null, log: () => {} });
    servers.push(server);
    editors.push(server);
    const res = await fetch(`${server.url}/api/flows/bench/production`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...doc, planId: 'bench', versionName: 'production' }),
    });
    if (!res.ok) throw new Error(`PUT: ${res.status}`);
  }
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: "localStorage.setItem('onboarding:dontShowAgain', 'true')" });
  const view = JSON.stringify({ x: 0, y: 0, zoom: ZOOM });
  await context.addInitScript({
    content: `localStorage.setItem(${JSON.stringify(viewportKey('bench', 'production'))}, ${JSON.stringify(view)});`,
  });
  await context.addInitScript({ content: LONG_TASKS });
  const sizer = await context.newPage();
  await sizer.goto(`${editors[0]?.url}/bench/production`);
  const pane = await sizer.locator('.react-flow__pane').boundingBox();
  await sizer.close();
  if (!pane) throw new Error('no pane');
  const w = Math.round(pane.width);
  const h = Math.round(pane.height);
  const ids = doc.nodes.filter((n) => n.position.x * ZOOM < w && n.position.y * ZOOM < h && n.position.x >= 0).map((n) => n.id);
  const urls = [...editors.map((e) => `${e.url}/bench/production`), `${bare.url}/?n=${size}&w=${w}&h=${h}`];
  const times: number[][] = urls.map(() => []);
  const busy: number[][] = urls.map(() => []);
  const last: unknown[] = urls.map(() => null);
  for (let r = 0; r < runs; r++) {
    for (const [i, url] of urls.entries()) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.addInitScript({ content: paintProbe(ids) });
      await page.goto(url);
      await page.waitForFunction(() => Reflect.get(window, '__paintedAt') !== undefined, undefined, { timeout: 120_000 });
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
    const name = i < dists.length ? dists[i] : 'bare React Flow';
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
  await browser.close();
  for (const s of servers) await s.close();
  rmSync(work, { recursive: true, force: true });
}
