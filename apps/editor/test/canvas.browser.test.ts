import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { centre, fitView, holdRequests, nodeEl, paneCorner, putFlow, storedFlow, toast, waitSaved } from './pageHelpers';

const h = useEditorHarness();

describe('routes and layout', () => {
  it("says 'Plan ID not set' without a plan id", async () => {
    const page = await h.open('/');
    await expect.poll(() => page.getByTestId('plan-label').textContent()).toBe('Plan ID not set');
  });

  it('replaces /{id} with /{id}/production and shows the plan', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}`);
    expect(new URL(page.url()).pathname).toBe(`/${plan}/production`);
    await nodeEl(page, 'support-greet').waitFor();
    expect(await page.getByTestId('plan-label').textContent()).toContain(plan);
  });

  it('shows the canvas at 75% and lets the divider resize it between 50% and 80% with a column-resize cursor', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    const canvas = page.locator('.editor-canvas');
    const editorWidth = (await page.locator('.editor').boundingBox())?.width ?? 0;
    expect(Math.round((((await canvas.boundingBox())?.width ?? 0) / editorWidth) * 100)).toBe(75);
    const divider = await centre(page.getByTestId('panel-divider'));
    await page.mouse.move(divider.x, divider.y);
    await page.mouse.down();
    await page.mouse.move(editorWidth * 0.95, divider.y, { steps: 5 });
    expect(await page.evaluate(() => document.body.style.cursor)).toBe('col-resize');
    await page.mouse.up();
    expect(Math.round((((await canvas.boundingBox())?.width ?? 0) / editorWidth) * 100)).toBe(80);
    const moved = await centre(page.getByTestId('panel-divider'));
    await page.mouse.move(moved.x, moved.y);
    await page.mouse.down();
    await page.mouse.move(editorWidth * 0.1, divider.y, { steps: 5 });
    await page.mouse.up();
    expect(Math.round((((await canvas.boundingBox())?.width ?? 0) / editorWidth) * 100)).toBe(50);
  });

  it('opens the canvas main-flow at the default zoom 1.5 when the flow fits at it, on a dotted background', async () => {
    const plan = await h.plan('support-desk');
    const doc = await storedFlow(h.server.url, plan);
    await putFlow(h.server.url, { ...doc, nodes: doc.nodes.filter((n) => n.id === 'support-greet'), edges: [] });
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'support-greet').waitFor();
    const transform = await page.locator('#main-flow .react-flow__viewport').evaluate((el) => getComputedStyle(el).transform);
    expect(transform).toMatch(/^matrix\(1\.5, 0, 0, 1\.5,/);
    expect(await page.locator('#main-flow .react-flow__background pattern circle').count()).toBeGreaterThan(0);
    expect(await page.locator('#main-flow .react-flow__background pattern').getAttribute('width')).toBe('30');
  });
});

describe('nodes', () => {
  it('draws a prompt node with its text area, a function node with its emoji, and four handles each', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    const prompt = nodeEl(page, 'support-greet');
    expect(await prompt.locator('textarea').getAttribute('placeholder')).toBe('Enter your instruction here...');
    expect(await prompt.locator('.flow-node-badge').textContent()).toBe('⚡');
    expect(await nodeEl(page, 'support-capture-order').locator('.flow-node-badge').textContent()).toBe('📝');
    expect(await nodeEl(page, 'support-capture-order').locator('.flow-node-name').textContent()).toBe('Capture order details');
    expect(await prompt.locator('.react-flow__handle.target').count()).toBe(2);
    expect(await prompt.locator('.react-flow__handle.source').count()).toBe(2);
  });

  it("shows 'T' for a trigger text longer than 3 characters", async () => {
    const plan = await h.plan('lead-qualifier');
    const doc = await storedFlow(h.server.url, plan);
    const nodes = doc.nodes.map((n) => (n.id === 'lead-score' ? { ...n, data: { ...n.data, trigger_text: 'score' } } : n));
    await putFlow(h.server.url, { ...doc, nodes } as typeof doc);
    const page = await h.open(`/${plan}/production`);
    await fitView(page);
    await expect.poll(() => nodeEl(page, 'lead-score').locator('.flow-node-badge').textContent()).toBe('T');
  });

  it('shows the remove icon only on the selected node', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    const node = nodeEl(page, 'support-capture-order');
    expect(await node.getByRole('button', { name: 'Remove node' }).count()).toBe(0);
    await node.locator('.flow-node-name').click();
    await node.getByRole('button', { name: 'Remove node' }).waitFor();
    await node.getByRole('button', { name: 'Remove node' }).click();
    await expect.poll(() => nodeEl(page, 'support-capture-order').count(), { timeout: 10_000 }).toBe(0);
  });

  it('saves what is typed into a prompt node', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    const area = nodeEl(page, 'support-greet').locator('textarea');
    await area.fill('Say hello warmly.');
    await expect
      .poll(async () => (await storedFlow(h.server.url, plan)).nodes.find((n) => n.id === 'support-greet')?.data, { timeout: 10_000 })
      .toMatchObject({ prompt: 'Say hello warmly.' });
  });

  it("draws a workflow node with 'Workflow', numbered 'Steps:' and a 'Run Workflow' button that opens the hosted session", async () => {
    const plan = await h.plan('onboarding-coach');
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'onboard-welcome').waitFor();
    await fitView(page);
    const node = nodeEl(page, 'onboard-setup-tour');
    await node.waitFor();
    expect(await node.locator('.flow-node-label').textContent()).toBe('Workflow');
    expect(await node.getByText('Steps:').count()).toBe(1);
    expect(await node.locator('ol li').count()).toBeGreaterThan(0);
    const popup = page.context().waitForEvent('page');
    const held = await holdRequests(page, '**/api/sessions/create-with-link');
    await node.getByRole('button', { name: 'Run Workflow' }).click();
    await node.getByRole('button', { name: 'Loading...' }).waitFor();
    expect(await node.getByRole('button', { name: 'Loading...' }).isDisabled()).toBe(true);
    held.release();
    const tab = await popup;
    await expect.poll(() => tab.url()).toContain(`/hosted/session/${plan}/`);
    await node.getByRole('button', { name: 'Run Workflow' }).waitFor();
  });

  it('draws chain edges animated and dashed, node edges plain', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await fitView(page);
    const chainEdge = page.locator('.react-flow__edge[data-id="edge-support-explain-status-to-support-returns"]');
    await chainEdge.waitFor({ state: 'attached' });
    expect(await chainEdge.getAttribute('class')).toContain('animated');
    const nodeEdge = page.locator('.react-flow__edge[data-id="edge-support-greet-to-support-capture-order"]');
    expect(await nodeEdge.getAttribute('class')).not.toContain('animated');

    // The dashes move, unless the person asked for reduced motion (the tests' default): then they stand still.
    const animation = () => chainEdge.locator('path.react-flow__edge-path').evaluate((path) => getComputedStyle(path).animationName);
    expect(await animation()).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await animation()).toBe('dashdraw');

    // While the focus is in a field (here a prompt node's text), they hold still; leaving it, they move again.
    const playState = () => chainEdge.locator('path.react-flow__edge-path').evaluate((path) => getComputedStyle(path).animationPlayState);
    expect(await playState()).toBe('running');
    const text = nodeEl(page, 'support-returns').locator('textarea');
    await text.click();
    await page.keyboard.type('Hi');
    await expect.poll(playState).toBe('paused');
    const corner = await paneCorner(page);
    await page.mouse.click(corner.x, corner.y);
    await expect.poll(playState).toBe('running');
  });
});

describe('connecting', () => {
  it('refuses a second incoming edge with the exact error toast', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await fitView(page);
    const from = await centre(nodeEl(page, 'support-greet').locator('.react-flow__handle-bottom'));
    const to = await centre(nodeEl(page, 'support-lookup-order').locator('.react-flow__handle-top'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    await toast(page, 'Error: Node: Look up order already has an incoming edge').waitFor();
  });

  it('refuses to connect a node to itself', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await fitView(page);
    const node = nodeEl(page, 'support-wrap-up');
    const from = await centre(node.locator('.react-flow__handle-right'));
    const to = await centre(node.locator('.react-flow__handle-left'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    await toast(page, 'Error: Cannot connect a node to itself').waitFor();
  });

  it('creates an edge when a free source is dragged to a free target', async () => {
    const plan = await h.plan('support-desk');
    const page = await h.open(`/${plan}/production`);
    await fitView(page);
    // Removing the last edge frees both ends.
    const edge = page.locator('.react-flow__edge[data-id="edge-support-create-return-to-support-wrap-up"]');
    await edge.click({ button: 'right', force: true });
    await page.getByRole('menuitem', { name: 'Delete Edge' }).click();
    await expect.poll(() => edge.count()).toBe(0);
    const from = await centre(nodeEl(page, 'support-create-return').locator('.react-flow__handle-right'));
    const to = await centre(nodeEl(page, 'support-wrap-up').locator('.react-flow__handle-left'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => edge.count()).toBe(1);
    await waitSaved(page);
    const doc = await storedFlow(h.server.url, plan);
    expect(doc.edges.find((e) => e.source === 'support-create-return')).toMatchObject({ target: 'support-wrap-up', kind: 'chain' });
  });
});
