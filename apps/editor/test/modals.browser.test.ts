import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { holdRequests, nextFrames, storedFlow } from './pageHelpers';

const h = useEditorHarness();

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Quick Functions' });
const selectModal = (page: Page) => page.getByTestId('select-workflow-modal');

describe('Quick Functions bar', () => {
  it('lists the six quick functions with their tooltips', async () => {
    const { page } = await h.openCopy('lead-qualifier');
    const names = await bar(page).locator('.qf-item > span:last-child').allTextContents();
    expect(names).toEqual(['Instruct', 'Custom GPT', 'HTTP Calls', 'Capture Variable', 'See a Website', 'Send Workflow']);
    expect(await bar(page).getByRole('button', { name: 'Custom GPT' }).getAttribute('title')).toBe('Add Custom GPT');
    expect(await bar(page).getByRole('button', { name: 'See a Website' }).getAttribute('title')).toBe('Coming soon');
    expect(await bar(page).getByRole('button', { name: 'Send Workflow' }).getAttribute('title')).toBe('Open workflow selector');
  });

  it('shows scroll arrows when the row overflows, and they scroll it', async () => {
    const { page } = await h.openCopy('lead-qualifier');
    await page.setViewportSize({ width: 900, height: 900 });
    await bar(page).getByRole('button', { name: 'Scroll right' }).waitFor();
    const scroller = bar(page).locator('.qf-scroller');
    await bar(page).getByRole('button', { name: 'Scroll right' }).click();
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await bar(page).getByRole('button', { name: 'Scroll left' }).waitFor();
  });

  it('does not add a disabled function', async () => {
    const { page, plan } = await h.openCopy('lead-qualifier');
    await bar(page).getByRole('button', { name: 'See a Website' }).click({ force: true });
    await nextFrames(page);
    expect(await page.locator('.react-flow__node').count()).toBe(9);
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await storedFlow(h.server.url, plan)).nodes).toHaveLength(9);
  });
});

describe('Select Workflow modal', () => {
  it("shows 'Loading workflows...', then the plan's workflows; picking one adds a send_workflow function named after it and closes", async () => {
    const { page, plan } = await h.openCopy('lead-qualifier');
    const held = await holdRequests(page, '**/api/workflows/plans/**');
    await bar(page).getByRole('button', { name: 'Send Workflow' }).click();
    await selectModal(page).getByText('Loading workflows...').waitFor();
    held.release();
    await selectModal(page)
      .getByRole('button', { name: /Book a demo/ })
      .click();
    await expect.poll(() => selectModal(page).count()).toBe(0);
    const sends = async () =>
      (await storedFlow(h.server.url, plan)).nodes.flatMap((n) =>
        n.type === 'function' && n.data.type === 'send_workflow' ? [n.data] : [],
      );
    await expect.poll(async () => (await sends()).map((d) => d.name), { timeout: 10_000 }).toContain('Book a demo');
    const workflows = (await storedFlow(h.server.url, plan)).workflows ?? [];
    const sent = (await sends()).find((d) => d.name === 'Book a demo');
    expect(sent?.metadata.workflow_id).toBe(workflows.find((w) => w.name === 'Book a demo')?.id);
    // The hosted link of a session of that workflow, on the local provider.
    expect(String(sent?.metadata.hosted_link)).toContain(h.server.url);
  });

  it("shows 'Failed to load workflows' with Retry, and Retry loads them", async () => {
    const { page } = await h.openCopy('lead-qualifier');
    let fail = true;
    await page.route('**/api/workflows/plans/**', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"DOWN","message":"down"}}' })
        : route.continue(),
    );
    await bar(page).getByRole('button', { name: 'Send Workflow' }).click();
    await selectModal(page).getByText('Failed to load workflows').waitFor({ timeout: 10_000 });
    fail = false;
    await selectModal(page).getByRole('button', { name: 'Retry' }).click();
    await selectModal(page)
      .getByRole('button', { name: /Book a demo/ })
      .waitFor();
  });

  it("says 'No workflows found' for a plan without workflows, and shows 'No description' for a workflow without one", async () => {
    const { page } = await h.openCopy('support-desk');
    await bar(page).getByRole('button', { name: 'Send Workflow' }).click();
    await selectModal(page).getByText('No workflows found').waitFor();
    await selectModal(page).getByRole('button', { name: 'Create Workflow' }).waitFor();
    await selectModal(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => selectModal(page).count()).toBe(0);
    await page.route('**/api/workflows/plans/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify([{ id: 'w1', name: 'Bare', description: '', json: { steps: [] }, plan_id: 'x', updated_at: '' }]),
      }),
    );
    await bar(page).getByRole('button', { name: 'Send Workflow' }).click();
    await selectModal(page).getByText('No description').waitFor();
    await page.mouse.click(5, 5);
    await expect.poll(() => selectModal(page).count()).toBe(0);
  });
});

describe('Report a Bug', () => {
  it("shows the plan id, version and flow schema, and 'Copy to Clipboard' says 'Copied!' for 1.5 s", async () => {
    const { page, plan } = await h.openCopy('lead-qualifier');
    await page.getByRole('button', { name: /Report a Bug/ }).click();
    const dialog = page.getByTestId('report-bug-dialog');
    expect(await dialog.getByTestId('bug-plan-id').textContent()).toBe(plan);
    expect(await dialog.getByTestId('bug-version').textContent()).toBe('production');
    const schema = JSON.parse((await dialog.getByTestId('bug-schema').textContent()) ?? '{}');
    expect(Object.keys(schema)).toEqual(['1', '2', '3']);
    await dialog.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    const copiedAt = Date.now();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toMatchObject({ planId: plan, versionName: 'production' });
    // 'Copied!' for 1.5 s, then the button's own text again.
    await dialog.getByRole('button', { name: 'Copy to Clipboard' }).waitFor({ timeout: 4000 });
    expect(Date.now() - copiedAt).toBeGreaterThan(1300);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("alerts 'Failed to copy!' when the clipboard refuses", async () => {
    await h.context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no')) } });
    });
    const { page } = await h.openCopy('lead-qualifier');
    await page.getByRole('button', { name: /Report a Bug/ }).click();
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByTestId('report-bug-dialog').getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect.poll(() => alerts).toEqual(['Failed to copy!']);
  });
});

describe('How to use', () => {
  it("opens with F1 and the 'How to use: F1' button, lists the keybindings, and leaves the shortcuts working once closed", async () => {
    const { page } = await h.openCopy('lead-qualifier');
    await page.keyboard.press('F1');
    const help = page.getByTestId('help-dialog');
    await help.getByRole('heading', { name: 'How to use' }).waitFor();
    await help.getByRole('tab', { name: 'Keybindings' }).click();
    await help.getByText('Duplicate the selected node').waitFor();
    expect(await help.locator('kbd', { hasText: 'Ctrl+D' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    await page.getByRole('button', { name: 'How to use: F1' }).click();
    await help.waitFor();
    // The dialog's × (its label is Close); the onboarding shows a 'Close' button of its own while its steps load.
    await help.getByLabel('Close').click();
    await expect.poll(() => help.count()).toBe(0);
    await page.locator('.react-flow__pane').click({ position: { x: 600, y: 400 } });
    await page.keyboard.press('Space');
    await page.getByTestId('function-palette').waitFor();
  });

  it('opens the palette with Space even when a bottom-bar button has focus, without pressing that button', async () => {
    const { page, plan } = await h.openCopy('lead-qualifier');
    await page.getByRole('button', { name: /New Chain/ }).click();
    await expect.poll(async () => (await storedFlow(h.server.url, plan)).nodes.length, { timeout: 10_000 }).toBe(10);
    await page.mouse.move(600, 400);
    await page.keyboard.press('Space');
    await page.getByTestId('function-palette').waitFor();
    await nextFrames(page);
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await storedFlow(h.server.url, plan)).nodes).toHaveLength(10);
  });
});
