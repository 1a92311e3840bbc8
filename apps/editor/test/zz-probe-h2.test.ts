import { it } from 'vitest';
import { useEditorHarness } from './harness';
import { fitView, nodeEl } from './pageHelpers';
const h = useEditorHarness();
const log = (...a: unknown[]) => console.log('PROBE', ...a);
it('probe', async () => {
  const plan = await h.plan('onboarding-coach');
  const page = await h.open(`/${plan}/production`);
  await nodeEl(page, 'onboard-welcome').waitFor();
  await fitView(page);
  const menu = page.getByTestId('context-menu');
  // a) submenu near bottom-right
  await page.setViewportSize({ width: 900, height: 600 });
  const pane = page.locator('.react-flow__pane');
  const pt = await page.evaluate(() => {
    for (let y = innerHeight - 3; y > 0; y -= 4) for (let x = innerWidth * 0.75 - 3; x > 0; x -= 4) {
      const el = document.elementFromPoint(x, y);
      if (el?.classList.contains('react-flow__pane')) return { x, y };
    }
    return null;
  });
  log('pt', pt);
  await page.mouse.click(pt!.x, pt!.y, { button: 'right' });
  await page.getByRole('menuitem', { name: 'Add Node' }).hover();
  const sub = page.getByRole('menu', { name: 'Add Node' });
  await sub.waitFor();
  log('menu', await menu.boundingBox(), 'sub', await sub.boundingBox());
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
  // k) escape keeps selection
  await nodeEl(page, 'onboard-nudge').locator('.flow-node-name').click({ button: 'right' });
  await menu.waitFor();
  await page.keyboard.press('Escape');
  await page.waitForTimeout(100);
  log('selected after esc', await nodeEl(page, 'onboard-nudge').getAttribute('class'), await menu.count());
  // b) duplicate selection
  const before = await page.locator('.react-flow__node').count();
  await nodeEl(page, 'onboard-starter-board').locator('.flow-node-name').click();
  await nodeEl(page, 'onboard-nudge').locator('.flow-node-name').click({ modifiers: ['Shift'] });
  await nodeEl(page, 'onboard-nudge').locator('.flow-node-name').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Duplicate Selection' }).click();
  await page.waitForTimeout(300);
  log('dup selection', before, await page.locator('.react-flow__node').count(), await page.locator('.react-flow__node.selected').count());
  // c) edit edge
  const edge = page.locator('.react-flow__edge[data-id="edge-onboard-read-docs-to-onboard-read-screenshot"]');
  await edge.click({ button: 'right', force: true });
  await page.getByRole('menuitem', { name: 'Edit Edge' }).click();
  await page.waitForTimeout(200);
  log('edit edge', await nodeEl(page, 'onboard-read-docs').getAttribute('class'), await page.getByRole('tab', { selected: true }).allTextContents());
  // e) palette send workflow card
  await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
  await page.getByRole('button', { name: /Add \(Space\)/ }).click();
  await page.getByTestId('function-palette').getByRole('button', { name: 'Send Workflow' }).click();
  await page.waitForTimeout(300);
  log('select modal after send card', await page.getByTestId('select-workflow-modal').count(), await page.getByTestId('function-palette').count());
  await page.getByTestId('select-workflow-modal').getByRole('button', { name: 'Create Workflow' }).click();
  await page.waitForTimeout(300);
  log('after create workflow: dialogs', await page.getByRole('dialog').count(), await page.locator('iframe').count());
  await page.screenshot({ path: '/tmp/shots/create.png' });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(200);
  await page.keyboard.press('Escape');
  // d) workflow card drag
  await page.getByRole('button', { name: /Add \(Space\)/ }).click();
  await page.getByTestId('function-palette').getByRole('tab', { name: 'Workflows' }).click();
  const n0 = await page.locator('.react-flow__node-workflow').count();
  await page.getByTestId('function-palette').getByRole('button', { name: 'Weekly review' }).dragTo(pane, { targetPosition: { x: 100, y: 400 } });
  await page.waitForTimeout(300);
  log('workflow drag', n0, await page.locator('.react-flow__node-workflow').count(), await page.getByTestId('function-palette').count());
  // space after that
  await page.mouse.move(500, 500);
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  log('space opens palette', await page.getByTestId('function-palette').count());
});
