// Generate Flow (a description → the provider's model → a proposal → a new chain) and the Analysis
// panel (the provider's functions as chain analysis sees them), as a builder uses them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModelServer } from '@flow/runtime/testing';
import { createPromptData, type FlowDocument, type FlowNode, type FunctionNodeData } from '@flow/core';
import { useEditorHarness } from './harness';
import { barButton, nodeEl, nodes, putFlow, storedFlow, toast, toasts, waitSaved } from './pageHelpers';
import { AnalysisPage } from './pages/AnalysisPage';
import { GenerateFlowPage } from './pages/GenerateFlowPage';

const runtimeEnv: Record<string, string | undefined> = {};
const h = useEditorHarness({ runtimeEnv });
let model: ScriptedModelServer;

beforeAll(async () => {
  model = await startScriptedModel();
});

afterAll(async () => {
  await model?.close();
});

const PROPOSAL = {
  nodes: [
    {
      type: 'prompt',
      label: 'Greet',
      description: 'Opens the conversation',
      prompt: 'Greet the traveller and ask for their booking reference.',
      emoji: '👋',
    },
    {
      type: 'function',
      label: 'Find booking',
      description: 'Looks the booking up',
      prompt: 'Look up the booking by its reference and read back the dates.',
      emoji: '🔎',
    },
    { type: 'function', label: 'Offer a change', description: 'Moves the booking', prompt: 'Offer the next free dates.', emoji: '📅' },
  ],
  lastUpdated: '2026-11-25T10:00:00.000Z',
};

const useModel = () => Object.assign(runtimeEnv, { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1' });

const nameOf = (node: FlowNode): string => (node.type === 'prompt' ? (node.data.name ?? '') : node.data.name);

describe('Generate Flow', () => {
  it('says what to set when no model is configured, and Generate stays off', async () => {
    const { page } = await h.openCopy('support-desk');
    const generate = new GenerateFlowPage(page);
    await generate.openFromCanvasMenu();
    await generate.dialog
      .getByRole('alert')
      .filter({ hasText: /^No model is configured: set FLOW_MODEL_BASE_URL and FLOW_MODEL/ })
      .waitFor();
    await generate.description.fill('A booking agent');
    expect(await generate.generateButton.isDisabled()).toBe(true);
    await generate.dialog.getByRole('button', { name: 'Cancel' }).click();
    await generate.closed();
  });

  it('describe, generate, preview, insert as one new chain, undo in one step, redo, and it is there after a reload', async () => {
    useModel();
    model.push({ content: `Here is your flow:\n\`\`\`json\n${JSON.stringify(PROPOSAL, null, 2)}\n\`\`\`\nEnjoy!` });
    const { page, plan } = await h.openCopy('support-desk');
    const before = await storedFlow(h.server.url, plan);
    const generate = new GenerateFlowPage(page);
    await generate.openFromCanvasMenu();
    await generate.generate('A travel agent that changes bookings');
    expect(await generate.proposed()).toEqual([
      ['👋', 'Greet', 'Prompt', 'Greet the traveller and ask for their booking reference.'],
      ['🔎', 'Find booking', 'Instruct function', 'Look up the booking by its reference and read back the dates.'],
      ['📅', 'Offer a change', 'Instruct function', 'Offer the next free dates.'],
    ]);
    await toast(page, 'Proposed: 3 nodes. Review them, then Insert.').waitFor();
    // The provider's model was asked, with the description; nothing is on the canvas yet.
    expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain('A travel agent that changes bookings');
    expect(await nodes(page).count()).toBe(before.nodes.length);

    await generate.insertButton.click();
    await generate.closed();
    await toast(page, 'Inserted 3 generated nodes as a new chain').waitFor();
    await waitSaved(page);
    const after = await storedFlow(h.server.url, plan);
    const added = after.nodes.filter((node) => !before.nodes.some((old) => old.id === node.id));
    expect(added.map((node) => [node.type, nameOf(node)])).toEqual([
      ['prompt', 'Greet'],
      ['function', 'Find booking'],
      ['function', 'Offer a change'],
    ]);
    const lastChain = Math.max(...before.nodes.map((node) => Number(node.chain)));
    expect(new Set(added.map((node) => node.chain))).toEqual(new Set([String(lastChain + 1)]));
    const [greet, find, offer] = added;
    if (greet?.type !== 'prompt' || find?.type !== 'function' || !offer) throw new Error('unexpected nodes');
    expect(greet.data.prompt).toBe('Greet the traveller and ask for their booking reference.');
    expect(find.data).toMatchObject({
      type: 'instruct',
      name: 'Find booking',
      description: 'Looks the booking up',
      trigger_text: '🔎',
      metadata: { prompt: 'Look up the booking by its reference and read back the dates.' },
    });
    // Linked in order: the greeting, then the two functions.
    expect(after.edges.some((e) => e.source === greet.id && e.target === find.id)).toBe(true);
    expect(after.edges.some((e) => e.source === find.id && e.target === offer.id)).toBe(true);
    // The view moved to the new chain: its first node is on screen.
    await nodeEl(page, greet.id).waitFor();

    // One undo takes all three away.
    await barButton(page, 'Undo').click();
    await expect.poll(() => nodeEl(page, greet.id).count()).toBe(0);
    await waitSaved(page);
    expect((await storedFlow(h.server.url, plan)).nodes.map((node) => node.id)).toEqual(before.nodes.map((node) => node.id));

    // Redo brings them back; after a reload they are still there.
    await barButton(page, 'Redo').click();
    await nodeEl(page, greet.id).waitFor();
    await waitSaved(page);
    expect((await storedFlow(h.server.url, plan)).nodes).toHaveLength(before.nodes.length + 3);
    await page.reload();
    await nodeEl(page, greet.id).waitFor();
    expect(await nodeEl(page, greet.id).getByRole('textbox', { name: 'Instruction' }).inputValue()).toBe(
      'Greet the traveller and ask for their booking reference.',
    );
  });

  it('from the palette: a reply with no JSON is retried once with the error, then an error toast; a failed call names its reason', async () => {
    useModel();
    const { page, plan } = await h.openCopy('support-desk');
    const before = await storedFlow(h.server.url, plan);
    const generate = new GenerateFlowPage(page);
    await generate.openFromPalette();
    const asked = model.requests.length;
    model.push({ content: 'Sorry, I cannot draw flows.' }, { content: 'Still no JSON here.' });
    await generate.generate('A booking agent');
    await toast(page, 'Invalid JSON schema returned').waitFor();
    await generate.dialog
      .getByRole('alert')
      .filter({ hasText: /^Invalid JSON schema returned/ })
      .waitFor();
    // Two requests: the second shows the model its first reply and what was wrong with it.
    expect(model.requests.length).toBe(asked + 2);
    const retry = JSON.stringify(model.requests.at(-1)?.messages);
    expect(retry).toContain('Sorry, I cannot draw flows.');
    expect(await generate.insertButton.isDisabled()).toBe(true);

    model.push({ status: 500, error: 'the model is overloaded' });
    await generate.generateButton.click();
    await generate.dialog
      .getByRole('alert')
      .filter({ hasText: /^Failed to generate workflow: .*the model is overloaded/ })
      .waitFor();
    await toasts(page)
      .filter({ hasText: /^Failed to generate workflow/ })
      .waitFor();
    // The description is kept for another try; Cancel leaves the flow as it was.
    expect(await generate.description.inputValue()).toBe('A booking agent');
    await page.keyboard.press('Escape');
    await generate.closed();
    expect(await nodes(page).count()).toBe(before.nodes.length);
    expect((await storedFlow(h.server.url, plan)).nodes).toHaveLength(before.nodes.length);
  });
});

/** A plan whose functions hold a chain ending in a missing function, a loop, and a standalone one. */
async function analysisPlan(): Promise<{ plan: string; doc: FlowDocument }> {
  const plan = await h.plan('support-desk');
  const base = await storedFlow(h.server.url, plan);
  const template = base.nodes.find((node) => node.type === 'function');
  if (template?.type !== 'function') throw new Error('no function in the example');
  const fn = (id: string, name: string, next: string, chain: string, x: number, y: number): FlowNode => {
    const data: FunctionNodeData = {
      ...template.data,
      id,
      uuid: id,
      name,
      post_action_type: next ? 'function' : 'none',
      post_action_function_id: next,
    };
    return { id, type: 'function', chain, position: { x, y }, data };
  };
  // The local provider keeps each function's follow-up equal to its edge: a follow-up that is not
  // a function (here a prompt node) is what chain analysis calls a missing function.
  const wrap: FlowNode = {
    id: 'p-wrap',
    type: 'prompt',
    chain: '1',
    position: { x: 50, y: 500 },
    data: { ...createPromptData(), prompt: 'Wrap up.' },
  };
  const link = (source: string, target: string) => ({ id: `edge-${source}-to-${target}`, source, target, kind: 'node' as const });
  const doc: FlowDocument = {
    ...base,
    startNodeId: 'fn-ask',
    nodes: [
      fn('fn-ask', 'Ask budget', 'fn-check', '1', 50, 200),
      fn('fn-check', 'Check budget', 'p-wrap', '1', 50, 350),
      wrap,
      fn('fn-loop-a', 'Loop one', 'fn-loop-b', '2', 450, 200),
      fn('fn-loop-b', 'Loop two', 'fn-loop-a', '2', 450, 350),
      fn('fn-alone', 'Standalone helper', '', '3', 850, 200),
    ],
    edges: [link('fn-ask', 'fn-check'), link('fn-check', 'p-wrap'), link('fn-loop-a', 'fn-loop-b'), link('fn-loop-b', 'fn-loop-a')],
  };
  await putFlow(h.server.url, doc);
  return { plan, doc: await storedFlow(h.server.url, plan) };
}

describe('Analysis panel', () => {
  it("marks a missing function and a cycle; 'Add to flow' keeps only that chain, in one undo step", async () => {
    const { plan, doc } = await analysisPlan();
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'fn-ask').waitFor();
    await page.getByRole('tab', { name: 'Advanced' }).click();
    const toggle = page.getByRole('button', { name: 'Analysis', exact: true });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const analysis = new AnalysisPage(page);
    const panel = analysis.panel;
    await analysis.chain('Chain 1').waitFor();
    expect(await analysis.entries('Chain 1')).toEqual([
      'Ask budget',
      'Check budget',
      '⚠ Missing function p-wrap — a prompt node on the canvas, not a function',
    ]);
    expect(await analysis.entries('Chain 2')).toEqual(['Loop one', 'Loop two', '↻ Cycle detected']);
    expect(await analysis.missing('Chain 1').count()).toBe(1);
    expect(await analysis.cycles('Chain 2').count()).toBe(1);
    expect(await analysis.standalone.allTextContents()).toEqual(['Standalone helperAdd to flow']);

    await analysis.chain('Chain 2').getByRole('button', { name: 'Add to flow' }).click();
    await expect.poll(() => nodes(page).count()).toBe(2);
    await nodeEl(page, 'fn-loop-a').waitFor();
    await nodeEl(page, 'fn-loop-b').waitFor();
    await toast(page, 'The flow now holds this chain: 2 functions (Undo brings the previous nodes back)').waitFor();
    await waitSaved(page);
    const kept = await storedFlow(h.server.url, plan);
    expect(kept.nodes.map((node) => node.id)).toEqual(['fn-loop-a', 'fn-loop-b']);
    expect(kept.edges.map((e) => [e.source, e.target])).toEqual([['fn-loop-a', 'fn-loop-b']]);

    await barButton(page, 'Undo').click();
    await expect.poll(() => nodes(page).count()).toBe(doc.nodes.length);
    await waitSaved(page);
    expect((await storedFlow(h.server.url, plan)).nodes.map((node) => node.id)).toEqual(doc.nodes.map((node) => node.id));

    // Undo leaves the side panel where it was (nothing selected was taken away): the toggle hides it again.
    expect(await page.getByRole('tab', { name: 'Advanced' }).getAttribute('aria-selected')).toBe('true');
    await toggle.click();
    await expect.poll(() => panel.count()).toBe(0);
  });

  it("says 'Failed to analyze flow' with the reason when the provider fails", async () => {
    const { page } = await h.openCopy('support-desk');
    await page.route('**/api/mate/**/functions', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByRole('button', { name: 'Analysis', exact: true }).click();
    await page
      .getByRole('region', { name: 'Analysis' })
      .getByRole('alert')
      .filter({ hasText: /^Failed to analyze flow: / })
      .waitFor();
    await toasts(page)
      .filter({ hasText: /^Failed to analyze flow: / })
      .waitFor();
  });
});
