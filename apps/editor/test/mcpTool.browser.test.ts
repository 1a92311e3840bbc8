// The MCP Tool's Properties against a real MCP server (the official SDK's, on 127.0.0.1): 'Load
// tools' asks the provider, never the server; the error in words; the tool chosen, shown and saved.
import { mcpToolFlow, startMcpTestServer, type McpTestServer } from '@flow/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEditorHarness } from './harness';
import { fitView, nodeEl, nodes, putFlow, storedFlow, toast } from './pageHelpers';
import { FunctionPropertiesPage } from './pages/FunctionPropertiesPage';

const TOKEN = 'stock-token-in-the-store-41c9';
const h = useEditorHarness({ runtimeEnv: { FLOW_RUNTIME_ALLOW_PRIVATE: '1' } });
let mcp: McpTestServer;

beforeAll(async () => {
  mcp = await startMcpTestServer({ token: TOKEN });
});
afterAll(async () => {
  await mcp.close();
});

/** A plan of an Instruct node and an MCP Tool naming the test server (its token from STOCK_TOKEN), no tool chosen yet. */
async function stockPlan(): Promise<string> {
  const planId = await h.plan('lead-qualifier');
  const headers = [{ name: 'Authorization', value: { env: 'STOCK_TOKEN' } }];
  await putFlow(h.server.url, mcpToolFlow(mcp.url, { tool_name: '', headers }, { planId, nodeId: 'fn-stock' }));
  return planId;
}

describe('the MCP Tool in Properties', () => {
  it("lists the server's tools through the provider, says why it cannot, and saves the chosen tool", async () => {
    const planId = await stockPlan();
    const page = await h.open(`/${planId}/production`);
    page.setDefaultTimeout(10_000);
    const seen: string[] = [];
    page.on('request', (request) => seen.push(request.url()));
    await nodes(page).first().waitFor();
    await fitView(page);
    await nodeEl(page, 'fn-stock').click();
    const properties = new FunctionPropertiesPage(page);
    await properties.functionSettings.waitFor();
    const settings = page.getByRole('region', { name: 'MCP Tool settings' });
    const load = settings.getByRole('button', { name: 'Load tools' });

    // The header's secret is not in the provider's store yet: said in words.
    await load.click();
    await expect.poll(() => settings.getByRole('alert').textContent()).toBe('Secret STOCK_TOKEN is not set on the provider');

    const put = await fetch(`${h.server.url}/api/secrets/STOCK_TOKEN`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: `Bearer ${TOKEN}` }),
    });
    expect(put.status).toBe(201);
    await load.click();
    const tool = settings.getByLabel('Tool', { exact: true });
    await expect.poll(() => tool.getByRole('option', { includeHidden: true }).allTextContents()).toEqual(['Choose a tool', 'check_stock']);
    await expect.poll(() => settings.getByRole('alert').count()).toBe(0);
    await tool.selectOption('check_stock');
    const info = settings.getByTestId('mcp-tool-info');
    await expect.poll(() => info.textContent()).toContain('How many of an item a warehouse holds');
    expect(await info.getByRole('listitem').allTextContents()).toEqual([
      'sku (string, required): The item',
      'warehouse (string, required, fixed by Arguments): Where to look',
    ]);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Function saved: Check stock').waitFor();
    const flow = await storedFlow(h.server.url, planId);
    const saved = flow.nodes.find((n) => n.id === 'fn-stock');
    expect(saved?.type === 'function' ? saved.data.metadata : null).toMatchObject({
      server_url: mcp.url,
      tool_name: 'check_stock',
      arguments: { warehouse: 'north' },
      headers: [{ name: 'Authorization', value: { env: 'STOCK_TOKEN' } }],
    });
    // The browser never talked to the MCP server; the provider did, with the stored token.
    expect(seen.filter((url) => url.startsWith(new URL(mcp.url).origin))).toEqual([]);
    expect(mcp.headers.length).toBeGreaterThan(0);
    expect(mcp.headers.every((header) => header.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });
});
