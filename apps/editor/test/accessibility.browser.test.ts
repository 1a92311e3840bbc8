import { randomBytes } from 'node:crypto';
import type { ServerOptions } from '@flow/server';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blockingViolations } from './axe';
import { useEditorHarness } from './harness';
import { canvasPane, focusedElement, nodeEl, nodeName, storedFlow } from './pageHelpers';
import { GenerateFlowPage } from './pages/GenerateFlowPage';

type Services = Parameters<NonNullable<ServerOptions['testRoutes']>>[0];
let services: Services | undefined;
// No route: a look at the provider's services, so the dashboard test can store a served conversation.
const h = useEditorHarness({
  testRoutes: (given) => {
    services = given;
    return [];
  },
});

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
    await page.getByRole('heading', { name: 'Publishes' }).waitFor();
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

  it('the dashboard by keyboard: skip link, plan version switcher, each page of its header passing', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open('/');
    await page.goto(`${h.server.url}/dashboard/${plan}/production`);
    await page.getByRole('heading', { name: 'Publishes' }).waitFor();
    expect(await page.title()).toBe(`Publishes · ${plan}/production — Flow`);
    // From the top, Tab goes: the skip link (shown, with a visible focus ring), the switcher, Go, the editor link, the pages.
    const order: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(() => (document.activeElement?.tagName === 'SELECT' ? 'SELECT' : (document.activeElement?.textContent ?? ''))),
      );
      if (i === 0) {
        const focused = focusedElement(page);
        expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
        expect(await focused.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(order).toEqual(['Skip to content', 'SELECT', 'Go', 'Open in the editor', 'Publishes', 'Conversations', 'Keys']);
    // The skip link moves focus to the page's content.
    await page.reload();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await expectAccessible(page);

    // With publishes.
    await fetch(`${h.server.url}/api/mate/${plan}/production/system-prompt-custom`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ system_message_custom: 'Help.', system_message_prefix: 'Context', system_message_suffix: 'Notes' }),
    });
    await fetch(`${h.server.url}/api/mate/${plan}/production/system-prompt-custom`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ system_message_custom: 'Help more.', system_message_prefix: 'Context', system_message_suffix: 'Notes' }),
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Earlier publishes' }).waitFor();
    await expectAccessible(page);

    // Conversations: the list (by the header's link), then one transcript.
    const id = `conv_${randomBytes(16).toString('base64url')}`;
    if (!services) throw new Error('the provider gave no services');
    const at = new Date(Date.now() - 26 * 3600_000).toISOString();
    await services.conversations.create({ id, planId: plan, versionName: 'production', keyName: 'web-shop', createdAt: at });
    await services.conversations.append(id, { kind: 'user', at, content: 'Where is my order?' });
    await services.conversations.append(id, {
      kind: 'tool',
      at,
      name: 'look_up_order',
      arguments: { order_id: 'A1' },
      output: '{"status":"shipped"}',
      ms: 42,
    });
    await services.conversations.append(id, {
      kind: 'assistant',
      at,
      content: 'It shipped.',
      usage: { inputTokens: 120, outputTokens: 9 },
    });
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Conversations', exact: true }).click();
    await page.getByRole('link', { name: 'Where is my order?' }).waitFor();
    expect(await page.getByRole('link', { name: 'Conversations', exact: true }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Where is my order?' }).click();
    await page.getByRole('heading', { name: 'Where is my order?' }).waitFor();
    await page.getByText('Tool look_up_order').click();
    await page.getByText('{"status":"shipped"}').waitFor();
    await expectAccessible(page);

    // The switcher, by keyboard: another plan version's same page.
    const other = await h.plan('lead-qualifier');
    await page.reload();
    await page.getByLabel('Plan version').selectOption(`${other}/production`);
    await page.getByRole('button', { name: 'Go' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${h.server.url}/dashboard/${other}/production/conversations`);
    await page.getByText(`No conversations of ${other}/production yet`).waitFor();
    await expectAccessible(page);

    // Secrets (the folder store has a secret store).
    await page.getByRole('link', { name: 'Secrets', exact: true }).click();
    await page.getByRole('heading', { name: 'Secrets', level: 1 }).waitFor();
    await expectAccessible(page);
  });
});
