import { describe, expect, it } from 'vitest';
import { blockingViolations } from './axe';
import { useEditorHarness } from './harness';
import { nodeEl, openPlan, seedPlan, selectedIds, toast } from './pageHelpers';

const h = useEditorHarness();

describe("'Changes' since the last publish", () => {
  it('counts an edit made after Play, names the node in the dialog (which passes axe), selects it from there, and is gone after the next Play', async () => {
    await seedPlan(h, 'support-desk', 'changes-play');
    const page = await openPlan(h, 'changes-play');
    const play = page.getByRole('button', { name: /Play/ });
    const count = page.getByRole('button', { name: /^\d+ changes?$/ });
    const marker = nodeEl(page, 'support-greet').getByRole('img', { name: 'Changed since the last publish' });
    await play.click();
    await toast(page, 'Changes are now published to Dashboard').waitFor();
    const textarea = nodeEl(page, 'support-greet').getByRole('textbox', { name: 'Instruction' });
    await textarea.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Reply in the customer’s language.');
    await page.getByRole('button', { name: '1 change', exact: true }).waitFor();
    await marker.waitFor();
    await page.getByRole('button', { name: '1 change', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Changes' });
    await dialog.getByRole('table').waitFor();
    expect(await dialog.getByRole('cell', { name: 'Instruct', exact: true }).count()).toBe(1);
    expect(await dialog.getByText('```mermaid').count()).toBe(0);
    // The dialog passes axe-core as the other dialogs do: no critical or serious finding.
    expect(await blockingViolations(page)).toEqual([]);
    await dialog.screenshot({ path: '/tmp/changes-dialog.png' });
    await dialog.getByRole('button', { name: 'Instruct', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => selectedIds(page)).toEqual(['support-greet']);
    await play.click();
    await count.waitFor({ state: 'detached' });
    await marker.waitFor({ state: 'detached' });
  });
});
