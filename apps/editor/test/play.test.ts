// Play (compile and publish), provider failures on load and the autosave conflict (spec sections 4,
// 5 and 8; decisions.md for Play and the whole-document autosave).
import { flowMessages } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { barButton, getDoc, node, openPlan, putDoc, savedDoc, seedPlan, toast } from './canvasKit';
import { useEditorHarness } from './harness';

const h = useEditorHarness();

const toastMatching = (page: import('playwright-core').Page, text: RegExp) => page.locator('[data-sonner-toast]').getByText(text);

describe('Play', () => {
  it('compiles, shows the system prompt in the Advanced panel, publishes, and the dashboard shows it', async () => {
    const seeded = await seedPlan(h, 'support-desk', 'play-ok', (doc) => {
      doc.systemPrompt = '';
    });
    const page = await openPlan(h, 'play-ok');
    await barButton(page, 'Play').click();
    await toast(page, 'Compiling Flow...').waitFor();
    await toast(page, 'Flow compiled successfully').waitFor();
    await toast(page, 'Changes are now published to Dashboard').waitFor();
    expect(
      await page.getByRole('tablist', { name: 'Output panel' }).getByRole('tab', { name: 'Advanced' }).getAttribute('aria-selected'),
    ).toBe('true');
    const prompt = page.getByRole('textbox', { name: 'System Prompt' });
    await expect.poll(() => prompt.inputValue()).toContain('## Chain 3');
    const compiled = await prompt.inputValue();
    expect(compiled).toContain('Capture order details');
    expect(await barButton(page, 'Play').isEnabled()).toBe(true);

    const dashboard = await h.context.newPage();
    await dashboard.goto(`${h.server.url}/dashboard/play-ok/production`);
    const texts = dashboard.locator('#published pre');
    expect(await texts.nth(0).innerText()).toBe(seeded.agentContext);
    expect(await texts.nth(1).innerText()).toBe(compiled);
    expect(await texts.nth(2).innerText()).toBe(seeded.agentNotes);
    // The compiled prompt is the flow's system prompt, saved with it.
    await savedDoc(h, 'play-ok', (d) => d.systemPrompt === compiled);
  });

  it("says 'Error: No chains in flow' for a flow without nodes and compiles nothing", async () => {
    const page = await h.open('/empty-plan/production');
    await page.getByRole('button', { name: 'Create it' }).click();
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('Saved');
    await barButton(page, 'Play').click();
    await toast(page, 'Error: No chains in flow').waitFor();
    expect(await toast(page, 'Compiling Flow...').count()).toBe(0);
    expect(await toast(page, 'Flow compiled successfully').count()).toBe(0);
  });

  it("says 'Failed to update system prompt on dashboard' when publishing fails", async () => {
    await seedPlan(h, 'support-desk', 'play-fail');
    const page = await openPlan(h, 'play-fail');
    await page.route('**/api/flows/play-fail/production/publish', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"DOWN","message":"dashboard down"}}' }),
    );
    await barButton(page, 'Play').click();
    await toast(page, 'Flow compiled successfully').waitFor();
    await toast(page, 'Failed to update system prompt on dashboard').waitFor();
    expect(await toast(page, 'Changes are now published to Dashboard').count()).toBe(0);
    await expect.poll(() => barButton(page, 'Play').isEnabled()).toBe(true);
    const dashboard = await h.context.newPage();
    await dashboard.goto(`${h.server.url}/dashboard/play-fail/production`);
    await dashboard.getByText('Nothing published yet').waitFor();
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
    expect(await page.locator('#main-flow .react-flow__node').count()).toBe(0);
  });

  it('autosave conflict: says the flow changed elsewhere and keeps what the person typed', async () => {
    const seeded = await seedPlan(h, 'support-desk', 'conflict');
    const page = await openPlan(h, 'conflict');
    // Someone else changes the stored flow after the page loaded it.
    await putDoc(h, 'conflict', { ...seeded, agentNotes: 'Changed in another window.' });
    const textarea = node(page, 'support-greet').getByRole('textbox', { name: 'Instruction' });
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
    await expect.poll(() => page.evaluate(() => localStorage.getItem('flow:conflict/production') ?? '')).toContain('Thanks!');
    expect(await textarea.inputValue()).toMatch(/"Sam"\. Thanks!$/);
    expect(await page.getByTestId('save-state').innerText()).toBe('Not saved: changed elsewhere');
    expect((await getDoc(h, 'conflict')).agentNotes).toBe('Changed in another window.');
  });
});
