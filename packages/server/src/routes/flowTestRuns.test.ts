import { describe, expect, it } from 'vitest';
import { useModelTestServer } from '../modelTestServer.test-helper.js';
import { NO_DATASETS_HERE } from './flowTests.js';

const PATH = '/api/flows/support-desk/production/tests';
const answer = 'Hi! How can I help?';
const tests = {
  flowtest: {
    flow: 'production.flow.json',
    tests: [
      { name: 'greets', turns: [{ user: 'Hello', expect: { reply: { contains: 'help' } } }] },
      { name: 'mentions tracking', turns: [{ user: 'Where is my parcel?', expect: { reply: { contains: 'tracking' } } }] },
    ],
  },
  cassette: {
    format: 'flow-cassette/1',
    tests: { greets: { model: [{ content: answer }], tools: [] }, 'mentions tracking': { model: [{ content: answer }], tools: [] } },
  },
};

describe('POST /api/flows/{plan}/{version}/tests/run', () => {
  const t = useModelTestServer();
  const { env } = t;
  const run = (json: unknown = {}) => t.server.call('POST', `${PATH}/run`, { json });

  it('replays the stored tests from their cassette, with no model, and answers the eval result', async () => {
    expect((await run()).status).toBe(404);
    expect((await t.server.call('PUT', PATH, { json: tests, headers: { 'If-None-Match': '*' } })).status).toBe(200);
    const res = await run();
    expect(res.status).toBe(200);
    const result: unknown = await res.json();
    expect(result).toMatchObject({ format: 'flow-test-result/1', mode: 'replay', passed: 1, failed: 1, passRate: 0.5 });
    expect(result).toMatchObject({
      files: [
        {
          file: 'production.flowtest.json',
          cases: [
            { name: 'greets', ok: true, runs: [{ transcript: [{ user: 'Hello', reply: answer, toolCalls: [] }] }] },
            {
              name: 'mentions tracking',
              ok: false,
              runs: [
                {
                  assertions: [
                    { kind: 'reply', turn: 1, ok: false, message: `turn 1: the reply does not contain "tracking": "${answer}"` },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(t.model.requests).toHaveLength(0);
  });

  it('runs against the flow the editor sends, refuses what is not a flow, and runs live with the provider’s model', async () => {
    await t.server.call('PUT', PATH, { json: tests, headers: { 'If-None-Match': '*' } });
    const doc: unknown = await (await t.server.call('GET', '/api/flows/support-desk/production')).json();
    expect((await run({ doc, live: false })).status).toBe(200);
    const bad = await run({ doc: { format: 'flow/1' } });
    expect(bad.status).toBe(400);
    expect((await run({ live: 'yes' })).status).toBe(400);
    const none = await run({ live: true });
    expect(none.status).toBe(503);
    expect(await none.json()).toMatchObject({ error: { code: 'MODEL_NOT_CONFIGURED' } });
    Object.assign(env, { FLOW_MODEL_BASE_URL: t.model.baseUrl, FLOW_MODEL: 'scripted-1' });
    t.model.push({ content: 'Happy to help.' }, { content: 'Here is your tracking link.' });
    const live: unknown = await (await run({ doc, live: true })).json();
    expect(live).toMatchObject({ mode: 'live', passed: 2, failed: 0 });
    expect(t.model.requests).toHaveLength(2);
    // A live run records nothing: the stored cassette is what it was.
    expect(await (await t.server.call('GET', PATH)).json()).toEqual(tests);
  });

  it('refuses tests flowctl test would refuse, and says a dataset file is not kept here', async () => {
    const misspelt = { ...tests, flowtest: { ...tests.flowtest, tests: [{ name: 'x', turns: [{ user: 'Hi', expect: { judgee: {} } }] }] } };
    const refused = await t.server.call('PUT', PATH, { json: misspelt, headers: { 'If-None-Match': '*' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: 'flowtest: tests[0].turns[0].expect: unknown key "judgee"' } });
    const dataset = { ...tests, flowtest: { ...tests.flowtest, tests: [{ ...tests.flowtest.tests[0], cases: 'orders.jsonl' }] } };
    expect((await t.server.call('PUT', PATH, { json: dataset, headers: { 'If-None-Match': '*' } })).status).toBe(200);
    const ran: unknown = await (await run()).json();
    expect(ran, JSON.stringify(ran)).toMatchObject({ files: [{ problem: expect.stringContaining(NO_DATASETS_HERE) }], failed: 1 });
  });
});
