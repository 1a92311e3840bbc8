// The Quick Functions bar, the Select Workflow modal and Report a Bug as a person uses them.
import { nodeSchema } from '@flow/core';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness, type Example } from './harness';
import { fitView, layerReady, namesIn, nextFrames, nodes, selectedNodes, storedFlow } from './pageHelpers';
import { QuickFunctionsBarPage } from './pages/QuickFunctionsBarPage';
import { SelectWorkflowPage } from './pages/SelectWorkflowPage';

const h = useEditorHarness();

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Quick Functions' });
const selector = (page: Page) => page.getByTestId('select-workflow-modal');
const bugDialog = (page: Page) => page.getByTestId('report-bug-dialog');
const WORKFLOWS = '**/api/workflows/plans/**';

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

/** A gate a routed request waits at until the test opens it: no fixed delays. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** Waits until the editor's first workflow request has been answered (it loads them with the plan). */
async function openWithWorkflowsLoaded(example: Example): Promise<{ page: Page; plan: string }> {
  const plan = await h.plan(example);
  const loaded = h.page.waitForResponse((r) => r.url().includes(`/api/workflows/plans/${plan}`));
  const page = await h.open(`/${plan}/production`);
  await loaded;
  await nodes(page).first().waitFor();
  return { page, plan };
}

describe('Quick Functions bar', () => {
  it('has no scroll arrows while the row fits; dragging the divider narrows the canvas until they appear and scroll', async () => {
    const { page } = await h.openCopy('onboarding-coach');
    const scroller = new QuickFunctionsBarPage(page).scroller;
    const right = bar(page).getByRole('button', { name: 'Scroll right' });
    const left = bar(page).getByRole('button', { name: 'Scroll left' });
    expect(await right.count()).toBe(0);
    expect(await left.count()).toBe(0);

    const divider = await box(page.getByTestId('panel-divider'));
    await page.mouse.move(divider.x + divider.width / 2, 450);
    await page.mouse.down();
    await page.mouse.move(200, 450, { steps: 10 });
    await page.mouse.up();
    await right.waitFor();
    expect(await left.count()).toBe(0);
    await right.click();
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await left.waitFor();
    // Scrolled to the end: nothing more to the right.
    await expect.poll(() => scroller.evaluate((el) => Math.ceil(el.scrollLeft + el.clientWidth) >= el.scrollWidth - 1)).toBe(true);
    await expect.poll(() => right.count()).toBe(0);
    await left.click();
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBe(0);
    await expect.poll(() => left.count()).toBe(0);
    await right.waitFor();
  });

  it('scrolls by 70% of the visible width per arrow click in a narrow window', async () => {
    const { page } = await h.openCopy('onboarding-coach');
    // A narrow window gives the canvas (and its bar) the whole width; 420 px leaves a long overflow.
    await page.setViewportSize({ width: 420, height: 800 });
    const scroller = new QuickFunctionsBarPage(page).scroller;
    const right = bar(page).getByRole('button', { name: 'Scroll right' });
    await right.waitFor();
    const { visible, total } = await scroller.evaluate((el) => ({ visible: el.clientWidth, total: el.scrollWidth }));
    const step = Math.max(120, Math.round(visible * 0.7));
    expect(total - visible).toBeGreaterThan(step);
    await right.click();
    await expect.poll(() => scroller.evaluate((el) => Math.round(el.scrollLeft))).toBe(step);
  });

  it("says 'Add {name}', 'Coming soon' or 'Open workflow selector' on hover, and a click adds the function's node", async () => {
    const { page, plan } = await h.openCopy('support-desk');
    const quick = new QuickFunctionsBarPage(page);
    const names = await quick.names();
    expect(names).toEqual(['Instruct', 'Custom GPT', 'HTTP Calls', 'Capture Variable', 'See a Website', 'Send Workflow']);
    const titles = await quick.items.evaluateAll((items) => items.map((el) => el.getAttribute('title')));
    expect(titles).toEqual([
      'Add Instruct',
      'Add Custom GPT',
      'Add HTTP Calls',
      'Add Capture Variable',
      'Coming soon',
      'Open workflow selector',
    ]);
    await bar(page).getByRole('button', { name: 'HTTP Calls' }).click();
    await expect
      .poll(
        async () =>
          (await storedFlow(h.server.url, plan)).nodes.filter((n) => n.type === 'function' && n.data.type === 'http_calls').length,
        {
          timeout: 10_000,
        },
      )
      .toBe(3);
    await page.getByRole('tab', { name: 'Properties', selected: true }).waitFor();
  });

  it('does not add a disabled function', async () => {
    const { page, plan } = await h.openCopy('lead-qualifier');
    await bar(page).getByRole('button', { name: 'See a Website' }).click({ force: true });
    await nextFrames(page);
    expect(await nodes(page).count()).toBe(9);
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await storedFlow(h.server.url, plan)).nodes).toHaveLength(9);
  });
});

describe('Select Workflow modal', () => {
  it("shows 'Loading workflows...' until the answer comes, then each workflow's name and description or 'No description'", async () => {
    const { page } = await openWithWorkflowsLoaded('onboarding-coach');
    const held = gate();
    await page.route(WORKFLOWS, async (route: Route) => {
      await held.wait;
      const response = await route.fetch();
      const list = (await response.json()) as { name: string; description?: string }[];
      const bare = list.map((w) => (w.name === 'Weekly review' ? { ...w, description: undefined } : w));
      await route.fulfill({ response, json: bare });
    });
    await bar(page).getByRole('button', { name: 'Send Workflow' }).click();
    await selector(page).getByRole('heading', { name: 'Select Workflow' }).waitFor();
    await selector(page).getByText('Loading workflows...').waitFor();
    const workflows = new SelectWorkflowPage(page);
    expect(await workflows.items.count()).toBe(0);
    held.open();
    await workflows.items.first().waitFor();
    const rows = await workflows.rows();
    expect(rows.sort()).toEqual([
      ['Weekly review', 'No description'],
      ['Workspace setup tour', 'Guides a new admin through creating a project, inviting teammates and connecting a calendar.'],
    ]);
    expect(await selector(page).getByText('Loading workflows...').count()).toBe(0);
    expect(await selector(page).getByRole('button', { name: 'Create Workflow' }).count()).toBe(1);
    expect(await selector(page).getByRole('button', { name: 'Cancel' }).count()).toBe(1);
  });

  it('adds the picked workflow as a send_workflow function named after it, selected, and closes', async () => {
    const { page, plan } = await openWithWorkflowsLoaded('onboarding-coach');
    await bar(page).getByRole('button', { name: 'Send Workflow' }).click();
    await selector(page)
      .getByRole('button', { name: /Workspace setup tour/ })
      .click();
    await expect.poll(() => selector(page).count()).toBe(0);
    const sends = async () =>
      (await storedFlow(h.server.url, plan)).nodes.filter((n) => n.type === 'function' && n.data.type === 'send_workflow').length;
    await expect.poll(sends, { timeout: 10_000 }).toBe(1);
    await fitView(page);
    const selected = selectedNodes(page);
    await expect.poll(() => selected.count()).toBe(1);
    expect(await selected.getAttribute('class')).toContain('react-flow__node-function');
    expect(await namesIn(selected).textContent()).toBe('Workspace setup tour');
  });

  it("shows 'Failed to load workflows' with Retry when the provider fails; Retry loads them", async () => {
    const { page } = await openWithWorkflowsLoaded('onboarding-coach');
    let failing = true;
    const held = gate();
    await page.route(WORKFLOWS, async (route: Route) => {
      if (failing) return route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'down' } } });
      await held.wait;
      return route.continue();
    });
    await bar(page).getByRole('button', { name: 'Send Workflow' }).click();
    const alert = selector(page).getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await new SelectWorkflowPage(page).errorMessage.textContent()).toBe('Failed to load workflows');
    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await selector(page).getByText('Loading workflows...').waitFor();
    held.open();
    await selector(page)
      .getByRole('button', { name: /Weekly review/ })
      .waitFor();
    expect(await selector(page).getByRole('alert').count()).toBe(0);
  });

  it("says 'No workflows found' for a plan without workflows; Cancel, Escape and the backdrop close it", async () => {
    const { page } = await openWithWorkflowsLoaded('support-desk');
    const send = bar(page).getByRole('button', { name: 'Send Workflow' });
    await send.click();
    await selector(page).getByText('No workflows found').waitFor();
    await selector(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => selector(page).count()).toBe(0);
    await send.click();
    await selector(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => selector(page).count()).toBe(0);
    await send.click();
    const modal = await box(selector(page));
    await layerReady(page);
    await page.mouse.click(modal.x + modal.width / 2, modal.y - 30);
    await expect.poll(() => selector(page).count()).toBe(0);
  });

  it("'Create Workflow' opens the hosted page; the saved workflow is listed when it closes", async () => {
    const { page, plan } = await openWithWorkflowsLoaded('support-desk');
    await bar(page).getByRole('button', { name: 'Send Workflow' }).click();
    await selector(page).getByText('No workflows found').waitFor();
    await selector(page).getByRole('button', { name: 'Create Workflow' }).click();
    const dialog = page.getByTestId('create-workflow-dialog');
    await dialog.getByRole('heading', { name: 'Create Workflow' }).waitFor();
    const hosted = dialog.getByTitle('Create Workflow', { exact: true }).contentFrame();
    await hosted.getByText(plan, { exact: true }).waitFor();
    // The workflow's Name comes before its steps' names.
    await hosted.getByLabel('Name', { exact: true }).first().fill('Refund follow-up');
    await hosted.getByRole('button', { name: 'Save workflow' }).click();
    await hosted.getByText('Saved workflow: Refund follow-up').waitFor();
    // Focus is in the embedded page; Escape there closes the dialog all the same.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    const row = selector(page).getByRole('button', { name: /Refund follow-up/ });
    await row.waitFor();
    expect(await new SelectWorkflowPage(page).description(row).textContent()).toBe('No description');
  });
});

describe('Report a Bug', () => {
  it('shows the plan id, the version and the flow schema of the open flow as JSON', async () => {
    const { page, plan } = await h.openCopy('support-desk');
    await page.getByRole('button', { name: /Report a Bug/ }).click();
    await bugDialog(page).getByRole('heading', { name: 'Report a Bug' }).waitFor();
    expect(await bugDialog(page).getByTestId('bug-plan-id').textContent()).toBe(plan);
    expect(await bugDialog(page).getByTestId('bug-version').textContent()).toBe('production');
    const shown = JSON.parse((await bugDialog(page).getByTestId('bug-schema').textContent()) ?? '');
    expect(shown).toEqual(JSON.parse(JSON.stringify(nodeSchema(await storedFlow(h.server.url, plan)))));
    expect(Object.keys(shown['2'])).toEqual(['support-returns', 'support-capture-return', 'support-create-return']);
  });

  it("says 'Copied!' for about 1.5 s and puts the report with the schema JSON on the clipboard", async () => {
    const { page, plan } = await h.openCopy('support-desk');
    await page.getByRole('button', { name: /Report a Bug/ }).click();
    const button = bugDialog(page).getByRole('button', { name: 'Copy to Clipboard' });
    await button.waitFor();
    // Record every change of the button's text with its time, in the page.
    await button.evaluate((el) => {
      const log: [number, string][] = [];
      (window as unknown as { __copyLog: typeof log }).__copyLog = log;
      new MutationObserver(() => log.push([performance.now(), el.textContent ?? ''])).observe(el, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await button.click();
    await bugDialog(page).getByRole('button', { name: 'Copied!' }).waitFor();
    await bugDialog(page).getByRole('button', { name: 'Copy to Clipboard' }).waitFor({ timeout: 5000 });
    const log = await page.evaluate(() => (window as unknown as { __copyLog: [number, string][] }).__copyLog);
    const shownAt = log.find(([, text]) => text === 'Copied!')?.[0];
    const backAt = log.find(([, text]) => text === 'Copy to Clipboard')?.[0];
    if (shownAt === undefined || backAt === undefined) throw new Error(`unexpected texts: ${JSON.stringify(log)}`);
    expect(backAt - shownAt).toBeGreaterThanOrEqual(1450);
    // Upper bound loose: a busy machine may run the timer late, never early.
    expect(backAt - shownAt).toBeLessThan(2500);

    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    const shown = JSON.parse((await bugDialog(page).getByTestId('bug-schema').textContent()) ?? '');
    expect(copied).toEqual({ planId: plan, versionName: 'production', schema: shown });
  });

  it("alerts 'Failed to copy!' when the clipboard refuses, and keeps 'Copy to Clipboard'", async () => {
    await h.page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', {
        configurable: true,
        get: () => ({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }),
      });
    });
    const { page } = await h.openCopy('support-desk');
    await page.getByRole('button', { name: /Report a Bug/ }).click();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await bugDialog(page).getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect.poll(() => alerts).toEqual(['alert: Failed to copy!']);
    expect(await bugDialog(page).getByRole('button', { name: 'Copied!' }).count()).toBe(0);
    expect(await bugDialog(page).getByRole('button', { name: 'Copy to Clipboard' }).count()).toBe(1);
  });

  it('closes with the close button, Escape and a click on the backdrop', async () => {
    const { page } = await h.openCopy('support-desk');
    const open = () => page.getByRole('button', { name: /Report a Bug/ }).click();
    await open();
    await bugDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => bugDialog(page).count()).toBe(0);
    await open();
    await bugDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => bugDialog(page).count()).toBe(0);
    await open();
    const dialog = await box(bugDialog(page));
    await layerReady(page);
    await page.mouse.click(dialog.x - 30, dialog.y + dialog.height / 2);
    await expect.poll(() => bugDialog(page).count()).toBe(0);
  });
});
