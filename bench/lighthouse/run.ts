// Lighthouse figures (issue 40): performance, accessibility and best practices of the home page and
// of a plan page, with Lighthouse's desktop preset and its default mobile preset (slow 4G, 4x CPU),
// best of two runs each, against the built editor served by the local provider with the example
// flows. Lighthouse 12.2.3 (the last major that runs on Node 20) drives Debian's Chromium.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServer } from '@flow/server';
import { CHROMIUM_ARGS, chromiumPath, editorDist, ensureEditorBuilt, repoRoot } from '../../apps/editor/test/browser.js';

/** The plan a new user opens first after `pnpm start` (one of the example flows). */
const PLAN_PATH = '/support-desk/production';
const RUNS = 2;
const PRESETS = ['desktop', 'mobile'] as const;
type Preset = (typeof PRESETS)[number];
const PAGES = { home: '/', plan: PLAN_PATH } as const;

/** The pages to audit: LIGHTHOUSE_PAGES=home (or plan) audits one of them, else both. */
function pagesToAudit(): string[] {
  const only = process.env.LIGHTHOUSE_PAGES;
  if (only === 'home' || only === 'plan') return [PAGES[only]];
  return Object.values(PAGES);
}

export interface LighthouseFigures {
  page: string;
  preset: Preset;
  /** Category scores out of 100 (the best of the runs for performance). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** First contentful paint, largest contentful paint and total blocking time of the best run, ms. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Accessibility and best-practice audits that did not pass in the best run, by id. */
  failed: string[];
}

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

async function audit(url: string, port: number, preset: Preset): Promise<LighthouseFigures> {
  let best: LighthouseFigures | undefined;
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const failed = [categories.accessibility, categories['best-practices']]
      .flatMap((category) => category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    const figures: LighthouseFigures = {
      page: new URL(url).pathname,
      preset,
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      failed,
    };
    if (!best || figures.performance > best.performance) best = figures;
  }
  if (!best) throw new Error('no Lighthouse run');
  return best;
}

/** Runs Lighthouse on the home page and a plan page, both presets; writes bench/results/lighthouse.json. */
export async function runLighthouseBench(): Promise<LighthouseFigures[]> {
  // LIGHTHOUSE_EDITOR=<folder> audits another built editor (to compare builds in turn).
  const editorDir = process.env.LIGHTHOUSE_EDITOR ?? editorDist;
  if (editorDir === editorDist) ensureEditorBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'flow-bench-lighthouse-'));
  const server = await startServer({ port: 0, dir: dataDir, editorDir, log: () => {} });
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const figures: LighthouseFigures[] = [];
  try {
    for (const preset of PRESETS) {
      for (const path of pagesToAudit()) figures.push(await audit(`${server.url}${path}`, chrome.port, preset));
    }
  } finally {
    chrome.kill();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('  lighthouse 12.2.3, best of two   performance   accessibility   best practices   FCP / LCP / TBT (ms)');
  for (const f of figures) {
    const page = `${f.preset} ${f.page === '/' ? 'home' : f.page}`;
    const times = [f.fcpMs, f.lcpMs, f.tbtMs].map((ms) => Math.round(ms)).join(' / ');
    console.log(
      `  ${page.padEnd(34)}${String(f.performance).padEnd(14)}${String(f.accessibility).padEnd(16)}${String(f.bestPractices).padEnd(17)}${times}`,
    );
    if (f.failed.length > 0) console.log(`    not passed: ${f.failed.join(', ')}`);
  }
  console.log('  goals: desktop plan >= 98 (TBT <= 50 ms), home 100; mobile plan >= 75, home >= 95; accessibility and best practices 100');
  const out = join(repoRoot, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'lighthouse.json'), JSON.stringify(figures, null, 2));
  return figures;
}

export const run = runLighthouseBench;
