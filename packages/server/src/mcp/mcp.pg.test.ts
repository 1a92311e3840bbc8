import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startScriptedModel } from '@flow/runtime/testing';
import { describe, expect, it } from 'vitest';
import { usePostgres } from '../store/pg/pgTest.test-helper.js';
import { sampleFlow, startTestServer, type TestServer } from '../testServer.test-helper.js';

const pg = usePostgres();

describe('/mcp on PostgreSQL, two providers sharing one database', () => {
  it("lists the key's published agents from the database, and a conversation begun on one server goes on on the other", async () => {
    const url = await pg.database();
    const model = await startScriptedModel();
    pg.cleanup(() => model.close());
    const start = async (): Promise<TestServer> => {
      const server = await startTestServer({
        database: url,
        seedDir: null,
        runtimeEnv: { FLOW_MODEL_BASE_URL: model.baseUrl, FLOW_MODEL: 'served-model' },
      });
      pg.cleanup(() => server.close());
      return server;
    };
    const [a, b] = [await start(), await start()];
    for (const [planId, versionName, agentContext] of [
      ['support-desk', 'production', 'Answers about orders.'],
      ['support-desk', 'beta', ''],
      ['billing', 'production', 'Invoices.'],
    ] as const) {
      const doc = { ...sampleFlow(planId, versionName, 1), agentContext };
      expect((await a.call('POST', `/api/flows/${planId}/${versionName}/publish`, { json: doc })).status).toBe(200);
    }
    const created = await a.call('POST', '/api/keys', { json: { name: 'desk-agent', agents: ['support-desk', 'support-desk/beta'] } });
    const { key } = (await created.json()) as { key: string };
    const connect = async (server: TestServer): Promise<Client> => {
      const client = new Client({ name: 'flow-test', version: '1.0.0' });
      const headers = { Authorization: `Bearer ${key}` };
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
      pg.cleanup(() => client.close());
      return client;
    };
    const [onA, onB] = [await connect(a), await connect(b)];
    const { tools } = await onB.listTools();
    expect(tools.map(({ name, title, description }) => ({ name, title, description }))).toEqual([
      {
        name: 'ask_support_desk_beta',
        title: 'support-desk/beta',
        description: 'Ask the Flow agent support-desk/beta and get its answer.',
      },
      { name: 'ask_support_desk', title: 'support-desk', description: 'Answers about orders.' },
    ]);
    model.push({ content: 'Hi Ann.' }, { content: 'Your name is Ann.' });
    const first = await onA.callTool({ name: 'ask_support_desk', arguments: { message: 'I am Ann' } });
    const { conversation_id: id } = first.structuredContent as { conversation_id: string };
    const second = await onB.callTool({ name: 'ask_support_desk', arguments: { message: 'What is my name?', conversation_id: id } });
    expect(second).toEqual({
      content: [{ type: 'text', text: 'Your name is Ann.' }],
      structuredContent: { reply: 'Your name is Ann.', conversation_id: id },
    });
    expect(model.requests[1]?.messages.slice(1)).toEqual([
      { role: 'user', content: 'I am Ann' },
      { role: 'assistant', content: 'Hi Ann.' },
      { role: 'user', content: 'What is my name?' },
    ]);
    expect(await (await a.call('GET', `/api/conversations/${id}`)).json()).toMatchObject({ keyName: 'desk-agent' });
  });
});
