import { describe, expect, it } from 'vitest';
import { createAgent } from './agent.js';
import { createModelClient } from './modelClient.js';
import { prepareFlow } from './preparedFlow.js';
import { httpToolFlow, mcpToolFlow } from './testing/index.js';

describe('PreparedFlow', () => {
  // No agent here calls its model.
  const model = createModelClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });

  it('builds its tools once for the agents given none of its secrets, and apart for one given a value, which is never kept', () => {
    const flow = prepareFlow(
      httpToolFlow({ url: 'https://shop.example/orders', authorization: 'bearer', bearer_token: { env: 'SHOP_TOKEN' } }),
    );
    const first = createAgent({ doc: flow, model, env: {} });
    const second = createAgent({ doc: flow, model, env: { SHOP_TOKEN: '' } });
    expect(second.tools[0]).toBe(first.tools[0]);
    const given = createAgent({ doc: flow, model, env: { SHOP_TOKEN: 'token-e81f' } });
    expect(given.tools[0]).not.toBe(first.tools[0]);
    expect(JSON.stringify(given.tools[0]?.data)).toContain('token-e81f');
    const after = createAgent({ doc: flow, model, env: {} });
    expect(after.tools[0]).toBe(first.tools[0]);
    expect(JSON.stringify(after.tools)).not.toContain('token-e81f');
  });

  it("gives each agent its own spec of a tool whose parameters are read from outside (an MCP tool's)", () => {
    const flow = prepareFlow(mcpToolFlow('http://127.0.0.1:9/mcp'));
    const first = createAgent({ doc: flow, model, env: {} });
    const second = createAgent({ doc: flow, model, env: {} });
    expect(second.tools[0]?.spec).not.toBe(first.tools[0]?.spec);
    expect(second.tools[0]?.spec).toEqual(first.tools[0]?.spec);
  });
});
