import { addNode, createFunctionData, createPromptData, emptyFlow, type FlowDocument, type JsonObject } from '@flow/core';

/**
 * A flow of one MCP Tool after an Instruct node, for tests: the tool `check_stock` of the server at
 * `serverUrl`, named `Check stock` (the tool `check_stock`), with `warehouse` fixed to `north`
 * unless `metadata` says otherwise; it answers the model itself (trigger_response). `at` names the
 * plan and the tool's node id (default `stock` for both).
 * @example mcpToolFlow(mcp.url)
 */
export function mcpToolFlow(serverUrl: string, metadata: JsonObject = {}, at: { planId?: string; nodeId?: string } = {}): FlowDocument {
  const planId = at.planId ?? 'stock';
  const nodeId = at.nodeId ?? 'stock';
  let doc: FlowDocument = { ...emptyFlow(planId, 'production'), agentContext: 'Stock assistant.' };
  let currentChain = '0';
  ({ doc, currentChain } = addNode(
    doc,
    { type: 'prompt', data: createPromptData('Help.') },
    { currentChain, newChain: true, id: 'intro' },
  ));
  const data = createFunctionData('mcp_tool', {
    uuid: nodeId,
    planId,
    name: 'Check stock',
    metadata: {
      server_url: serverUrl,
      tool_name: 'check_stock',
      arguments: { warehouse: 'north' },
      headers: [],
      timeout_ms: 30000,
      ...metadata,
    },
  });
  ({ doc } = addNode(
    doc,
    { type: 'function', data: { ...data, post_action_type: 'trigger_response', post_action_function_id: '' } },
    { currentChain, id: nodeId },
  ));
  return doc;
}
