// A workflow node's Properties (its steps' config and Preview Workflow), Send Workflow from the
// side panel, and the Advanced panel's development sub-tabs, as a person uses them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { errorToasts, fitView, holdRequests, nodeName, nodes, storedFlow } from './pageHelpers';

const h = useEditorHarness();

async function openTour(): Promise<{ page: Page; plan: string }> {
  const { page, plan } = await h.openCopy('onboarding-coach');
  page.setDefaultTimeout(10_000);
  await nodeName(page, 'onboard-setup-tour').click();
  await step(page, 1).waitFor();
  return { page, plan };
}

const step = (page: Page, n: number) => page.getByRole('group', { name: `Step ${n}`, exact: true });

async function tourSteps(plan: string) {
  const flow = await storedFlow(h.server.url, plan);
  const node = flow.nodes.find((n) => n.id === 'onboard-setup-tour');
  return node?.type === 'workflow' ? node.data.steps : [];
}

describe('Workflow node properties', () => {
  it('edits step names, text, number and JSON config values; invalid JSON is refused and not saved', async () => {
    const { page, plan } = await openTour();
    const name = step(page, 1).getByLabel('Step name', { exact: true });
    await name.fill('Create the first project');
    await name.press('Tab');
    const template = step(page, 1).getByLabel('template', { exact: true });
    await template.fill('agency-kickoff');
    await template.press('Tab');
    const invites = step(page, 2).getByLabel('max_invites', { exact: true });
    await invites.fill('25');
    await invites.press('Tab');
    await expect
      .poll(async () => (await tourSteps(plan)).map((s) => s.config), { timeout: 10_000 })
      .toEqual([{ template: 'agency-kickoff' }, { max_invites: 25 }, { providers: ['google', 'outlook'] }]);
    expect((await tourSteps(plan))[0]?.name).toBe('Create the first project');

    const providers = step(page, 3).getByLabel('providers', { exact: true });
    await providers.fill('["google", ');
    await providers.press('Tab');
    await step(page, 3).getByRole('alert').filter({ hasText: 'Invalid JSON format' }).waitFor();
    // A later valid edit is saved; the invalid JSON never was.
    await invites.fill('30');
    await invites.press('Tab');
    await expect.poll(async () => (await tourSteps(plan))[1]?.config, { timeout: 10_000 }).toEqual({ max_invites: 30 });
    expect((await tourSteps(plan))[2]?.config).toEqual({ providers: ['google', 'outlook'] });

    await providers.fill('["google", "outlook", "ical"]');
    await providers.press('Tab');
    await expect.poll(() => step(page, 3).getByRole('alert').count()).toBe(0);
    await expect
      .poll(async () => (await tourSteps(plan))[2]?.config, { timeout: 10_000 })
      .toEqual({ providers: ['google', 'outlook', 'ical'] });

    // One undo step takes the JSON edit back; after a reload the saved values are shown.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => JSON.parse(await providers.inputValue())).toEqual(['google', 'outlook']);
    await page.reload();
    await nodes(page).first().waitFor();
    await fitView(page);
    await nodeName(page, 'onboard-setup-tour').click();
    await expect.poll(() => step(page, 2).getByLabel('max_invites', { exact: true }).inputValue()).toBe('30');
    await expect.poll(() => step(page, 1).getByLabel('template', { exact: true }).inputValue()).toBe('agency-kickoff');
  });

  it("Preview Workflow shows 'Loading...', saves the workflow as edited and opens its hosted link in a new tab", async () => {
    const { page, plan } = await openTour();
    const template = step(page, 1).getByLabel('template', { exact: true });
    await template.fill('preview-template');
    await template.press('Tab');
    const held = await holdRequests(page, '**/api/workflows/save');
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Preview Workflow' }).click();
    await page.getByRole('button', { name: 'Loading...' }).waitFor();
    held.release();
    const tab = await opened;
    await expect.poll(() => tab.url(), { timeout: 10_000 }).toContain(`${h.server.url}/`);
    await expect.poll(() => tab.url()).not.toBe('about:blank');
    await page.getByRole('button', { name: 'Preview Workflow' }).waitFor();
    const res = await fetch(`${h.server.url}/api/workflows/plans/${plan}`);
    const workflows = (await res.json()) as Array<{ name: string; json: { steps: Array<{ config: Record<string, unknown> }> } }>;
    const tour = workflows.find((w) => w.name === 'Workspace setup tour');
    expect(tour?.json.steps[0]?.config).toEqual({ template: 'preview-template' });
  });

  it('says why when the preview cannot save the workflow, and the button comes back', async () => {
    const { page } = await openTour();
    await page.route('**/api/workflows/save', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"DOWN","message":"down"}}' }),
    );
    await page.getByRole('button', { name: 'Preview Workflow' }).click();
    await errorToasts(page).filter({ hasText: 'Failed to save workflow' }).waitFor();
    await page.getByRole('button', { name: 'Preview Workflow' }).waitFor();
  });
});

describe('Send Workflow in the side panel', () => {
  it('opens the workflow search; the chosen workflow becomes a send_workflow function with its workflow id', async () => {
    const { page, plan } = await h.openCopy('onboarding-coach');
    await page.getByRole('tab', { name: 'Functions' }).first().click();
    await page
      .getByRole('tabpanel', { name: 'Functions' })
      .getByRole('button', { name: /^📋 Send Workflow/ })
      .click();
    const modal = page.getByTestId('select-workflow-modal');
    await modal.getByRole('button', { name: /Weekly review/ }).click();
    await expect.poll(() => modal.count()).toBe(0);
    const sends = async () =>
      (await storedFlow(h.server.url, plan)).nodes.flatMap((n) => (n.type === 'function' && n.data.type === 'send_workflow' ? [n] : []));
    await expect.poll(async () => (await sends()).length, { timeout: 10_000 }).toBe(1);
    const flow = await storedFlow(h.server.url, plan);
    const weekly = flow.workflows?.find((w) => w.name === 'Weekly review');
    const [sent] = await sends();
    expect(sent?.data.name).toBe('Weekly review');
    expect(sent?.data.metadata.workflow_id).toBe(weekly?.id);
    // Its Properties show the chosen workflow.
    await page.getByRole('tab', { name: 'Properties', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel('Workflow', { exact: true }).inputValue()).toBe(weekly?.id);
  });

  it('the plus button adds it in a new chain', async () => {
    const { page, plan } = await h.openCopy('onboarding-coach');
    const chainsBefore = new Set((await storedFlow(h.server.url, plan)).nodes.map((n) => n.chain)).size;
    await page.getByRole('tab', { name: 'Functions' }).first().click();
    await page.getByRole('button', { name: 'Add Send Workflow in a new chain' }).click();
    await page
      .getByTestId('select-workflow-modal')
      .getByRole('button', { name: /Weekly review/ })
      .click();
    await expect
      .poll(async () => new Set((await storedFlow(h.server.url, plan)).nodes.map((n) => n.chain)).size, { timeout: 10_000 })
      .toBe(chainsBefore + 1);
  });
});

describe('Advanced: development sub-tabs', () => {
  it("shows the flow schema as JSON on 'schema' and the compiled prompt on 'prompt'", async () => {
    const { page } = await h.openCopy('support-desk');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    const dev = page.getByRole('tablist', { name: 'Development' });
    // After a load the prompt sub-tab is shown (spec section 4: schema-prompt, then prompt).
    await dev.getByRole('tab', { name: 'prompt', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel('Prompt preview').textContent()).toContain('## Chain 1');
    await dev.getByRole('tab', { name: 'schema' }).click();
    const schema = JSON.parse((await page.getByLabel('Flow schema').textContent()) ?? '{}') as Record<
      string,
      Record<string, { name?: string }>
    >;
    expect(Object.keys(schema)).toEqual(['1', '2', '3']);
    expect(schema['1']?.['support-lookup-order']?.name).toBe('Look up order');
  });

  it('updates the prompt preview as the flow is edited', async () => {
    const { page } = await h.openCopy('support-desk');
    await nodeName(page, 'support-lookup-order').click();
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Find the order');
    await name.press('Tab');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByRole('tablist', { name: 'Development' }).getByRole('tab', { name: 'prompt' }).click();
    await expect.poll(() => page.getByLabel('Prompt preview').textContent()).toContain('HTTP call "Find the order"');
  });
});
