// Browser test harness: the built editor served by the local provider on a free port, driven by
// Chromium through playwright-core. Each test file gets its own data folder seeded from examples/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '@flow/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { editorDist, ensureEditorBuilt, launchBrowser, repoRoot } from './browser';
import { fitView } from './pageHelpers';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export interface EditorHarness {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  dataDir: string;
  /** Opens a path of the editor and waits for the canvas. */
  open(path: string): Promise<Page>;
  /** A fresh copy of an example plan under a new plan id, so tests that change it stay apart. */
  plan(example: Example): Promise<string>;
  /** Opens a fresh copy of an example plan, waits for its nodes and fits the whole flow in view. */
  openCopy(example?: Example): Promise<{ page: Page; plan: string }>;
  /**
   * Does, within a test, what the harness does after a passing test and before the next one, and
   * returns the page the next test would get: the harness's own tests check that hand-over.
   */
  betweenTests(): Promise<Page>;
}

export type Example = 'support-desk' | 'lead-qualifier' | 'onboarding-coach';

/** The window every browser test's page has, unless the test changes it. */
export const VIEWPORT = { width: 1440, height: 900 } as const;

let copies = 0;

/**
 * The browser of this test worker. The files a worker runs one after another share it (the
 * workers keep their modules between files, --no-isolate), each in its own context: a launch
 * costs ~0.4 s of CPU. It closes a second after the last file that used it, unless another file
 * takes it over; Playwright also closes it if the worker exits first.
 */
interface SharedBrowser {
  browser: Promise<Browser>;
  closing?: ReturnType<typeof setTimeout>;
}
let shared: SharedBrowser | undefined;

function takeBrowser(): Promise<Browser> {
  if (shared?.closing) clearTimeout(shared.closing);
  if (!shared) {
    const entry: SharedBrowser = { browser: launchBrowser({ forTests: true }) };
    shared = entry;
    // A browser that failed to start or crashed is not handed out again.
    const forget = (): void => {
      if (shared === entry) shared = undefined;
    };
    void entry.browser.then((browser) => browser.on('disconnected', forget), forget);
  }
  return shared.browser;
}

function releaseBrowser(): void {
  const entry = shared;
  if (!entry) return;
  entry.closing = setTimeout(() => {
    if (shared === entry) shared = undefined;
    void entry.browser.then((browser) => browser.close());
  }, 1000);
  entry.closing.unref();
}

/**
 * A test's page, opened by the keeper (window.open), so it starts in the keeper's warm renderer: a
 * page of the context would start in a new process first, to leave it as it navigates (~0.1 s of
 * CPU and 50 ms more per test). Every page's context options and init scripts apply to it alike.
 */
async function openPage(context: BrowserContext, keeper: Page): Promise<Page> {
  const [page] = await Promise.all([
    context.waitForEvent('page'),
    keeper.evaluate(() => {
      window.open('about:blank');
    }),
  ]);
  return page;
}

/**
 * Page calls whose effect outlives a navigation and that the harness does not undo: init scripts,
 * the viewport, emulated media, exposed functions, extra headers, locator handlers. A page that had
 * one is closed after its test instead of going on to the next.
 */
const LASTING: ReadonlySet<PropertyKey> = new Set([
  'addInitScript',
  'setViewportSize',
  'emulateMedia',
  'exposeFunction',
  'exposeBinding',
  'setExtraHTTPHeaders',
  'addLocatorHandler',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultNavigationTimeout',
]);

/** Playwright's own default timeout, given back to a page that goes on to the next test. */
const PAGE_TIMEOUT = 30_000;

interface PageWatch {
  /** The page the test drives: the target, noting each call in LASTING. */
  page: Page;
  target: Page;
  lasting: boolean;
}

function watchPage(target: Page): PageWatch {
  const watch: PageWatch = { page: target, target, lasting: false };
  watch.page = new Proxy(target, {
    get(page, property, receiver): unknown {
      if (LASTING.has(property)) watch.lasting = true;
      return Reflect.get(page, property, receiver);
    },
  });
  return watch;
}

/**
 * The test's page, ready for the next test of the file, if nothing of this test can stay in it:
 * the test passed, made no call in LASTING, and left the page open on the provider's site. Its
 * routes, listeners and timeout go; its document ends (its timers stop, its pagehide saves run
 * before the next test clears the storage); the pointer leaves what it pointed at, its button up.
 * A new page costs ~0.06 s of Chromium's CPU more per test than one that goes on (0.38 against
 * 0.32 s for an editor page load), and eight browser files took 5% less CPU (5 rounds, 107 tests).
 */
async function readyForNextTest(watch: PageWatch, passed: boolean, site: string): Promise<Page | undefined> {
  const page = watch.target;
  const url = page.isClosed() ? '' : page.url();
  if (!passed || watch.lasting || (url !== 'about:blank' && !url.startsWith(`${site}/`))) return undefined;
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  page.removeAllListeners();
  page.setDefaultTimeout(PAGE_TIMEOUT);
  await page.goto('about:blank');
  await page.mouse.move(0, 0);
  await page.mouse.up();
  return page;
}

/**
 * Registers hooks that start a provider with the built editor and a browser for the test file,
 * one browser context, and a page for each test: a new one, or the last test's page once nothing of
 * that test is left in it (readyForNextTest). A failing test saves a screenshot under test-results/.
 */
export function useEditorHarness(
  options: {
    onboarding?: boolean;
    token?: string;
    runtimeEnv?: Record<string, string | undefined>;
    /** The provider's test seam: routes over its services (or a look at them, as the dashboard test seeds conversations). */
    testRoutes?: ServerOptions['testRoutes'];
  } = {},
): EditorHarness {
  const auth: Record<string, string> = options.token ? { Authorization: `Bearer ${options.token}` } : {};
  const h = {} as EditorHarness;
  let keeper: Page;
  let reused: Page | undefined;
  let pageWatch: PageWatch;
  beforeAll(async () => {
    ensureEditorBuilt();
    h.dataDir = mkdtempSync(join(tmpdir(), 'flow-editor-'));
    h.server = await startServer({
      port: 0,
      dir: h.dataDir,
      editorDir: editorDist,
      log: () => {},
      ...(options.token ? { token: options.token } : {}),
      // The Playground's model and secrets: read at each turn, so a test can fill them in later.
      runtimeEnv: options.runtimeEnv ?? {},
      ...(options.testRoutes ? { testRoutes: options.testRoutes } : {}),
    });
    h.plan = async (example) => {
      const planId = `${example}-${++copies}`;
      const doc = JSON.parse(readFileSync(join(repoRoot, 'examples', example, 'production.flow.json'), 'utf8'));
      const workflows = (doc.workflows ?? []).map((w: { plan_id: string }) => ({ ...w, plan_id: planId }));
      const res = await fetch(`${h.server.url}/api/flows/${planId}/production`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...auth },
        body: JSON.stringify({ ...doc, planId, workflows }),
      });
      if (!res.ok) throw new Error(`could not copy ${example}: ${res.status}`);
      for (const workflow of workflows) {
        await fetch(`${h.server.url}/api/workflows/save`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...auth },
          body: JSON.stringify(workflow),
        });
      }
      return planId;
    };
    h.open = async (path: string) => {
      await h.page.goto(h.server.url + path);
      // The editor's canvas, or the plan list at '/' (its own page).
      await h.page.locator('#main-flow, [data-testid="plan-home"]').first().waitFor();
      return h.page;
    };
    h.openCopy = async (example = 'support-desk') => {
      const plan = await h.plan(example);
      const page = await h.open(`/${plan}/production`);
      await page.locator('.react-flow__node').first().waitFor();
      await fitView(page);
      return { page, plan };
    };
    h.betweenTests = async () => {
      await endTest(true);
      await startTest();
      return h.page;
    };
    h.browser = await takeBrowser();
    // One context for the file, cleared before each test (cookies, storage), holding a page
    // of the provider's site open: each test's new page then starts in that page's renderer,
    // with the editor's script already compiled, instead of in a new process (about half a
    // second less per test on two cores). Reduced motion: the chain edges' moving dashes would
    // otherwise repaint the canvas all the time.
    h.context = await h.browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' });
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.server.url });
    if (!options.onboarding) {
      // Not on the blank page between two tests, which has no storage of its own.
      await h.context.addInitScript(() => {
        if (location.protocol.startsWith('http')) localStorage.setItem('onboarding:dontShowAgain', 'true');
      });
    }
    keeper = await h.context.newPage();
    // A small JSON page of the site (not the editor): it only holds the renderer.
    await keeper.goto(`${h.server.url}/api/plans`);
  });
  afterAll(async () => {
    await h.context?.close();
    if (h.browser) releaseBrowser();
    await h.server?.close();
    if (h.dataDir) rmSync(h.dataDir, { recursive: true, force: true });
  });
  /** A test's start: the context without cookies and storage, and the test's page. */
  async function startTest(): Promise<void> {
    await h.context.clearCookies();
    // What the site keeps: local storage (drafts, views, onboarding) and IndexedDB (the emoji data).
    await keeper.evaluate(async () => {
      localStorage.clear();
      sessionStorage.clear();
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue;
        await new Promise((resolve, reject) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = resolve;
          request.onerror = () => reject(new Error(`could not delete IndexedDB ${name}`));
        });
      }
    });
    pageWatch = watchPage(reused ?? (await openPage(h.context, keeper)));
    h.page = pageWatch.page;
  }
  /**
   * A test's end: its page goes on to the next test when nothing of the test can stay in it; every
   * other page it opened (second tabs, popups) closes; the keeper stays.
   */
  async function endTest(passed: boolean): Promise<void> {
    reused = await readyForNextTest(pageWatch, passed, h.server.url);
    await Promise.all(
      h.context
        .pages()
        .filter((other) => other !== keeper && other !== reused)
        .map((other) => other.close()),
    );
  }
  beforeEach(startTest);
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && h.page) {
      const dir = join(repoRoot, 'test-results');
      mkdirSync(dir, { recursive: true });
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await h.page.screenshot({ path: join(dir, `${name}.png`) }).catch(() => {});
    }
    await endTest(ctx.task.result?.state === 'pass');
  });
  return h;
}
