// What openTrace and panTrace share: the bare React Flow page and one provider per built editor
// folder, each with the same plan, and a Chromium context whose pages show it from the origin at
// `zoom`, with their tasks over 50 ms recorded (window.__longTasks).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { FlowDocument } from '@flow/core';
import { startServer, type RunningServer } from '@flow/server';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { build } from 'vite';
import { viewportKey } from '../../apps/editor/src/canvas/viewportStorage.js';
import { launchBrowser } from '../../apps/editor/test/browser.js';
import { paintProbe } from './probe.js';

const LONG_TASKS = `window.__longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`;

export interface TraceRig {
  browser: Browser;
  context: BrowserContext;
  /** The plan in each editor, then the bare page with the same nodes and pane. */
  urls: string[];
  /** Each URL's name: its editor folder, or 'bare React Flow'. */
  names: string[];
  /** The editor's pane, in CSS pixels (the bare page is given the same). */
  pane: { w: number; h: number };
  /** A new page of `url` (CDP's Performance domain on) once the nodes `ids` have painted (window.__paintedAt). */
  open(url: string, ids: readonly string[]): Promise<{ page: Page; cdp: CDPSession }>;
  close(): Promise<void>;
}

/** Starts the bare page and an editor per folder of `dists` on `doc` (as plan bench/production), in one Chromium. */
export async function startTraceRig(doc: FlowDocument, dists: readonly string[], zoom: number, name: string): Promise<TraceRig> {
  const size = doc.nodes.length;
  const work = mkdtempSync(join(tmpdir(), `flow-${name}-`));
  const servers: RunningServer[] = [];
  const browser = await launchBrowser();
  const close = async (): Promise<void> => {
    await browser.close();
    for (const s of servers) await s.close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
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
    const view = JSON.stringify({ x: 0, y: 0, zoom });
    await context.addInitScript({
      content: `localStorage.setItem(${JSON.stringify(viewportKey('bench', 'production'))}, ${JSON.stringify(view)});`,
    });
    await context.addInitScript({ content: LONG_TASKS });
    const sizer = await context.newPage();
    await sizer.goto(`${editors[0]?.url}/bench/production`);
    const box = await sizer.locator('.react-flow__pane').boundingBox();
    await sizer.close();
    if (!box) throw new Error('no pane');
    const w = Math.round(box.width);
    const h = Math.round(box.height);
    return {
      browser,
      context,
      urls: [...editors.map((e) => `${e.url}/bench/production`), `${bare.url}/?n=${size}&w=${w}&h=${h}`],
      names: [...dists, 'bare React Flow'],
      pane: { w, h },
      async open(url, ids) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        await page.addInitScript({ content: paintProbe([...ids]) });
        await page.goto(url);
        await page.waitForFunction(() => Reflect.get(window, '__paintedAt') !== undefined, undefined, { timeout: 120_000 });
        return { page, cdp };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
