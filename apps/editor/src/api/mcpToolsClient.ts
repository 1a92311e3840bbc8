import { isJsonObject, isRecord, type JsonValue, type McpToolInfo } from '@flow/core';
import { failure } from './generateClient';
import { providerUrl } from './providerUrl';

/** A header as the endpoint takes it: text, or a `{ env }` reference the provider resolves from its store. */
function headerOf(item: unknown): { name: string; value: string | { env: string } } | null {
  if (!isRecord(item) || typeof item.name !== 'string' || item.name === '') return null;
  const value = item.value;
  if (typeof value === 'string') return { name: item.name, value };
  if (isRecord(value) && typeof value.env === 'string') return { name: item.name, value: { env: value.env } };
  // A secret written in plain text (`{ key }`) is sent as the text it is.
  if (isRecord(value) && typeof value.key === 'string') return { name: item.name, value: value.key };
  return null;
}

const isTool = (value: unknown): value is McpToolInfo =>
  isRecord(value) && typeof value.name === 'string' && typeof value.description === 'string' && isJsonObject(value.inputSchema);

/**
 * The tools of the MCP server at `serverUrl`, asked of the provider (never of the server itself:
 * the headers may name secrets the provider keeps, and the server needs no CORS); rejects with the
 * provider's words (unreachable, not an MCP server, credentials refused).
 */
export async function loadMcpTools(serverUrl: string, headers: JsonValue | undefined): Promise<McpToolInfo[]> {
  const response = await fetch(`${providerUrl()}/api/runtime/mcp/tools`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ server_url: serverUrl, headers: (Array.isArray(headers) ? headers : []).flatMap((h) => headerOf(h) ?? []) }),
  });
  if (!response.ok) throw await failure(response);
  const body: unknown = await response.json();
  return isRecord(body) && Array.isArray(body.tools) ? body.tools.filter(isTool) : [];
}
