// A large flow as a person uses it: React Flow is given only the part around the view
// (canvas/flowWindow.ts), so what lies far away must come, with its edges, when the view gets there.
import { addNode, createPromptData, emptyFlow, type FlowDocument } from '@flow/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emptyCanvasSpot } from './browser';
import { useEditorHarness } from './harness';
import { edge, nextFrames, nodeEl, nodeHeader, nodes, putFlow, storedFlow } from './pageHelpers';

const h = useEditorHarness();

/** 60 chains of 10 prompt nodes, `big-<i>`, chain after chain to the right (24,000 px wide). */
async function largePlan(): Promise<string> {
  const planId = await h.plan('support-desk');
  let doc: FlowDocument = emptyFlow(planId, 'production');
  let chain = '0';
  for (let i = 0; i < 600; i++) {
    const result = addNode(
      doc,
      { type: 'prompt', data: createPromptData(`Step ${i}`) },
      { currentChain: chain, newChain: i % 10 === 0, id: `big-${i}` },
    );
    doc = result.doc;
    chain = result.currentChain;
  }
  await putFlow(h.server.url, doc);
  return planId;
}

/** Drags the canvas to the left by half its width, from an empty spot in its right half. */
async function panLeft(page: Page): Promise<void> {
  const spot = await emptyCanvasSpot(page, 'right');
  if (!spot) throw new Error('no empty spot to drag the canvas from');
  await page.mouse.move(spot.x, spot.y);
  await page.mouse.down();
  await page.mouse.move(spot.x - spot.paneWidth / 2, spot.y, { steps: 8 });
  await page.mouse.up();
}

describe('a large flow', () => {
  it('draws far nodes with their edges once the view gets there; one of them can be selected and deleted (saved)', async () => {
    const planId = await largePlan();
    const page = await h.open(`/${planId}/production`);
    page.setDefaultTimeout(15_000);
    // The first visit fits the flow as far as the smallest zoom allows: its middle chains.
    await nodes(page).first().waitFor();
    // The middle of chain 60, far to the right: not part of the canvas yet.
    const far = nodeEl(page, 'big-595');
    expect(await far.count()).toBe(0);
    for (let i = 0; i < 30 && (await far.count()) === 0; i++) {
      await panLeft(page);
      await nextFrames(page);
    }
    await far.waitFor();
    await edge(page, 'edge-big-594-to-big-595').waitFor({ state: 'attached' });
    // The chain edge into chain 60 runs from the bottom of chain 59 to the top of chain 60, both
    // out of view: it crosses the view, so it is drawn too.
    await edge(page, 'edge-big-589-to-big-590').waitFor({ state: 'attached' });
    expect(await nodeEl(page, 'big-0').count()).toBe(0);
    await nodeHeader(far).click();
    await expect.poll(() => far.getAttribute('class')).toContain('selected');
    await page.keyboard.press('Delete');
    await expect.poll(() => far.count()).toBe(0);
    // Deleting relinks what it joined.
    await edge(page, 'edge-big-594-to-big-596').waitFor({ state: 'attached' });
    await expect.poll(async () => (await storedFlow(h.server.url, planId)).nodes.length).toBe(599);
  }, 90_000);

  it('opens with its compiled prompt in the Advanced tab in pieces laid out only when they show, read as one text', async () => {
    const planId = await largePlan();
    const page = await h.open(`/${planId}/production`);
    page.setDefaultTimeout(15_000);
    const preview = page.getByLabel('Prompt preview');
    await expect.poll(() => preview.textContent()).toContain('Prompt: "Step 599"');
    // ~33 KB at 600 nodes (~1.9 MB at 5,000): in one piece its layout held the page after a load.
    const pieces = await preview.evaluate((pre) =>
      [...pre.children].map((piece) => [piece.className, getComputedStyle(piece).contentVisibility]),
    );
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece).toEqual(['dev-view-piece', 'auto']);
    // Selected and copied, the pieces are the text itself: no line break of their own between them.
    const texts = await preview.evaluate((pre) => {
      const selection = getSelection();
      selection?.selectAllChildren(pre);
      return [pre.textContent, selection?.toString()];
    });
    expect(texts[1]).toBe(texts[0]);
  }, 90_000);
});
