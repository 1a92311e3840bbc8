import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blockingViolations } from './axe';
import { useEditorHarness } from './harness';
import { canvasPane, nodeEl, nodeName, storedFlow } from './pageHelpers';
import { GenerateFlowPage } from './pages/GenerateFlowPage';

const h = useEditorHarness();

/** Every screen must be usable with a screen reader and readable: no critical or serious finding. */
async function expectAccessible(page: Page): Promise<void> {
  expect(await blockingViolations(page)).toEqual([]);
}

describe('accessibility (axe-core: no critical or serious violation)', () => {
  it('the main screen has a main landmark and a heading, and passes', async () => {
    const { page } = await h.openCopy('support-desk');
    await page.getByRole('main').waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
    await expectAccessible(page);
  });

  it("a function node's properties, the Advanced tab with its Analysis panel, and Generate Flow", async () => {
    const { page } = await h.openCopy('support-desk');
    await nodeName(page, 'support-lookup-order').click();
    await page.getByRole('tab', { name: 'Properties', selected: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByRole('tab', { name: 'Advanced', selected: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Analysis', exact: true }).click();
    await page.getByRole('region', { name: 'Analysis' }).getByRole('listitem', { name: 'Chain 1' }).waitFor();
    await expectAccessible(page);
    const generate = new GenerateFlowPage(page);
    await generate.openFromCanvasMenu();
    await generate.dialog.getByRole('alert').waitFor();
    await expectAccessible(page);
  });

  it('the palette on both tabs, a context menu and the emoji picker', async () => {
    const { page } = await h.openCopy('lead-qualifier');
    await canvasPane(page).click({ position: { x: 40, y: 300 } });
    await page.keyboard.press('Space');
    const palette = page.getByTestId('function-palette');
    await palette.waitFor();
    await expectAccessible(page);
    await palette.getByRole('tab', { name: 'Workflows' }).click();
    await palette.getByRole('button', { name: 'Create Workflow' }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await nodeName(page, 'lead-capture-profile').click({ button: 'right' });
    await page.getByTestId('context-menu').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await nodeEl(page, 'lead-capture-profile').getByRole('button', { name: 'Change emoji' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an emoji' });
    await picker.waitFor();
    await expect.poll(() => picker.getByRole('option').or(picker.getByRole('menuitem')).count()).toBeGreaterThan(0);
    await expectAccessible(page);
  });

  it('the dialogs: report a bug, how to use, erase, select workflow, create workflow', async () => {
    const { page } = await h.openCopy('lead-qualifier');
    await page.getByRole('button', { name: /Report a Bug/ }).click();
    await page.getByTestId('report-bug-dialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'How to use: F1' }).click();
    await page.getByTestId('help-dialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('help-dialog').waitFor({ state: 'detached' });

    await nodeName(page, 'lead-capture-profile').click();
    await page.getByRole('button', { name: /Erase Selected/ }).click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.getByRole('toolbar', { name: 'Quick Functions' }).getByRole('button', { name: 'Send Workflow' }).click();
    const select = page.getByTestId('select-workflow-modal');
    await select.getByRole('button', { name: /Book a demo/ }).waitFor();
    await expectAccessible(page);
    await select.getByRole('button', { name: 'Create Workflow' }).click();
    await page.getByTestId('create-workflow-dialog').waitFor();
    await expectAccessible(page);
  });

  it('the plan home, an unknown plan, the dashboard and the hosted pages', async () => {
    const page = await h.open('/');
    await page.getByTestId('plan-home').getByRole('heading', { name: 'Plans' }).waitFor();
    await page.getByTestId('plan-home').getByRole('link', { name: 'support-desk', exact: true }).waitFor();
    await expectAccessible(page);

    await h.open('/no-such-plan/production');
    await page.getByTestId('plan-missing').waitFor();
    await expectAccessible(page);

    const plan = await h.plan('lead-qualifier');
    await fetch(`${h.server.url}/api/mate/${plan}/production/system-prompt-custom`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ system_message_custom: 'Qualify leads.', system_message_prefix: 'Context', system_message_suffix: 'Notes' }),
    });
    await page.goto(`${h.server.url}/dashboard/${plan}/production`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expectAccessible(page);

    const workflow = (await storedFlow(h.server.url, plan)).workflows?.[0];
    if (!workflow) throw new Error('the example has no workflow');
    const session: { hostedLink: string } = await (
      await fetch(`${h.server.url}/api/sessions/create-with-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ workflowId: workflow.id, planId: plan }),
      })
    ).json();
    await page.goto(session.hostedLink);
    await page.getByRole('heading', { name: workflow.name }).waitFor();
    await expectAccessible(page);

    await page.goto(`${h.server.url}/hosted/create-workflow/${plan}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page);
  });

  it("the dashboard's Keys page: the list, a created key and the step before revoking", async () => {
    const page = await h.open('/');
    await page.goto(`${h.server.url}/dashboard/keys`);
    await page.getByLabel('Name').fill(`web-${Date.now()}`);
    await page.getByLabel('Web origins (optional)').fill('https://shop.example.com');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Your new key' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to the keys' }).click();
    await page
      .getByRole('link', { name: /^Revoke web-/ })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Revoke the key web-/ }).waitFor();
    await expectAccessible(page);
  });
});
