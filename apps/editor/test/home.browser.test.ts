// '/', the plan home: the provider's plans with links, and New plan, as a first-time user meets them.
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { nodes, storedFlow } from './pageHelpers';
import { PlanHomePage } from './pages/PlanHomePage';

const h = useEditorHarness();

describe('the plan home', () => {
  it("lists the provider's plans with their versions, readable last change and node count, and links to them", async () => {
    const page = await h.open('/');
    const plans = new PlanHomePage(page);
    await plans.root.getByRole('heading', { name: 'Plans' }).waitFor();
    await plans.rows.first().waitFor();
    const names = await plans.planNames();
    expect(names).toEqual(expect.arrayContaining(['lead-qualifier', 'onboarding-coach', 'support-desk']));
    expect(await page.title()).toBe('Flow');

    const count = (await storedFlow(h.server.url, 'support-desk')).nodes.length;
    expect(await plans.nodeCount('support-desk').textContent()).toBe(`${count} nodes`);
    const time = plans.updated('support-desk');
    const shown = (await time.textContent()) ?? '';
    // A readable relative date, never an ISO string; the exact time on hover.
    expect(shown).toMatch(/ago|just now|yesterday/);
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(await time.getAttribute('title')).toMatch(/\d{4}/);

    await plans.planLink('support-desk').click();
    await page.waitForURL(/\/support-desk\/production$/);
    await nodes(page).first().waitFor();
    await expect.poll(() => page.title()).toBe('support-desk · production — Flow');
  });

  it('creates a new plan, refusing an invalid id and one that is taken with a clear message', async () => {
    const page = await h.open('/');
    const plans = new PlanHomePage(page);
    await plans.rows.first().waitFor();
    const home = plans.root;
    const id = home.getByLabel('Plan ID');
    const create = home.getByRole('button', { name: 'New plan' });

    await id.fill('my plan');
    await create.click();
    await home
      .getByRole('alert')
      .filter({ hasText: "Invalid plan id: use 1 to 64 letters, digits, '-' or '_', starting with a letter or digit" })
      .waitFor();

    await id.fill('support-desk');
    await create.click();
    await home.getByRole('alert').filter({ hasText: 'A plan named "support-desk" already exists' }).waitFor();

    await id.fill('fresh-agent');
    await create.click();
    await page.waitForURL(/\/fresh-agent\/production$/);
    await page
      .getByTestId('save-state')
      .filter({ hasText: /^Saved$/ })
      .waitFor({ timeout: 10_000 });
    const flow = await storedFlow(h.server.url, 'fresh-agent');
    expect(flow.nodes).toEqual([]);
    // It is listed on the home from now on.
    await page.goto(`${h.server.url}/`);
    await page.getByTestId('plan-home').getByRole('link', { name: 'fresh-agent', exact: true }).waitFor();
  });
});
