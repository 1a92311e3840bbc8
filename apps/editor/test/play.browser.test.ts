import { flowMessages } from '@flow/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import {
  barButton,
  fitViewButton,
  getDoc,
  localDraftRecord,
  localDraftText,
  nodeEl,
  nodes,
  nodesOfType,
  openPlan,
  putDoc,
  seedPlan,
  toast,
  toasts,
} from './pageHelpers';

const h = useEditorHarness();

const toastMatching = (page: Page, text: RegExp) => toasts(page).getByText(text);

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
    expect(await dashboard.getByText('## Chain 1', { exact: false }).count()).toBeGreaterThan(0);
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
});

describe('loading and saving', () => {
  it('builds the flow from the spec calls (functions, system prompt, deconstruct) when the provider has no document endpoint', async () => {
    const plan = await h.plan('support-desk');
    await h.page.route('**/api/flows/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"code":"NOT_FOUND","message":"no"}}' }),
    );
    await h.page.goto(`${h.server.url}/${plan}/production`);
    await fitViewButton(h.page).click();
    await nodeEl(h.page, 'support-capture-order').waitFor();
    await nodeEl(h.page, 'support-create-return').waitFor();
    const prompts = await Promise.all(
      (await nodesOfType(h.page, 'prompt').getByRole('textbox', { name: 'Instruction' }).all()).map((area) => area.inputValue()),
    );
    expect(prompts.some((p) => p.startsWith('Greet the customer by first name'))).toBe(true);
    await h.page.getByRole('tab', { name: 'Advanced', selected: true }).waitFor();
  });

  it("keeps the schema and a timestamp in this browser's storage after saving", async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'support-greet').getByRole('textbox', { name: 'Instruction' }).fill('Hello there');
    await expect.poll(() => localDraftText(page, plan), { timeout: 10_000 }).toContain('Hello there');
    const saved = await localDraftRecord(page, plan);
    expect(Object.keys(JSON.parse(String(saved?.schema)) as object)).toEqual(['1', '2', '3']);
    expect(Number.isNaN(Date.parse(String(saved?.savedAt)))).toBe(false);
  });
});

describe('provider failures', () => {
  it("loading: 'Failed to fetch plan data: Failed to fetch functions' when the provider answers with errors", async () => {
    await seedPlan(h, 'support-desk', 'load-fail');
    await h.page.route('**/api/flows/load-fail/production', (route) => route.fulfill({ status: 500, body: 'down' }));
    await h.page.route('**/api/mate/load-fail/production/functions', (route) => route.fulfill({ status: 500, body: 'down' }));
    const page = await h.open('/load-fail/production');
    await toast(page, 'Failed to fetch plan data: Failed to fetch functions').waitFor();
    await page.getByTestId('plan-label').getByText('Error: Failed to fetch functions', { exact: true }).waitFor();
    expect(await page.getByRole('status', { name: 'Loading flow' }).count()).toBe(0);
    expect(await barButton(page, 'Play').isEnabled()).toBe(true);
  });

  it("loading: 'Failed to fetch plan data: {reason}' when the provider cannot be reached", async () => {
    await h.page.route('**/api/flows/support-desk/production', (route) => route.abort('connectionrefused'));
    const page = await h.open('/support-desk/production');
    await toastMatching(page, /^Failed to fetch plan data: \S.*$/).waitFor();
    expect(await nodes(page).count()).toBe(0);
  });

  it('autosave conflict: says the flow changed elsewhere and keeps what the person typed', async () => {
    const seeded = await seedPlan(h, 'support-desk', 'conflict');
    const page = await openPlan(h, 'conflict');
    // Someone else changes the stored flow after the page loaded it.
    await putDoc(h, 'conflict', { ...seeded, agentNotes: 'Changed in another window.' });
    const textarea = nodeEl(page, 'support-greet').getByRole('textbox', { name: 'Instruction' });
    await textarea.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Always sign off with "Sam".');
    await toast(page, flowMessages.flowChangedElsewhere).waitFor();
    expect(await page.getByTestId('save-state').innerText()).toBe('Not saved: changed elsewhere');
    await page.getByTestId('conflict-banner').getByText('Changed elsewhere', { exact: true }).waitFor();
    expect(await textarea.inputValue()).toBe(
      `${seeded.nodes.find((n) => n.id === 'support-greet')!.data.prompt} Always sign off with "Sam".`,
    );
    // The other change was not overwritten.
    const stored = await getDoc(h, 'conflict');
    expect(stored.agentNotes).toBe('Changed in another window.');
    expect(stored.nodes.find((n) => n.id === 'support-greet')!.data.prompt).toBe(
      seeded.nodes.find((n) => n.id === 'support-greet')!.data.prompt,
    );
    // Typing on keeps the text and keeps saying it is not saved.
    await page.keyboard.type(' Thanks!');
    await expect.poll(() => localDraftText(page, 'conflict')).toContain('Thanks!');
    expect(await textarea.inputValue()).toMatch(/"Sam"\. Thanks!$/);
    expect(await page.getByTestId('save-state').innerText()).toBe('Not saved: changed elsewhere');
    expect((await getDoc(h, 'conflict')).agentNotes).toBe('Changed in another window.');
  });
});
