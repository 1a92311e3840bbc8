import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingService, startScriptedModel, type RecordingService, type ScriptedModelServer } from '@flow/runtime/testing';
import { useEditorHarness } from './harness';
import { lookUpOrdersAt, nodeEl, toast } from './pageHelpers';
import { PlaygroundPage } from './pages/PlaygroundPage';

const TOKEN = 'orders-token-never-in-the-browser';
const runtimeEnv: Record<string, string | undefined> = {};
const h = useEditorHarness({ runtimeEnv });
let model: ScriptedModelServer;
let api: RecordingService;
let apiUrl = '';

beforeAll(async () => {
  model = await startScriptedModel();
  api = await startRecordingService({ status: 'in transit' });
  apiUrl = api.url;
});

afterAll(async () => {
  await model?.close();
  await api?.close();
});

describe('Playground', () => {
  it('says how to configure a model when none is', async () => {
    const { page } = await h.openCopy('support-desk');
    await page.getByRole('tab', { name: 'Playground' }).click();
    await page
      .getByTestId('playground-model')
      .filter({ hasText: /^No model is configured: set FLOW_MODEL_BASE_URL and FLOW_MODEL/ })
      .waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'No model is configured: set FLOW_MODEL_BASE_URL and FLOW_MODEL' }).waitFor();
    // The message stays, and can be sent again once the model is there.
    expect(await new PlaygroundPage(page).userTexts.textContent()).toBe('Hello?');
  });

  it("says which secret the provider's store lacks, and links to its Secrets page", async () => {
    Object.assign(runtimeEnv, { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1' });
    const { page } = await h.openCopy('support-desk');
    await page.getByRole('tab', { name: 'Playground' }).click();
    await page.getByTestId('playground-model').filter({ hasText: 'Model: scripted-1' }).waitFor();
    model.push(
      { toolCalls: [{ name: 'look_up_order', arguments: { order_number: 'NW-1', email: 'ann@example.com' } }] },
      { content: 'Sorry.' },
    );
    await page.getByRole('textbox', { name: 'Message' }).fill('Where is NW-1?');
    await page.keyboard.press('Enter');
    const playground = new PlaygroundPage(page);
    const call = playground.toolCalls().first();
    await playground
      .summary(call)
      .filter({ hasText: /^look_up_order failed/ })
      .waitFor();
    await playground.summary(call).click();
    expect(await playground.outputs(call).last().textContent()).toBe('Secret NORTHWIND_API_TOKEN is not set on the provider');
    const link = call.getByRole('link', { name: 'Set NORTHWIND_API_TOKEN on the Secrets page' });
    expect(await link.getAttribute('href')).toBe('/dashboard/secrets');
    expect(await link.getAttribute('target')).toBe('_blank');
  });

  it('chats with the flow as it is on screen: streams the reply, shows the tool call with its trace, resets and copies', async () => {
    Object.assign(runtimeEnv, {
      FLOW_MODEL_BASE_URL: model.baseUrl,
      FLOW_MODEL: 'scripted-1',
      FLOW_RUNTIME_ALLOW_PRIVATE: '1',
    });
    const plan = await h.plan('support-desk');
    // The flow's order lookup calls a local service, with its token from the provider's secret store (never its environment).
    await lookUpOrdersAt(h.server.url, plan, apiUrl, { name: 'ORDERS_TOKEN', value: TOKEN });
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'support-greet').waitFor();

    // An edit on screen, not published: the Playground talks to this version.
    const instruction = nodeEl(page, 'support-greet').getByRole('textbox', { name: 'Instruction' });
    await instruction.fill('Greet the customer as a pirate would.');

    await page.getByRole('tab', { name: 'Playground' }).click();
    await page
      .getByTestId('playground-model')
      .filter({ hasText: `Model: scripted-1 at ${new URL(model.baseUrl).host}` })
      .waitFor();
    const long = 'Your order NW-104233 is in transit and should arrive on Thursday. Anything else I can do?';
    model.push(
      { toolCalls: [{ name: 'look_up_order', arguments: { order_number: 'NW-104233', email: 'ann@example.com' } }] },
      { content: long, chunkDelayMs: 15 },
    );
    // Every text the agent's answer shows on its way: streamed, it grows piece by piece.
    const playground = new PlaygroundPage(page);
    await playground.recordAgentTexts();
    await page.getByRole('textbox', { name: 'Message' }).fill('Where is NW-104233?');
    await page.keyboard.press('Enter');
    const agent = playground.agentEntries.last();
    await expect.poll(() => playground.text(agent).textContent()).toBe(long);
    const shown = await playground.recordedAgentTexts();
    const partial = shown.filter((text) => text.length > 1 && text.length < long.length && long.startsWith(text));
    expect(partial.length).toBeGreaterThan(3);
    expect(api.requests.at(-1)?.url).toBe('/orders/NW-104233');
    expect(api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    // The tool call, opened: its arguments and output.
    const call = playground.toolCalls(agent).first();
    expect(await playground.summary(call).textContent()).toMatch(/^look_up_order ok · \d+ ms/);
    await playground.summary(call).click();
    expect(await playground.values(call).nth(1).textContent()).toContain('"order_number": "NW-104233"');

    // The model got the unpublished edit, never the token; the browser never saw the token either.
    expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain('Greet the customer as a pirate would.');
    expect(JSON.stringify(model.requests)).not.toContain(TOKEN);
    expect(await page.content()).not.toContain(TOKEN);

    // The conversation goes on: the next turn carries the first one.
    model.push({ content: 'You are welcome!' });
    await page.getByRole('textbox', { name: 'Message' }).fill('Thanks');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => playground.agentTexts.last().textContent()).toBe('You are welcome!');
    expect(JSON.stringify(model.requests.at(-1)?.messages)).toContain('Where is NW-104233?');

    await page.getByRole('button', { name: 'Copy transcript' }).click();
    await toast(page, 'Transcript copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('You: Where is NW-104233?');
    expect(copied).toContain('[look_up_order({"order_number":"NW-104233","email":"ann@example.com"}) →');
    expect(copied).toContain('Agent: You are welcome!');

    // The editor's model setting: a model name at the provider's endpoint, kept in this browser.
    await playground.openSettings();
    await page.getByLabel('Model', { exact: true }).fill('llama3.1:8b');
    model.push({ content: 'Answered by the chosen model.' });
    await page.getByRole('textbox', { name: 'Message' }).fill('And now?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => playground.agentTexts.last().textContent()).toBe('Answered by the chosen model.');
    expect(model.requests.at(-1)?.model).toBe('llama3.1:8b');
    expect(await page.evaluate(() => localStorage.getItem('flow:playgroundModel'))).toBe('llama3.1:8b');

    // Tabs switch; the conversation stays until Reset.
    await page.getByRole('tab', { name: 'Functions' }).click();
    await page.getByRole('tab', { name: 'Playground' }).click();
    // The panel's body follows the frame that shows the tab (SidePanel).
    await expect.poll(() => playground.entries.count()).toBe(6);
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await playground.entries.count()).toBe(0);
  });
});
