// The Playground's conversation as a regression test: 'Save as test' (the judge's verdict on it
// included), the provider keeping it, the Tests view replaying it, and flowctl test on the fetched
// files passing offline.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingService, startScriptedModel, type RecordingService, type ScriptedModelServer } from '@flow/runtime/testing';
import { repoRoot } from './browser';
import { useEditorHarness } from './harness';
import { lookUpOrdersAt, nodeEl, toast } from './pageHelpers';
import { PlaygroundPage } from './pages/PlaygroundPage';

const TOKEN = 'orders-token-never-in-a-test-file';
const runtimeEnv: Record<string, string | undefined> = {};
const h = useEditorHarness({ runtimeEnv });
const run = promisify(execFile);
let model: ScriptedModelServer;
let api: RecordingService;

beforeAll(async () => {
  model = await startScriptedModel();
  api = await startRecordingService({ status: 'in transit' });
});

afterAll(async () => {
  await model?.close();
  await api?.close();
});

describe("the Playground's 'Save as test'", () => {
  it('keeps the conversation on screen as a judged test the provider holds, replays it in the Tests view, and flowctl test passes it offline', async () => {
    Object.assign(runtimeEnv, { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'scripted-1', FLOW_RUNTIME_ALLOW_PRIVATE: '1' });
    const plan = await h.plan('support-desk');
    // The order lookup calls a local service with the token from the provider's secret store.
    await lookUpOrdersAt(h.server.url, plan, api.url, { name: 'ORDERS_TOKEN', value: TOKEN });
    const page = await h.open(`/${plan}/production`);
    await nodeEl(page, 'support-greet').waitFor();
    await page.getByRole('tab', { name: 'Playground' }).click();
    const saveAsTest = page.getByRole('button', { name: 'Save as test' });
    // Nothing said yet: nothing to save.
    expect(await saveAsTest.isDisabled()).toBe(true);

    const reply = 'Your order NW-7 is in transit.';
    model.push(
      { toolCalls: [{ name: 'look_up_order', arguments: { order_number: 'NW-7', email: 'ann@example.com' } }] },
      { content: reply },
    );
    await page.getByRole('textbox', { name: 'Message' }).fill('Where is NW-7?');
    await page.keyboard.press('Enter');
    const playground = new PlaygroundPage(page);
    await expect.poll(() => playground.text(playground.agentEntries.last()).textContent()).toBe(reply);
    expect(api.requests).toHaveLength(1);

    await saveAsTest.click();
    const dialog = page.getByRole('dialog', { name: 'Save as test' });
    expect(await dialog.getByRole('textbox', { name: 'Test name' }).inputValue()).toBe('Conversation 1');
    await dialog.getByRole('textbox', { name: 'Test name' }).fill('Order in transit');
    const rubric = 'Says where the order is and invents no delivery date';
    await dialog.getByRole('textbox', { name: /^Judge rubric/ }).fill(rubric);
    model.push({ content: JSON.stringify({ pass: true, reason: 'It gives the status and no date.' }) });
    await dialog.getByRole('button', { name: 'Save test' }).click();
    await toast(page, 'Test saved: Order in transit. The judge says pass: It gives the status and no date.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(model.requests.at(-1)?.body.response_format).toEqual({ type: 'json_object' });

    // The provider holds it: the user turn, the tool call as an expectation, the rubric; the cassette of what happened.
    const held: unknown = await (await fetch(`${h.server.url}/api/flows/${plan}/production/tests`)).json();
    expect(held).toMatchObject({
      flowtest: {
        flow: 'production.flow.json',
        tests: [
          {
            name: 'Order in transit',
            turns: [
              {
                user: 'Where is NW-7?',
                expect: {
                  // The follow-up the step's post action ran is what the agent did too.
                  toolCalls: [
                    { name: 'look_up_order', arguments: { order_number: 'NW-7', email: 'ann@example.com' } },
                    { name: 'explain_order_status', arguments: {} },
                  ],
                  judge: { rubric },
                },
              },
            ],
          },
        ],
      },
      cassette: { format: 'flow-cassette/1', tests: { 'Order in transit': { tools: [{ name: 'look_up_order' }] } } },
    });
    expect(JSON.stringify(held)).not.toContain(TOKEN);

    // A second save with the same name is refused in words, and nothing is lost.
    await saveAsTest.click();
    await dialog.getByRole('textbox', { name: 'Test name' }).fill('Order in transit');
    await dialog.getByRole('button', { name: 'Save test' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'A test named "Order in transit" already exists: choose another name.' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The Tests view replays it: no model, no service.
    const asked = model.requests.length;
    await page.getByRole('tablist', { name: 'Playground views' }).getByRole('tab', { name: 'Tests' }).click();
    await page.getByRole('list', { name: 'Tests' }).getByRole('listitem').filter({ hasText: 'Order in transit 1 turn, judged' }).waitFor();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const results = page.getByRole('region', { name: 'Test results' });
    await results.getByText('1 of 1 passed (100%)').waitFor();
    const assertions = results.getByRole('list', { name: 'Assertions of Order in transit' }).getByRole('listitem');
    expect(await assertions.allTextContents()).toEqual([
      '✓ passed: turn 1: called look_up_order({"order_number":"NW-7","email":"ann@example.com"}), explain_order_status({})',
      `✓ passed: turn 1: judged "${rubric}": pass (judge: It gives the status and no date.)`,
    ]);
    expect(model.requests).toHaveLength(asked);
    expect(api.requests).toHaveLength(1);

    // flowctl fetch writes the tests beside the flow; flowctl test replays them with no model and no network.
    const dir = mkdtempSync(join(tmpdir(), 'flow-saved-test-'));
    try {
      const cli = join(repoRoot, 'apps', 'flowctl', 'dist', 'cli.js');
      const env = { ...process.env, NO_COLOR: '1', FLOW_MODEL_BASE_URL: '', FLOW_MODEL: '' };
      await run(process.execPath, [cli, 'fetch', '--plan', plan, '-o', join(dir, 'production.flow.json'), '--api-url', h.server.url], {
        env,
      });
      const file = readFileSync(join(dir, 'production.flowtest.json'), 'utf8');
      expect(file).toContain('"Order in transit"');
      const tested = await run(process.execPath, [cli, 'test', dir], { env, cwd: dir });
      expect(tested.stdout).toContain('✔ pass rate 100%: 1 case passed, 0 failed (replayed from cassettes)');
      expect(model.requests).toHaveLength(asked);
      expect(api.requests).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
