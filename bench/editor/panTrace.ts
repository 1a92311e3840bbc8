// Where panning a large plan spends its frames: one or more built editors (each a folder, e.g. a
// copy of an earlier build and the current one) pan the same plan in turns with run.ts's pan, in
// one Chromium run, against the bare React Flow page; prints the median frames per second and
// their ratio to the bare page's, and the median main-thread busy time per second of panning
// (CDP TaskDuration), steadier than the frame rate on a loaded machine. PROFILE=<folder> also
// writes a CPU profile of each page's last pan there and prints its self time by function;
// TRACE=<folder> writes a Chromium trace of it and prints the renderer main thread's time
// by kind of task (script, style, layout, paint...). LONG=1 lists each pan's tasks over 50 ms;
// SETTLE=<ms> starts panning that long after the first paint (the pan alone, without the load's tail).
// Usage: node --conditions=development --import tsx editor/panTrace.ts [size=5000] [runs=5] [dist...]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editorDist } from '../../apps/editor/test/browser.js';
import { syntheticFlow } from '../core/syntheticFlow.js';
import { traceEventsOf, type TraceEvent } from './chromeTrace.js';
import { withFreeTarget } from './interactions.js';
import { mainThreadBusyMs, panFps, visibleIds, ZOOM } from './run.js';
import { startTraceRig } from './traceRig.js';

const [sizeArg = '5000', runsArg = '5', ...distArgs] = process.argv.slice(2);
const size = Number(sizeArg);
const runs = Number(runsArg);
const dists = distArgs.length > 0 ? distArgs : [editorDist];
const profileDir = process.env.PROFILE;
const traceDir = process.env.TRACE;

/** Time by event name on the renderer's main thread, counting each event's own time (not its children's). */
function mainThreadTimes(events: TraceEvent[]): [string, number][] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const complete = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  const stack: { e: TraceEvent; end: number }[] = [];
  for (const e of complete) {
    const dur = e.dur ?? 0;
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) totals.set(parent.e.name, (totals.get(parent.e.name) ?? 0) - dur / 1000);
    totals.set(e.name, (totals.get(e.name) ?? 0) + dur / 1000);
    stack.push({ e, end: e.ts + dur });
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time by function (name, file and position) of a CPU profile, largest first. */
function selfTimes(profile: CpuProfile): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const doc = withFreeTarget(syntheticFlow(size));
const rig = await startTraceRig(doc, dists, ZOOM, 'pan-trace');
try {
  const { browser, urls, names, pane } = rig;
  const ids = visibleIds(doc, pane.w, pane.h);
  const fps: number[][] = urls.map(() => []);
  const busy: number[][] = urls.map(() => []);
  const longTasks: string[][] = urls.map(() => []);
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  for (let r = 0; r < runs; r++) {
    for (const [i, url] of urls.entries()) {
      const { page, cdp } = await rig.open(url, ids);
      // SETTLE=<ms>: pan only after the page has had this long after its first paint (to see the pan alone).
      if (process.env.SETTLE) await page.waitForTimeout(Number(process.env.SETTLE));
      const profiling = profileDir !== undefined && r === runs - 1;
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const tracing = traceDir !== undefined && r === runs - 1;
      if (tracing)
        await browser.startTracing(page, {
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8.execute'],
        });
      const panStart = Number(await page.evaluate('performance.now()'));
      const before = await mainThreadBusyMs(cdp);
      const started = Date.now();
      fps[i]?.push(await panFps(page));
      busy[i]?.push(((await mainThreadBusyMs(cdp)) - before) / ((Date.now() - started) / 1000));
      const tasks: unknown = await page.evaluate('window.__longTasks');
      const during = (Array.isArray(tasks) ? tasks : []).flatMap((t: unknown) =>
        Array.isArray(t) && Number(t[0]) >= panStart ? [`${Math.round(Number(t[0]) - panStart)}+${Number(t[1])}`] : [],
      );
      longTasks[i]?.push(during.join(' '));
      if (tracing && traceDir) {
        const trace = await browser.stopTracing();
        const file = join(traceDir, `pan-${i}.json`);
        writeFileSync(file, trace);
        const times = mainThreadTimes(traceEventsOf(JSON.parse(trace.toString())));
        console.log(`${names[i]}: trace ${file}; renderer main thread, own time by task kind:`);
        for (const [name, ms] of times.slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
      }
      if (profiling) {
        const { profile } = await cdp.send('Profiler.stop');
        const file = join(profileDir, `pan-${i}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        const times = selfTimes(profile);
        const total = times.reduce((sum, [, ms]) => sum + ms, 0);
        console.log(`${names[i]}: CPU profile ${file}, ${total.toFixed(0)} ms sampled; self time by function:`);
        for (const [key, ms] of times.slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
      }
      await page.close();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const bareFps = median(fps[urls.length - 1] ?? []);
  for (const i of urls.keys()) {
    const f = median(fps[i] ?? []);
    console.log(
      `${names[i]}: pan ${size} nodes ${f.toFixed(1)} fps = ${(f / bareFps).toFixed(2)}x bare (runs ${fps[i]?.map((x) => x.toFixed(1)).join(' ')}); main thread busy ${median(busy[i] ?? []).toFixed(0)} ms/s`,
    );
    if (process.env.LONG) for (const t of longTasks[i] ?? []) console.log(`  tasks over 50 ms during the pan (start+ms): ${t}`);
  }
} finally {
  await rig.close();
}
