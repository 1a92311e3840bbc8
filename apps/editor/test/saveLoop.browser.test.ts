// Never lose an edit (issue: one save loop): Play then edit then reload, two tabs of one plan,
// flowctl publishing while the editor is open, an unknown plan, and edits kept across a reload.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { flowMessages, type FlowDocument } from '@flow/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './browser';
import { useEditorHarness } from './harness';
import { draftMarkKey, localSaveKey, MARKS_READY_KEY } from '../src/sync/draftMarks';
import { conflictBanner, localDraftText, nodeEl, putFlow, putLocalDraftRecord, storedFlow, toast, waitSaved } from './pageHelpers';

const h = useEditorHarness();
const run = promisify(execFile);

/** The Instruct text area of a prompt node. */
const promptOf = (page: Page, id: string) => nodeEl(page, id).getByRole('textbox', { name: 'Instruction' });

/** Types at the end of a prompt node's text, as a person would, until the editor has taken it. */
async function typeInto(page: Page, id: string, text: string): Promise<void> {
  await promptOf(page, id).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
  // The text reaches the flow 200 ms after the last key; from then on the flow is not 'Saved'.
  await page
    .getByTestId('save-state')
    .filter({ hasNotText: /^Saved$/ })
    .waitFor();
}

const promptStored = async (plan: string, id: string): Promise<string> => {
  const node = (await storedFlow(h.server.url, plan)).nodes.find((n) => n.id === id);
  return node?.type === 'prompt' ? node.data.prompt : '';
};

/** `doc` with support-greet's instruction replaced by `prompt`, as an editor would have kept it. */
const withGreeting = (doc: FlowDocument, prompt: string): FlowDocument => ({
  ...doc,
  nodes: doc.nodes.map((n) => (n.id === 'support-greet' && n.type === 'prompt' ? { ...n, data: { ...n.data, prompt } } : n)),
});

describe('the save loop', () => {
  it('keeps an edit typed before Play and one typed after it, through a reload', async () => {
    const { page, plan } = await h.openCopy('support-desk');
    const before = await promptOf(page, 'support-greet').inputValue();
    // Typed and Play pressed at once (the text still waits for its 200 ms): it is part of what is published.
    await promptOf(page, 'support-greet').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' First edit.');
    await page.getByRole('button', { name: /Play/ }).click();
    await toast(page, 'Changes are now published to Dashboard').waitFor();
    expect(await promptStored(plan, 'support-greet')).toBe(`${before} First edit.`);
    await typeInto(page, 'support-greet', ' Second edit.');
    await waitSaved(page);
    expect(await conflictBanner(page).count()).toBe(0);
    await page.reload();
    await promptOf(page, 'support-greet').waitFor();
    expect(await promptOf(page, 'support-greet').inputValue()).toBe(`${before} First edit. Second edit.`);
    expect(await promptStored(plan, 'support-greet')).toBe(`${before} First edit. Second edit.`);
    // The dashboard shows what Play published.
    const dashboard = await h.context.newPage();
    await dashboard.goto(`${h.server.url}/dashboard/${plan}/production`);
    await dashboard.getByText('First edit.', { exact: false }).first().waitFor();
  });

  it('a second tab with no edits of its own takes the first tab’s saves', async () => {
    const { page, plan } = await h.openCopy('support-desk');
    const other = await h.context.newPage();
    await other.goto(`${h.server.url}/${plan}/production`);
    await promptOf(other, 'support-greet').waitFor();
    await typeInto(page, 'support-greet', ' From the first tab.');
    await waitSaved(page);
    await expect.poll(() => promptOf(other, 'support-greet').inputValue(), { timeout: 10_000 }).toMatch(/From the first tab\./);
    expect(await other.getByTestId('save-state').innerText()).toBe('Saved');
  });

  it('two tabs editing at once reach the banner; Overwrite saves mine, Reload takes theirs after naming what goes', async () => {
    const { page: first, plan } = await h.openCopy('support-desk');
    const second = await h.context.newPage();
    await second.goto(`${h.server.url}/${plan}/production`);
    await promptOf(second, 'support-greet').waitFor();
    // The second tab's save is held until the first tab has saved: both edited the same version.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await second.route(`**/api/flows/${plan}/production`, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await typeInto(second, 'support-greet', ' Mine.');
    await second.getByTestId('save-state').filter({ hasText: 'Saving…' }).waitFor();
    await typeInto(first, 'support-greet', ' Theirs.');
    await waitSaved(first);
    release();
    await conflictBanner(second).getByText(flowMessages.changedElsewhere, { exact: true }).waitFor();
    await toast(second, flowMessages.flowChangedElsewhere).waitFor();
    expect(await promptStored(plan, 'support-greet')).toMatch(/ Theirs\.$/);
    // Editing goes on in the conflict, and nothing is saved over theirs meanwhile.
    await typeInto(second, 'support-greet', ' More.');
    await expect.poll(() => localDraftText(second, plan)).toContain('Mine. More.');
    expect(await promptStored(plan, 'support-greet')).toMatch(/ Theirs\.$/);

    await conflictBanner(second).getByRole('button', { name: 'Overwrite' }).click();
    await waitSaved(second);
    expect(await conflictBanner(second).count()).toBe(0);
    expect(await promptStored(plan, 'support-greet')).toMatch(/ Mine\. More\.$/);

    // The first tab had nothing unsaved: it takes the overwrite.
    await expect.poll(() => promptOf(first, 'support-greet').inputValue(), { timeout: 10_000 }).toMatch(/ Mine\. More\./);

    // A teammate (not in this browser) changes the flow; the second tab edits, meets it, and reloads theirs.
    const teammate = await storedFlow(h.server.url, plan);
    await putFlow(h.server.url, { ...teammate, agentNotes: 'Notes from a teammate.' });
    await typeInto(second, 'support-greet', ' Again.');
    await conflictBanner(second).waitFor();
    await conflictBanner(second).getByRole('button', { name: 'Reload' }).click();
    const dialog = second.getByTestId('confirm-reload-dialog');
    await dialog.getByText(flowMessages.editsDiscarded).waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual(["1 node changed: 'Instruct'"]);
    await dialog.getByRole('button', { name: 'Discard and reload' }).click();
    await expect.poll(() => promptOf(second, 'support-greet').inputValue()).toMatch(/ Mine\. More\.$/);
    expect(await second.getByTestId('save-state').innerText()).toBe('Saved');
    expect(await conflictBanner(second).count()).toBe(0);
    // And it saves normally again, over the teammate's version.
    await typeInto(second, 'support-greet', ' Settled.');
    await waitSaved(second);
    expect(await promptStored(plan, 'support-greet')).toMatch(/ Mine\. More\. Settled\.$/);
    expect((await storedFlow(h.server.url, plan)).agentNotes).toBe('Notes from a teammate.');
  });

  it('flowctl publish while the editor is open leads to the banner, not to a loss', async () => {
    const { page, plan } = await h.openCopy('lead-qualifier');
    const dir = mkdtempSync(join(tmpdir(), 'flow-publish-'));
    try {
      // Where a pipeline keeps it: <planId>/<versionName>.flow.json (publish checks the path).
      mkdirSync(join(dir, plan));
      const file = join(dir, plan, 'production.flow.json');
      const doc = await storedFlow(h.server.url, plan);
      writeFileSync(file, JSON.stringify({ ...doc, agentNotes: 'Published from CI.' }, null, 2));
      const cli = join(repoRoot, 'apps', 'flowctl', 'dist', 'cli.js');
      // As a pipeline does: the variables the flow's secrets name are set (a publish needs them).
      const secrets = { OPENAI_API_KEY: 'sk-test-not-a-real-key' };
      await run(process.execPath, [cli, 'publish', file, '--api-url', h.server.url], {
        env: { ...process.env, NO_COLOR: '1', ...secrets },
      });
      expect((await storedFlow(h.server.url, plan)).agentNotes).toBe('Published from CI.');
      const id = doc.nodes.find((n) => n.type === 'prompt')?.id ?? '';
      await typeInto(page, id, ' Typed in the editor.');
      await conflictBanner(page).waitFor();
      expect(await promptOf(page, id).inputValue()).toMatch(/Typed in the editor\.$/);
      expect((await storedFlow(h.server.url, plan)).agentNotes).toBe('Published from CI.');
      await conflictBanner(page).getByRole('button', { name: 'Overwrite' }).click();
      await waitSaved(page);
      expect(await promptStored(plan, id)).toMatch(/Typed in the editor\.$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps an edit typed just before a reload, before its autosave and with the provider out of reach', async () => {
    const { page, plan } = await h.openCopy('support-desk');
    await page.route(`**/api/flows/${plan}/production`, (route) => (route.request().method() === 'PUT' ? route.abort() : route.continue()));
    await typeInto(page, 'support-greet', ' Typed just before.');
    await page.reload();
    await expect.poll(() => promptOf(page, 'support-greet').inputValue()).toMatch(/Typed just before\.$/);
  });

  it('keeps edits made in a conflict across a page reload, with the banner still up', async () => {
    const { page, plan } = await h.openCopy('support-desk');
    const doc = await storedFlow(h.server.url, plan);
    await putFlow(h.server.url, { ...doc, agentNotes: 'Changed by a teammate.' });
    await typeInto(page, 'support-greet', ' Kept in the browser.');
    await conflictBanner(page).waitFor();
    await expect.poll(() => localDraftText(page, plan)).toContain('Kept in the browser.');
    await page.reload();
    await conflictBanner(page).waitFor();
    expect(await promptOf(page, 'support-greet').inputValue()).toMatch(/Kept in the browser\.$/);
    expect((await storedFlow(h.server.url, plan)).agentNotes).toBe('Changed by a teammate.');
  });

  it("reads 'Loading…', not 'Saved', until the flow has come from the provider", async () => {
    const plan = await h.plan('support-desk');
    // The provider's answer to the flow's load is held back until the test lets it through.
    let answer = (): void => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await h.page.route(`**/api/flows/${plan}/production`, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await h.page.goto(`${h.server.url}/${plan}/production`);
    const state = h.page.getByTestId('save-state');
    await expect.poll(() => state.textContent()).toBe('Loading…');
    expect(await nodeEl(h.page, 'support-greet').count()).toBe(0);
    answer();
    await nodeEl(h.page, 'support-greet').waitFor();
    await expect.poll(() => state.textContent()).toBe('Saved');
  });

  it('brings back a draft an earlier editor kept in local storage, reads it once and keeps it in IndexedDB', async () => {
    const plan = await h.plan('support-desk');
    const typed = withGreeting(await storedFlow(h.server.url, plan), 'Typed in an earlier editor.');
    const page = await h.open('/');
    const key = `flow:${plan}/production`;
    await page.evaluate(
      ([k, flow]) => localStorage.setItem(k, JSON.stringify({ schema: {}, savedAt: 'x', synced: false, baseEtag: null, flow })),
      [key, JSON.stringify(typed)] as const,
    );
    await page.goto(`${h.server.url}/${plan}/production`);
    // Made on no known version of the provider's flow: held locally, in a conflict.
    await conflictBanner(page).waitFor();
    expect(await promptOf(page, 'support-greet').inputValue()).toBe('Typed in an earlier editor.');
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
    await expect.poll(() => localDraftText(page, plan)).toContain('Typed in an earlier editor.');
    await page.reload();
    await conflictBanner(page).waitFor();
    expect(await promptOf(page, 'support-greet').inputValue()).toBe('Typed in an earlier editor.');
  });

  it('brings back a draft kept in IndexedDB before drafts were marked, and marks it', async () => {
    const plan = await h.plan('support-desk');
    const typed = withGreeting(await storedFlow(h.server.url, plan), 'Kept before marks.');
    const page = await h.open('/');
    await putLocalDraftRecord(page, plan, { schema: '{}', savedAt: 'x', flow: JSON.stringify(typed), synced: false, baseEtag: null });
    await page.goto(`${h.server.url}/${plan}/production`);
    await conflictBanner(page).waitFor();
    expect(await promptOf(page, 'support-greet').inputValue()).toBe('Kept before marks.');
    const mark = draftMarkKey(localSaveKey(plan, 'production'));
    await expect.poll(() => page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [mark, MARKS_READY_KEY])).toEqual(['1', '1']);
    await page.reload();
    await conflictBanner(page).waitFor();
    expect(await promptOf(page, 'support-greet').inputValue()).toBe('Kept before marks.');
  });

  it('opens a plan with no unsynced draft without asking the drafts database, once drafts are marked', async () => {
    const { page } = await h.openCopy('support-desk');
    await waitSaved(page);
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), MARKS_READY_KEY)).toBe('1');
    await page.addInitScript(() => {
      const open = indexedDB.open.bind(indexedDB);
      Reflect.set(window, '__draftOpens', 0);
      indexedDB.open = (...args: Parameters<IDBFactory['open']>) => {
        Reflect.set(window, '__draftOpens', Number(Reflect.get(window, '__draftOpens')) + 1);
        return open(...args);
      };
    });
    await page.reload();
    await waitSaved(page);
    expect(await page.evaluate(() => Reflect.get(window, '__draftOpens'))).toBe(0);
  });

  it("an unknown plan says 'Plan not found' with its id and offers 'Create it'", async () => {
    const page = await h.open('/no-such-plan/draft');
    const missing = page.getByTestId('plan-missing');
    await missing.getByText('Plan not found', { exact: true }).waitFor();
    expect(await missing.innerText()).toContain('no-such-plan');
    expect(await page.getByTestId('save-state').count()).toBe(0);
    await missing.getByRole('button', { name: 'Create it' }).click();
    await waitSaved(page);
    expect(await missing.count()).toBe(0);
    expect((await storedFlow(h.server.url, 'no-such-plan', 'draft')).nodes).toEqual([]);
    await page.getByRole('button', { name: /New Chain/ }).click();
    await expect.poll(async () => (await storedFlow(h.server.url, 'no-such-plan', 'draft')).nodes.length).toBe(1);
    await waitSaved(page);
  });
});
