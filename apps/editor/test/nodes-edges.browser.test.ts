// Nodes and edges on the canvas (spec section 2 Canvas, section 4 Connecting, section 5 rules).
import { removeEdge } from '@flow/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  barButton,
  canvas,
  clickNode,
  dragBetween,
  edge,
  edgePath,
  exampleDoc,
  getDoc,
  handle,
  handles,
  namesIn,
  nodeEl,
  nodeName,
  openPlan,
  paneCorner,
  putFlow,
  savedDoc,
  seedPlan,
  selectedIds,
  selectedNodes,
  storedFlow,
  toast,
  zoomOut,
} from './pageHelpers';
import { useEditorHarness } from './harness';

const h = useEditorHarness();

/** The screen point of a handle's centre. */
async function handleCentre(page: Page, id: string, side: 'top' | 'left' | 'right' | 'bottom') {
  const box = (await handle(page, id, side).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** First and last point of an edge's drawn path, on screen. */
async function edgeEnds(page: Page, id: string) {
  return edgePath(page, id).evaluate((el) => {
    const path = el as SVGPathElement;
    const m = path.getScreenCTM() ?? new DOMMatrix();
    const at = (l: number) => {
      const p = path.getPointAtLength(l);
      const s = new DOMPoint(p.x, p.y).matrixTransform(m);
      return { x: s.x, y: s.y };
    };
    return { start: at(0), end: at(path.getTotalLength()) };
  });
}

/** Stores support-desk as `planId` without one edge, taken away as the editor does (core's removeEdge: no follow-up left). */
async function seedWithoutEdge(planId: string, edgeId: string): Promise<void> {
  await seedPlan(h, 'support-desk', planId);
  await putFlow(h.server.url, removeEdge(await storedFlow(h.server.url, planId), edgeId));
}

function near(a: { x: number; y: number }, b: { x: number; y: number }, tolerance = 6): boolean {
  return Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance;
}

describe('function nodes', () => {
  it("show the name and the trigger-text badge: the emoji, lightning by default, 'T' above 3 characters", async () => {
    await seedPlan(h, 'support-desk', 'badges', (doc) => {
      for (const n of doc.nodes) {
        if (n.id === 'support-capture-order') n.data.trigger_text = '';
        if (n.id === 'support-lookup-order') n.data.trigger_text = 'Order lookup';
      }
    });
    const page = await openPlan(h, 'badges');
    await zoomOut(page);
    const badge = (id: string) => nodeEl(page, id).getByRole('button', { name: 'Change emoji' }).innerText();
    expect(await badge('support-capture-order')).toBe('⚡');
    expect(await badge('support-lookup-order')).toBe('T');
    expect(await badge('support-explain-status')).toBe('💬');
    // A prompt node has the badge too.
    expect(await badge('support-greet')).toBe('⚡');
    expect(await nodeName(page, 'support-lookup-order').innerText()).toBe('Look up order');
    expect(await nodeName(page, 'support-explain-status').innerText()).toBe('Explain order status');
  });

  it('show a remove icon only while selected; the icon removes the node and relinks its chain', async () => {
    await seedPlan(h, 'support-desk', 'remove-icon');
    const page = await openPlan(h, 'remove-icon');
    await zoomOut(page);
    const removeIcons = canvas(page).getByRole('button', { name: 'Remove node' });
    expect(await removeIcons.count()).toBe(0);
    await clickNode(page, 'support-capture-order');
    expect(await removeIcons.count()).toBe(1);
    expect(await nodeEl(page, 'support-capture-order').getByRole('button', { name: 'Remove node' }).count()).toBe(1);
    await clickNode(page, 'support-lookup-order');
    expect(await nodeEl(page, 'support-capture-order').getByRole('button', { name: 'Remove node' }).count()).toBe(0);
    await nodeEl(page, 'support-lookup-order').getByRole('button', { name: 'Remove node' }).click();
    await nodeEl(page, 'support-lookup-order').waitFor({ state: 'detached' });
    await edge(page, 'edge-support-capture-order-to-support-explain-status').waitFor({ state: 'attached' });
    const doc = await savedDoc(h, 'remove-icon', (d) => d.nodes.length === 7);
    expect(doc.nodes.some((n) => n.id === 'support-lookup-order')).toBe(false);
  });

  it('have four handles: top and left targets, right and bottom sources', async () => {
    const page = await openPlan(h, 'onboarding-coach');
    await zoomOut(page);
    for (const id of ['onboard-welcome', 'onboard-setup-tour', 'onboard-read-docs']) {
      const fourHandles = handles(page, id);
      expect(await fourHandles.count()).toBe(4);
      for (const [side, kind] of [
        ['top', 'target'],
        ['left', 'target'],
        ['right', 'source'],
        ['bottom', 'source'],
      ] as const) {
        expect(await handle(page, id, side).getAttribute('class')).toContain(kind);
      }
    }
  });
});

describe('prompt nodes', () => {
  it("have a text area with 'Enter your instruction here...' whose text autosaves into the document", async () => {
    await seedPlan(h, 'support-desk', 'prompt-text');
    const page = await openPlan(h, 'prompt-text');
    await zoomOut(page);
    await barButton(page, 'New Chain').click();
    await selectedNodes(page).waitFor();
    const [id] = await selectedIds(page);
    const textarea = nodeEl(page, id!).getByRole('textbox', { name: 'Instruction' });
    expect(await textarea.getAttribute('placeholder')).toBe('Enter your instruction here...');
    expect(await textarea.inputValue()).toBe('');
    await textarea.click();
    await page.keyboard.type('Offer a 10% discount code to returning customers.');
    const doc = await savedDoc(
      h,
      'prompt-text',
      (d) => d.nodes.find((n) => n.id === id)?.data.prompt === 'Offer a 10% discount code to returning customers.',
    );
    expect(doc.nodes.find((n) => n.id === id)?.chain).toBe('4');
    // The typed text is still what the node shows.
    expect(await textarea.inputValue()).toBe('Offer a 10% discount code to returning customers.');
  });

  it('keep text typed right before the person leaves the page', async () => {
    const seeded = await seedPlan(h, 'support-desk', 'prompt-leave');
    const page = await openPlan(h, 'prompt-leave');
    const textarea = nodeEl(page, 'support-greet').getByRole('textbox', { name: 'Instruction' });
    await textarea.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(" Reply in the customer's language.");
    // Leave at once: the 200 ms prompt autosave and the 800 ms document autosave are still pending.
    await page.goto(`${h.server.url}/`);
    const typed = `${seeded.nodes.find((n) => n.id === 'support-greet')!.data.prompt} Reply in the customer's language.`;
    await savedDoc(h, 'prompt-leave', (d) => d.nodes.find((n) => n.id === 'support-greet')!.data.prompt === typed);
    const again = await openPlan(h, 'prompt-leave');
    expect(await nodeEl(again, 'support-greet').getByRole('textbox', { name: 'Instruction' }).inputValue()).toBe(typed);
  });
});

describe('workflow nodes', () => {
  it("show the workflow name, the 'Workflow' label and the numbered 'Steps:'", async () => {
    const page = await openPlan(h, 'onboarding-coach');
    await zoomOut(page);
    const wf = nodeEl(page, 'onboard-setup-tour');
    expect(await namesIn(wf).innerText()).toBe('Workspace setup tour');
    await wf.getByText('Workflow', { exact: true }).waitFor();
    await wf.getByText('Steps:', { exact: true }).waitFor();
    const steps = wf.getByRole('listitem');
    expect(await steps.allInnerTexts()).toEqual(['Create your first project', 'Invite your teammates', 'Connect your calendar']);
    expect(await wf.getByRole('list').evaluate((el) => getComputedStyle(el).listStyleType)).toBe('decimal');
    expect(await wf.getByRole('button', { name: 'Change emoji' }).innerText()).toBe('🧭');
  });

  it("'Run Workflow' shows 'Loading...' disabled while the session is created, then opens the hosted session in a new tab", async () => {
    const plan = await h.plan('onboarding-coach');
    const page = await openPlan(h, plan);
    await zoomOut(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sessions/create-with-link', async (route) => {
      await held;
      await route.continue();
    });
    const wf = nodeEl(page, 'onboard-setup-tour');
    const popup = page.context().waitForEvent('page');
    await wf.getByRole('button', { name: 'Run Workflow' }).click();
    const busy = wf.getByRole('button', { name: 'Loading...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    const tab = await popup;
    await tab.waitForURL(new RegExp(`/hosted/session/${plan}/`));
    await tab.getByRole('heading', { level: 1, name: 'Workspace setup tour' }).waitFor();
    await wf.getByRole('button', { name: 'Run Workflow' }).waitFor();
    expect(await wf.getByRole('button', { name: 'Run Workflow' }).isEnabled()).toBe(true);
  });
});

describe('edges', () => {
  it('draw chain edges animated, dashed blue, width 2, right to left; node edges solid, bottom to top', async () => {
    const page = await openPlan(h, 'support-desk');
    await zoomOut(page);
    const chain = edge(page, 'edge-support-explain-status-to-support-returns');
    expect(await chain.getAttribute('class')).toContain('animated');
    const chainPath = edgePath(page, 'edge-support-explain-status-to-support-returns');
    const chainStyle = await chainPath.evaluate((el) => {
      const s = getComputedStyle(el);
      return { dash: s.strokeDasharray, stroke: s.stroke, width: s.strokeWidth, marker: el.getAttribute('marker-end') };
    });
    expect(chainStyle.dash).not.toBe('none');
    expect(chainStyle.stroke).toBe('rgb(59, 130, 246)');
    expect(chainStyle.width).toBe('2px');
    expect(chainStyle.marker).toMatch(/^url\(/);
    const chainEnds = await edgeEnds(page, 'edge-support-explain-status-to-support-returns');
    expect(near(chainEnds.start, await handleCentre(page, 'support-explain-status', 'right'))).toBe(true);
    expect(near(chainEnds.end, await handleCentre(page, 'support-returns', 'left'), 10)).toBe(true);

    const plain = edge(page, 'edge-support-capture-order-to-support-lookup-order');
    expect(await plain.getAttribute('class')).not.toContain('animated');
    expect(
      await edgePath(page, 'edge-support-capture-order-to-support-lookup-order').evaluate((el) => getComputedStyle(el).strokeDasharray),
    ).toBe('none');
    const plainEnds = await edgeEnds(page, 'edge-support-capture-order-to-support-lookup-order');
    expect(near(plainEnds.start, await handleCentre(page, 'support-capture-order', 'bottom'))).toBe(true);
    expect(near(plainEnds.end, await handleCentre(page, 'support-lookup-order', 'top'), 10)).toBe(true);

    // The dashes move, unless the person asked for reduced motion (the tests' default): then they stand still.
    const animation = () => chainPath.evaluate((path) => getComputedStyle(path).animationName);
    expect(await animation()).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await animation()).toBe('dashdraw');
    // While the focus is in a field (here a prompt node's text), they hold still; leaving it, they move again.
    const playState = () => chainPath.evaluate((path) => getComputedStyle(path).animationPlayState);
    expect(await playState()).toBe('running');
    await nodeEl(page, 'support-returns').getByRole('textbox', { name: 'Instruction' }).click();
    await page.keyboard.type('Hi');
    await expect.poll(playState).toBe('paused');
    const corner = await paneCorner(page);
    await page.mouse.click(corner.x, corner.y);
    await expect.poll(playState).toBe('running');
  });

  it('connect by dragging from a right handle to a left handle, which makes a chain edge', async () => {
    await seedWithoutEdge('connect-chain', 'edge-support-create-return-to-support-wrap-up');
    const page = await openPlan(h, 'connect-chain');
    await zoomOut(page);
    const made = edge(page, 'edge-support-create-return-to-support-wrap-up');
    expect(await made.count()).toBe(0);
    await dragBetween(page, handle(page, 'support-create-return', 'right'), handle(page, 'support-wrap-up', 'left'));
    await made.waitFor({ state: 'attached' });
    expect(await made.getAttribute('class')).toContain('animated');
    const doc = await savedDoc(h, 'connect-chain', (d) => d.edges.some((e) => e.source === 'support-create-return'));
    expect(doc.edges.find((e) => e.source === 'support-create-return')).toMatchObject({ target: 'support-wrap-up', kind: 'chain' });
  });

  it('connect by dragging from a bottom handle to a top handle, which sets the follow-up', async () => {
    await seedWithoutEdge('connect', 'edge-support-capture-order-to-support-lookup-order');
    const page = await openPlan(h, 'connect');
    await zoomOut(page);
    expect(await edge(page, 'edge-support-capture-order-to-support-lookup-order').count()).toBe(0);
    await dragBetween(page, handle(page, 'support-capture-order', 'bottom'), handle(page, 'support-lookup-order', 'top'));
    await edge(page, 'edge-support-capture-order-to-support-lookup-order').waitFor({ state: 'attached' });
    const doc = await savedDoc(h, 'connect', (d) => d.edges.some((e) => e.id === 'edge-support-capture-order-to-support-lookup-order'));
    expect(doc.edges.find((e) => e.id === 'edge-support-capture-order-to-support-lookup-order')?.kind).toBe('node');
    const source = doc.nodes.find((n) => n.id === 'support-capture-order')!;
    expect(source.data.post_action_type).toBe('function');
    expect(source.data.post_action_function_id).toBe('support-lookup-order');
  });

  it("refuse a node connected to itself: 'Error: Cannot connect a node to itself'", async () => {
    const page = await openPlan(h, 'support-desk');
    await zoomOut(page);
    await dragBetween(page, handle(page, 'support-lookup-order', 'bottom'), handle(page, 'support-lookup-order', 'top'));
    await toast(page, 'Error: Cannot connect a node to itself').waitFor();
    expect(await edge(page, 'edge-support-lookup-order-to-support-lookup-order').count()).toBe(0);
  });

  it("refuse a second incoming edge: 'Error: Node: {name} already has an incoming edge', nothing changes", async () => {
    const page = await openPlan(h, 'support-desk');
    await zoomOut(page);
    await dragBetween(page, handle(page, 'support-wrap-up', 'bottom'), handle(page, 'support-lookup-order', 'top'));
    await toast(page, 'Error: Node: Look up order already has an incoming edge').waitFor();
    expect(await edge(page, 'edge-support-wrap-up-to-support-lookup-order').count()).toBe(0);
    await edge(page, 'edge-support-capture-order-to-support-lookup-order').waitFor({ state: 'attached' });
    expect(await page.getByTestId('save-state').innerText()).toBe('Saved');
    expect((await getDoc(h, 'support-desk')).edges).toEqual(exampleDoc('support-desk').edges);
  });
});
