import { flowMessages } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { holdRequests, nodeEl, putFlow, storedFlow, toast } from './pageHelpers';

const h = useEditorHarness();

describe('Play: compile and publish', () => {
  it('compiles, shows the prompt, publishes and says so; the dashboard shows what was published', async () => {
    const plan = await h.plan('lead-qualifier');
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'lead-welcome').waitFor();
    await page.getByRole('button', { name: /Play/ }).click();
    await toast(page, 'Compiling Flow...').waitFor();
    await toast(page, 'Flow compiled successfully').waitFor();
    await toast(page, 'Changes are now published to Dashboard').waitFor();
    const prompt = page.getByRole('textbox', { name: 'System Prompt' });
    await expect.poll(() => prompt.inputValue()).toContain('## Chain 1');
    const dashboard = await h.context.newPage();
    await dashboard.goto(`${h.server.url}/dashboard/${plan}/production`);
    expect(await dashboard.locator('body').textContent()).toContain('## Chain 1');
  });

  it("says 'Error: No chains in flow' for a flow without nodes", async () => {
    const page = await h.open('/empty-plan/production');
    await page.getByRole('button', { name: 'Create it' }).click();
    await page
      .getByTestId('save-state')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    await page.getByRole('button', { name: /Play/ }).click();
    await toast(page, 'Error: No chains in flow').waitFor();
  });

  it("says 'Failed to update system prompt on dashboard' when publishing fails", async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'support-greet').waitFor();
    await page.route('**/publish', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"DOWN","message":"down"}}' }),
    );
    await page.getByRole('button', { name: /Play/ }).click();
    await toast(page, 'Flow compiled successfully').waitFor();
    await toast(page, 'Failed to update system prompt on dashboard').waitFor();
  });

  it('is disabled while the flow loads', async () => {
    const plan = await h.plan('support-desk');
    const held = await holdRequests(h.page, '**/api/flows/**');
    await h.page.goto(`${h.server.url}/${plan}/production`);
    const play = h.page.getByRole('button', { name: /Play/ });
    await play.waitFor();
    expect(await play.isDisabled()).toBe(true);
    expect(await h.page.getByRole('status', { name: 'Loading flow' }).count()).toBe(1);
    held.release();
    await nodeEl(h.page, 'support-greet').waitFor();
    expect(await play.isDisabled()).toBe(false);
  });
});

describe('loading and saving', () => {
  it('builds the flow from the spec calls (functions, system prompt, deconstruct) when the provider has no document endpoint', async () => {
    const plan = await h.plan('support-desk');
    await h.page.route('**/api/flows/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"code":"NOT_FOUND","message":"no"}}' }),
    );
    await h.page.goto(`${h.server.url}/${plan}/production`);
    await h.page.locator('.react-flow__controls-fitview').click();
    await nodeEl(h.page, 'support-capture-order').waitFor();
    await nodeEl(h.page, 'support-create-return').waitFor();
    const prompts = await h.page
      .locator('.flow-node-prompt textarea')
      .evaluateAll((areas) => areas.map((a) => (a as HTMLTextAreaElement).value));
    expect(prompts.some((p) => p.startsWith('Greet the customer by first name'))).toBe(true);
    await h.page.getByRole('tab', { name: 'Advanced', selected: true }).waitFor();
  });

  it('shows toasts at the bottom left, 356 px wide', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await page.getByRole('button', { name: /Erase Selected/ }).click({ force: true });
    await toast(page, 'Select something to erase').waitFor();
    const toaster = page.locator('[data-sonner-toaster]');
    expect(await toaster.getAttribute('data-x-position')).toBe('left');
    expect(await toaster.getAttribute('data-y-position')).toBe('bottom');
    expect(Math.round((await toast(page, 'Select something to erase').boundingBox())?.width ?? 0)).toBe(356);
  });

  it("shows 'Failed to fetch plan data: …' when the provider fails", async () => {
    await h.page.route('**/api/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"DOWN","message":"down"}}' }),
    );
    await h.page.goto(`${h.server.url}/support-desk/production`);
    await toast(h.page, 'Failed to fetch plan data: Failed to fetch functions').waitFor();
  });

  it('says so when the flow was changed elsewhere, and keeps what the person did', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'support-greet').waitFor();
    const other = await storedFlow(h.server.url, plan);
    await putFlow(h.server.url, { ...other, agentNotes: 'changed by someone else' });
    await nodeEl(page, 'support-greet').locator('textarea').fill('My own words');
    await toast(page, flowMessages.flowChangedElsewhere).waitFor({ timeout: 10_000 });
    expect(await nodeEl(page, 'support-greet').locator('textarea').inputValue()).toBe('My own words');
    expect(await page.getByTestId('save-state').textContent()).toBe('Not saved: changed elsewhere');
    expect((await storedFlow(h.server.url, plan)).agentNotes).toBe('changed by someone else');
  });

  it('keeps the schema and a timestamp in local storage after saving', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'support-greet').locator('textarea').fill('Hello there');
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `flow:${plan}/production`), { timeout: 10_000 })
      .toContain('Hello there');
    const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `flow:${plan}/production`)) ?? '{}');
    expect(Object.keys(saved.schema)).toEqual(['1', '2', '3']);
    expect(Number.isNaN(Date.parse(saved.savedAt))).toBe(false);
  });
});
