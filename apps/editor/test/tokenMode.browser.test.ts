import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useEditorHarness } from './harness';
import { fitView, nodeEl, storedFlow, toast, waitSaved } from './pageHelpers';

const TOKEN = 'team-token-4f9c2a7e';
const h = useEditorHarness({ token: TOKEN });

/** What a page of this origin gets for a call, with the browser's own cookies. */
const statusOf = (page: Page, path: string, method = 'GET'): Promise<number> =>
  page.evaluate(async ([p, m]) => (await fetch(p ?? '/', { method: m })).status, [path, method]);

async function signIn(page: Page, token: string): Promise<void> {
  await page.getByLabel('Token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('token mode: a shared provider', () => {
  it('without signing in every page and call is refused; a wrong token is refused', async () => {
    const plan = await h.plan('support-desk');
    for (const path of [`/${plan}/production`, '/', `/dashboard/${plan}/production`, `/hosted/create-workflow/${plan}`]) {
      await h.page.goto(h.server.url + path);
      await h.page.getByRole('heading', { name: 'Sign in to Flow' }).waitFor();
      expect(new URL(h.page.url()).pathname).toBe('/signin');
    }
    for (const path of [
      '/api/plans',
      `/api/flows/${plan}/production`,
      `/api/workflows/plans/${plan}`,
      '/api/emoji/en/emojibase/data.json',
    ]) {
      expect(await statusOf(h.page, path), path).toBe(401);
    }
    await signIn(h.page, 'not-the-token');
    await h.page.getByRole('alert').filter({ hasText: 'Wrong token' }).waitFor();
    expect(new URL(h.page.url()).pathname).toBe('/signin');
    expect(await statusOf(h.page, '/api/plans')).toBe(401);
    expect(await h.page.content()).not.toContain(TOKEN);
  });

  it('signs in, edits and sees it saved (after a reload too), plays, opens a hosted workflow link, signs out', async () => {
    const plan = await h.plan('onboarding-coach');
    await h.page.goto(`${h.server.url}/${plan}/production`);
    await signIn(h.page, TOKEN);
    // Back where it was asked for, with the editor loaded through the cookie.
    await nodeEl(h.page, 'onboard-welcome').waitFor();
    expect(new URL(h.page.url()).pathname).toBe(`/${plan}/production`);
    const cookies = await h.context.cookies();
    expect(cookies.find((c) => c.name === 'flow_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(cookies.map((c) => c.value).join(' ')).not.toContain(TOKEN);

    const typed = 'Signed-in edit: welcome the new customer by name.';
    const instruction = nodeEl(h.page, 'onboard-welcome').getByRole('textbox', { name: 'Instruction' });
    await instruction.fill(typed);
    await waitSaved(h.page);
    const stored = async (): Promise<unknown> => {
      const doc = await storedFlow(h.server.url, plan, 'production', { Authorization: `Bearer ${TOKEN}` });
      const node = doc.nodes.find((n) => n.id === 'onboard-welcome');
      return node?.type === 'prompt' ? node.data.prompt : undefined;
    };
    await expect.poll(stored).toBe(typed);
    await h.page.reload();
    await nodeEl(h.page, 'onboard-welcome').waitFor();
    await expect.poll(() => nodeEl(h.page, 'onboard-welcome').getByRole('textbox', { name: 'Instruction' }).inputValue()).toBe(typed);

    await h.page.getByRole('button', { name: /Play/ }).click();
    await toast(h.page, 'Changes are now published to Dashboard').waitFor();

    await fitView(h.page);
    const workflow = nodeEl(h.page, 'onboard-setup-tour');
    const popup = h.context.waitForEvent('page');
    await workflow.getByRole('button', { name: 'Run Workflow' }).click();
    const tab = await popup;
    await expect.poll(() => tab.url()).toContain(`/hosted/session/${plan}/`);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toContain('/hosted/session/');
    expect(await tab.evaluate(() => window.opener)).toBeNull();

    await h.page.getByRole('button', { name: 'Sign out' }).click();
    await h.page.getByRole('heading', { name: 'Sign in to Flow' }).waitFor();
    expect(await statusOf(h.page, `/api/flows/${plan}/production`)).toBe(401);
  });

  it("signs in at '/', lists the plans with 'Sign out' beside the heading, and signs out back to the sign-in page", async () => {
    await h.page.goto(`${h.server.url}/`);
    await signIn(h.page, TOKEN);
    const home = h.page.getByTestId('plan-home');
    await home.getByRole('link', { name: 'support-desk', exact: true }).waitFor();
    expect(new URL(h.page.url()).pathname).toBe('/');
    await home.getByRole('button', { name: 'Sign out' }).click();
    await h.page.getByRole('heading', { name: 'Sign in to Flow' }).waitFor();
    expect(new URL(h.page.url()).pathname).toBe('/signin');
    expect(await statusOf(h.page, '/api/plans')).toBe(401);
  });
});
