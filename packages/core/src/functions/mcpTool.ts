import { PLUG } from '../model/emoji.js';
import type { HttpHeader } from '../model/metadataParts.js';
import { ruleFinding } from '../model/ruleCodes.js';
import type { Finding, JsonObject } from '../model/types.js';
import { defineFunction } from './FunctionDefinition.js';
import { renderMcpTool } from './render/renderIntegrations.js';
import { MCP_DEFAULT_TIMEOUT_MS, mcpToolTool } from './tools/mcpToolTool.js';

export type McpToolMetadata = {
  /** An MCP server over streamable HTTP. */
  server_url: string;
  tool_name: string;
  /** Fixed values (or `{{variables}}`) for some of the tool's inputs; the model gives the others. */
  arguments: JsonObject;
  headers: HttpHeader[];
  timeout_ms: number;
};

/** The words of the MCP Tool's rules, defined once. */
export const mcpToolRuleMessages = {
  noServerUrl: 'An MCP Tool needs a server URL',
  notHttp: (url: string) => `The MCP server URL must be http(s): ${url.length > 80 ? `${url.slice(0, 80)}…` : url}`,
  noToolName: "An MCP Tool needs the name of one of its server's tools",
} as const;

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A server URL and a tool name: a flow may be stored without them (incomplete), not compiled. */
function validate(metadata: JsonObject, path: string): Finding[] {
  const findings: Finding[] = [];
  const url = typeof metadata.server_url === 'string' ? metadata.server_url.trim() : '';
  if (url === '') findings.push(ruleFinding('mcp-server-url', `${path}.server_url`, mcpToolRuleMessages.noServerUrl));
  else if (!isHttpUrl(url)) findings.push(ruleFinding('mcp-server-url', `${path}.server_url`, mcpToolRuleMessages.notHttp(url)));
  const tool = typeof metadata.tool_name === 'string' ? metadata.tool_name.trim() : '';
  if (tool === '') findings.push(ruleFinding('mcp-tool-name', `${path}.tool_name`, mcpToolRuleMessages.noToolName));
  return findings;
}

const defaults: McpToolMetadata = { server_url: '', tool_name: '', arguments: {}, headers: [], timeout_ms: MCP_DEFAULT_TIMEOUT_MS };

/** mcp_tool: one tool of an MCP server (streamable HTTP), offered to the model with the inputs `arguments` leaves open. */
export const mcpTool = defineFunction<'mcp_tool', McpToolMetadata>({
  type: 'mcp_tool',
  name: 'MCP Tool',
  description: 'Call a tool of an MCP server',
  emoji: PLUG,
  promptKind: 'MCP tool',
  defaults,
  fields: [
    { key: 'server_url', label: 'Server URL', kind: 'text', placeholder: 'https://', help: 'An MCP server over streamable HTTP.' },
    { key: 'tool_name', label: 'Tool', kind: 'mcpTool', help: "'Load tools' asks the provider for the server's tools." },
    {
      key: 'arguments',
      label: 'Arguments',
      kind: 'json',
      placeholder: '{ "warehouse": "north", "sku": "{{sku}}" }',
      help: "Fixed values for some of the tool's inputs, as a JSON object; a value may hold {{variables}}. The model gives the others.",
    },
    { key: 'headers', label: 'Headers', kind: 'keyValueList', itemFields: ['name', 'value'], secretValues: true },
    { key: 'timeout_ms', label: 'Timeout (ms)', kind: 'number' },
  ],
  validate,
  render: renderMcpTool,
  tool: mcpToolTool,
});
