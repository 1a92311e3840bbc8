// The Properties panel, as a person uses it: for each function type (the spec's eleven and the MCP Tool), select the
// node, fill every field its editor shows, switch each condition (fields appear and disappear),
// Save, reload, and find every value in the provider's flow document.
import {
  FUNCTION_TYPES,
  addNode,
  createFunctionData,
  flowMessages,
  emptyFlow,
  functionDefinition,
  getAtPath,
  isFieldVisible,
  setAtPath,
  sliderStops,
  withDefaults,
  type FieldSpec,
  type FlowDocument,
  type FunctionNodeData,
  type FunctionType,
  type JsonObject,
  type JsonValue,
} from '@flow/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { errorToasts, fitView, nodeEl, nodes, putFlow, storedFlow, toast } from './pageHelpers';
import { FunctionPropertiesPage } from './pages/FunctionPropertiesPage';

const h = useEditorHarness();

/** A plan with one function of each type in two chains (so all fit in view), and the lead-qualifier's saved workflows. */
async function planWithEveryType(change: (data: FunctionNodeData) => FunctionNodeData = (d) => d): Promise<string> {
  const planId = await h.plan('lead-qualifier');
  const current = await storedFlow(h.server.url, planId);
  let doc: FlowDocument = { ...emptyFlow(planId, 'production'), workflows: current.workflows };
  let chain = '0';
  FUNCTION_TYPES.forEach((type, i) => {
    // An MCP Tool names its server and tool, so the plan is complete (mcpTool.browser.test.ts lists a real server's tools).
    const ready = type === 'mcp_tool' ? { metadata: { server_url: 'https://mcp.example.com/mcp', tool_name: 'lookup' } } : {};
    const data = change(createFunctionData(type, { uuid: `fn-${type}`, planId, ...ready }));
    const result = addNode(doc, { type: 'function', data }, { currentChain: chain, newChain: i === 0 || i === 6, id: `fn-${type}` });
    doc = result.doc;
    chain = result.currentChain;
  });
  await putFlow(h.server.url, doc);
  return planId;
}

async function open(planId: string): Promise<Page> {
  const page = await h.open(`/${planId}/production`);
  // A step that cannot happen fails with its own message, well before the test's time limit.
  page.setDefaultTimeout(10_000);
  await nodes(page).first().waitFor();
  await fitView(page);
  return page;
}

async function select(page: Page, id: string): Promise<Locator> {
  await nodeEl(page, id).click();
  const properties = new FunctionPropertiesPage(page);
  await properties.functionSettings.waitFor();
  return properties.panel;
}

/** The section of the type's fields, and one field in it. */
const section = (page: Page, type: FunctionType) => page.getByRole('region', { name: `${functionDefinition(type).name} settings` });
const fieldBox = (page: Page, type: FunctionType, key: string) => new FunctionPropertiesPage(page).field(section(page, type), key);
const shownKeys = (page: Page, type: FunctionType) => new FunctionPropertiesPage(page).shownKeys(section(page, type));
/** The value a slider shows beside it (an output, so a status). */
const shownValue = (box: Locator) => box.getByRole('status');

/** Conditions switched in turn, after the first fill: the fields they reveal are filled too. */
const CONDITIONS: Partial<Record<FunctionType, ReadonlyArray<readonly [string, string | boolean]>>> = {
  custom_gpt: [
    ['model', 'Custom Assistant'],
    ['output.type', 'json'],
  ],
  http_calls: [['apicalls.0.authorization', 'bearer']],
  see_website: [['viewport', 'custom']],
  setup_reminder: [
    ['content_type', 'prompt'],
    ['content_type', 'function'],
    ['reminder_type', 'trigger'],
    ['reminder_type', 'schedule'],
    ['reminder_frequency', 'recurring'],
  ],
  generate_gui: [['data.imageSettings.enabled', true]],
};
const isCondition = (type: FunctionType, key: string) => (CONDITIONS[type] ?? []).some(([k]) => k === key);

/**
 * Fills one field as a person would, and returns the value it should store. Text is typed and
 * the field left (Tab), so the debounced edit lands at once.
 */
async function fill(page: Page, type: FunctionType, field: FieldSpec, current: unknown, planId: string): Promise<JsonValue> {
  const box = fieldBox(page, type, field.key);
  // An MCP Tool's server must be an http(s) URL (its rule); other text is any word.
  const word = type === 'mcp_tool' && field.key === 'server_url' ? 'https://stock.example.com/mcp' : `${field.label} of ${type}`;
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'emoji': {
      const input = box.getByLabel(field.label, { exact: true });
      await input.fill(word);
      await input.press('Tab');
      return word;
    }
    case 'number': {
      const input = box.getByLabel(field.label, { exact: true });
      await input.fill('7');
      await input.press('Tab');
      return 7;
    }
    case 'slider': {
      const range = field.range ?? { min: 0, max: 1, step: 1 };
      const input = box.getByLabel(field.label, { exact: true });
      await input.focus();
      await input.press('Home');
      await input.press('ArrowRight');
      // The stop after the first: the step's first multiple past the minimum (max tokens: 1 -> 100).
      const expected = sliderStops(range)[1] ?? range.max;
      // The slider shows its value next to it.
      await expect.poll(() => shownValue(box).textContent(), { timeout: 5000 }).toBe(String(expected));
      await input.press('Tab');
      return expected;
    }
    case 'select':
    case 'model': {
      const options = (field.options ?? []).map((o) => o.value).filter((v) => v !== current);
      const value = field.kind === 'model' ? 'gpt-4.1-mini' : (options.at(-1) ?? '');
      await box.getByLabel(field.label, { exact: true }).selectOption(value);
      return value;
    }
    case 'toggle': {
      await box.getByLabel(field.label, { exact: true }).click();
      return current !== true;
    }
    case 'date': {
      await box.getByLabel(field.label, { exact: true }).fill('2026-12-01');
      return '2026-12-01';
    }
    case 'secret': {
      const input = box.getByLabel(field.label, { exact: true });
      await expect.poll(() => input.getAttribute('type')).toBe('password');
      await input.fill('${env:FLOW_TEST_SECRET}');
      await input.press('Tab');
      await box.getByRole('button', { name: `Show ${field.label}` }).click();
      await expect.poll(() => input.getAttribute('type')).toBe('text');
      return { env: 'FLOW_TEST_SECRET' };
    }
    case 'keyValueList': {
      const [first, second] = field.itemFields ?? ['name', 'value'];
      const items = Array.isArray(current) ? current : [];
      const n = items.length + 1;
      await box.getByRole('button', { name: `Add to ${field.label}` }).click();
      for (const [key, text] of [
        [first, `${first}-${n}`],
        [second, `${second}-${n}`],
      ] as const) {
        const cell = box.getByLabel(`${field.label} ${n} ${key}`, { exact: true });
        await cell.fill(text);
        await cell.press('Tab');
      }
      return [...items, { [first]: `${first}-${n}`, [second]: `${second}-${n}` }];
    }
    case 'textList': {
      const items = Array.isArray(current) ? current : [];
      const n = items.length + 1;
      await box.getByRole('button', { name: `Add to ${field.label}` }).click();
      const cell = box.getByLabel(`${field.label} ${n}`, { exact: true });
      await cell.fill(`${word} ${n}`);
      await cell.press('Tab');
      return [...items, `${word} ${n}`];
    }
    case 'multiSelect': {
      const first = field.options?.[0];
      if (!first) throw new Error('no options');
      await box.getByLabel(first.label, { exact: true }).click();
      const chosen = Array.isArray(current) ? current : [];
      return chosen.filter((v) => v !== first.value);
    }
    case 'functionRef': {
      const value = `fn-instruct`;
      await box.getByLabel(field.label, { exact: true }).selectOption(value);
      return value;
    }
    case 'workflowRef': {
      const flow = await storedFlow(h.server.url, planId);
      const workflow = flow.workflows?.[0];
      if (!workflow) throw new Error('the plan has no workflow');
      const select = box.getByLabel(field.label, { exact: true });
      await expect.poll(() => select.getByRole('option', { includeHidden: true }).count(), { timeout: 10_000 }).toBeGreaterThan(1);
      await select.selectOption(workflow.id);
      return workflow.id;
    }
    case 'json': {
      const value = { [field.key]: word };
      const input = box.getByLabel(field.label, { exact: true });
      await input.fill(JSON.stringify(value));
      await input.press('Tab');
      return value;
    }
    case 'mcpTool':
      // Chosen from the server's listing ('Load tools'): mcpTool.browser.test.ts does it against a real server; here it keeps its value.
      return typeof current === 'string' ? current : '';
  }
}

describe('Properties of every function type', () => {
  it.each(FUNCTION_TYPES)('%s: every field is editable, conditions show and hide fields, Save keeps it all', async (type) => {
    const planId = await planWithEveryType();
    const page = await open(planId);
    const id = `fn-${type}`;
    await select(page, id);
    const definition = functionDefinition(type);
    const initial = await storedFlow(h.server.url, planId);
    const stored = initial.nodes.find((n) => n.id === id);
    let expected: JsonObject = withDefaults(type, stored?.type === 'function' ? stored.data.metadata : {});
    const filled = new Map<string, JsonValue>();

    const visibleNow = () => definition.fields.filter((f) => isFieldVisible(f, expected)).map((f) => f.key);
    const fillVisible = async () => {
      await expect.poll(() => shownKeys(page, type), { timeout: 5000 }).toEqual(visibleNow());
      for (const f of definition.fields) {
        if (!isFieldVisible(f, expected) || filled.has(f.key) || isCondition(type, f.key)) continue;
        const value = await fill(page, type, f, getAtPath(expected, f.key), planId);
        filled.set(f.key, value);
        expected = setAtPath(expected, f.key, value);
      }
    };

    await fillVisible();
    for (const [key, value] of CONDITIONS[type] ?? []) {
      const before = visibleNow();
      const box = fieldBox(page, type, key);
      const f = definition.fields.find((x) => x.key === key);
      if (!f) throw new Error(`no field ${key}`);
      if (typeof value === 'boolean') await box.getByLabel(f.label, { exact: true }).click();
      else await box.getByLabel(f.label, { exact: true }).selectOption(value);
      expected = setAtPath(expected, key, value);
      filled.set(key, value);
      // The condition changes which fields are shown: some appear (and some may go).
      expect(visibleNow()).not.toEqual(before);
      await fillVisible();
    }

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, `Function saved: ${definition.name}`).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('status', { name: 'Unsaved changes' }).count(), { timeout: 10_000 }).toBe(0);

    await page.reload();
    await nodes(page).first().waitFor();
    const after = await storedFlow(h.server.url, planId);
    const saved = after.nodes.find((n) => n.id === id);
    expect(saved?.type).toBe('function');
    const metadata = saved?.type === 'function' ? saved.data.metadata : {};
    for (const [key, value] of filled) expect(getAtPath(metadata, key), `${type}.${key}`).toEqual(value);
    // Every field of the type's editor was shown and filled at some point.
    expect([...filled.keys()].sort()).toEqual(definition.fields.map((f) => f.key).sort());

    // After the reload the panel shows what was saved.
    await fitView(page);
    await select(page, id);
    const text = definition.fields.find((f) => (f.kind === 'text' || f.kind === 'textarea') && isFieldVisible(f, expected));
    if (text)
      await expect
        .poll(() => fieldBox(page, type, text.key).getByLabel(text.label, { exact: true }).inputValue())
        .toBe(filled.get(text.key));
  });
});

describe('The function header', () => {
  it('marks unsaved changes until Save, which calls setup-function and then re-fetches the functions', async () => {
    const planId = await planWithEveryType();
    const page = await open(planId);
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/mate/')) calls.push(`${request.method()} ${path.split('/').at(-1)}`);
    });
    await select(page, 'fn-custom_gpt');
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Score the lead');
    await name.press('Tab');
    await expect.poll(() => page.getByRole('status', { name: 'Unsaved changes' }).count(), { timeout: 5000 }).toBe(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Function saved: Score the lead').waitFor({ timeout: 10_000 });
    expect(calls).toEqual(['POST setup-function', 'GET functions']);
    await expect.poll(() => page.getByRole('status', { name: 'Unsaved changes' }).count()).toBe(0);
    // The canvas shows the new name too.
    await expect.poll(() => nodeEl(page, 'fn-custom_gpt').textContent()).toContain('Score the lead');
  });

  it('saves the node when Active is switched, and the saved flow says it is inactive', async () => {
    const planId = await planWithEveryType();
    const page = await open(planId);
    await select(page, 'fn-http_calls');
    const setup = page.waitForRequest((r) => r.url().endsWith('/setup-function'));
    await page.getByRole('switch', { name: 'Active' }).click();
    const request = await setup;
    expect(request.postDataJSON()).toMatchObject({
      plan_id: planId,
      version_name: 'production',
      function: { uuid: 'fn-http_calls', active: false },
    });
    await toast(page, 'Function saved: HTTP Calls').waitFor({ timeout: 10_000 });
    const flow = await storedFlow(h.server.url, planId);
    const saved = flow.nodes.find((n) => n.id === 'fn-http_calls');
    expect(saved?.type === 'function' && saved.data.active).toBe(false);
  });

  it('says so when Save fails, and keeps the edit', async () => {
    const planId = await planWithEveryType();
    const page = await open(planId);
    await page.route('**/setup-function', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"BOOM","message":"disk full"}}' }),
    );
    await select(page, 'fn-instruct');
    const prompt = fieldBox(page, 'instruct', 'prompt').getByLabel('Prompt', { exact: true });
    await prompt.fill('Greet the visitor');
    await prompt.press('Tab');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await errorToasts(page).filter({ hasText: 'Failed to save function' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => prompt.inputValue()).toBe('Greet the visitor');
  });
});

describe('Editing properties', () => {
  it('makes a typed word one undo step, and undo shows the previous text', async () => {
    const planId = await planWithEveryType();
    const page = await open(planId);
    await select(page, 'fn-instruct');
    const prompt = fieldBox(page, 'instruct', 'prompt').getByLabel('Prompt', { exact: true });
    await prompt.pressSequentially('Hello', { delay: 30 });
    await prompt.press('Tab');
    await prompt.click();
    await prompt.press('End');
    await prompt.pressSequentially(' world', { delay: 30 });
    await prompt.press('Tab');
    await expect.poll(() => prompt.inputValue()).toBe('Hello world');
    // Shortcuts are not taken in a text field: undo from the canvas, with the node still selected.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => prompt.inputValue()).toBe('Hello');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => prompt.inputValue()).toBe('');
  });

  it('reads an old misspelt model id as the corrected one, and shows Custom GPT defaults when empty', async () => {
    const planId = await planWithEveryType((data) => (data.type === 'custom_gpt' ? { ...data, metadata: { model: 'gpt-40-mini' } } : data));
    const page = await open(planId);
    await select(page, 'fn-custom_gpt');
    await expect.poll(() => fieldBox(page, 'custom_gpt', 'model').getByLabel('Model', { exact: true }).inputValue()).toBe('gpt-4o-mini');
    await expect.poll(() => shownValue(fieldBox(page, 'custom_gpt', 'temperature')).textContent()).toBe('0.7');
    await expect.poll(() => shownValue(fieldBox(page, 'custom_gpt', 'max_tokens')).textContent()).toBe('1000');
    await expect
      .poll(() => fieldBox(page, 'custom_gpt', 'output.type').getByLabel('Output Type', { exact: true }).inputValue())
      .toBe('raw');
  });

  it('moves Max Tokens over 1, 100, …, 4000: it holds its default 1000, steps by 100 and reaches 4000', async () => {
    const planId = await planWithEveryType();
    const page = await open(planId);
    await select(page, 'fn-custom_gpt');
    const box = fieldBox(page, 'custom_gpt', 'max_tokens');
    const slider = box.getByLabel('Max Tokens', { exact: true });
    await expect.poll(() => shownValue(box).textContent()).toBe('1000');
    await slider.focus();
    await slider.press('ArrowLeft');
    await expect.poll(() => shownValue(box).textContent()).toBe('900');
    expect(await slider.getAttribute('aria-valuetext')).toBe('900');
    await slider.press('End');
    await expect.poll(() => shownValue(box).textContent()).toBe('4000');
    await slider.press('Home');
    await slider.press('ArrowRight');
    await expect.poll(() => shownValue(box).textContent()).toBe('100');
  });

  it('stores a number field as a number and ignores what is not a number', async () => {
    const planId = await planWithEveryType((data) =>
      data.type === 'see_website' ? { ...data, metadata: { ...data.metadata, viewport: 'custom' } } : data,
    );
    const page = await open(planId);
    await select(page, 'fn-see_website');
    const width = fieldBox(page, 'see_website', 'width').getByLabel('Width', { exact: true });
    await width.fill('1024');
    await width.press('Tab');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Function saved: See a Website').waitFor({ timeout: 10_000 });
    const flow = await storedFlow(h.server.url, planId);
    const saved = flow.nodes.find((n) => n.id === 'fn-see_website');
    expect(saved?.type === 'function' ? saved.data.metadata.width : null).toBe(1024);
  });

  it('shows the work-in-progress text for a type without an editor', async () => {
    const planId = await planWithEveryType((data) => (data.type === 'change_instructions' ? { ...data, type: 'translate_text' } : data));
    const page = await open(planId);
    await select(page, 'fn-change_instructions');
    await page.getByText('Yikes! This is a work in progress. Let us know if you need it asap!', { exact: true }).waitFor();
  });

  it('keeps See a Website inert in the function list, with the tooltip Coming soon', async () => {
    const planId = await planWithEveryType();
    const page = await open(planId);
    const before = await nodes(page).count();
    await page.getByRole('tab', { name: 'Functions' }).click();
    const card = page
      .getByRole('tabpanel', { name: 'Functions' })
      .getByRole('button', { name: /See a Website/ })
      .first();
    await expect.poll(() => card.getAttribute('title')).toBe('Coming soon');
    // aria-disabled: Playwright would wait for it to become enabled; a person can still click it.
    await card.click({ force: true });
    await expect.poll(() => nodes(page).count()).toBe(before);
  });
  it("'Function to Execute' names the follow-up, lists every other node when reached, and refuses a second incoming edge or a loop", async () => {
    const { page, plan } = await h.openCopy('support-desk');
    page.setDefaultTimeout(10_000);
    const panel = await select(page, 'support-capture-order');
    const target = panel.getByLabel('Function to Execute', { exact: true });
    expect(await target.inputValue()).toBe('support-lookup-order');
    expect(await target.getByRole('option', { selected: true, includeHidden: true }).innerText()).toBe('Look up order');
    // Reached with the keyboard: every node but this one is a choice.
    await panel.getByLabel('Post Action', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
    const doc = await storedFlow(h.server.url, plan);
    await expect.poll(() => target.getByRole('option', { includeHidden: true }).count()).toBe(doc.nodes.length);
    // A node that has its incoming edge already is refused, and nothing changes.
    await target.selectOption('support-explain-status');
    await toast(page, 'Error: Node: Explain order status already has an incoming edge').waitFor();
    expect(await target.inputValue()).toBe('support-lookup-order');
    // The first Instruct leads here: following into it would be a loop (issue 41), so it is refused too.
    await target.selectOption('support-greet');
    await toast(page, flowMessages.cycleDetected('Capture order details')).waitFor();
    expect(await target.inputValue()).toBe('support-lookup-order');
    expect((await storedFlow(h.server.url, plan)).edges.filter((e) => e.source === 'support-capture-order').map((e) => e.target)).toEqual([
      'support-lookup-order',
    ]);
  });
});
