// A live or recording run compares each MCP tool's input schema with the one its cassette recorded.
import { isJsonObject, walkOrder, type AssertionResult, type FlowDocument, type JsonObject, type JsonValue } from '@flow/core';
import type { RecordedMcpListing } from '../cassette.js';

/** The words of a drift, defined once. */
export const driftMessages = {
  changed: (tool: string, server: string, changes: readonly string[]) =>
    `the MCP tool ${tool} of ${server} changed its input schema since the recording: ${changes.join('; ')}`,
  gone: (tool: string, server: string) => `the MCP tool ${tool} of ${server} is no longer offered (it was when the cassette was recorded)`,
} as const;

/** The same JSON whatever the order of its keys. */
function canonical(value: JsonValue | undefined): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

const propertiesOf = (schema: JsonObject): JsonObject => (isJsonObject(schema.properties) ? schema.properties : {});
const requiredOf = (schema: JsonObject): Set<string> =>
  new Set(Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : []);
const typeOf = (schema: JsonValue | undefined): string => (isJsonObject(schema) ? canonical(schema.type).replace(/"/g, '') : '?');

/** What changed between two input schemas, input by input (empty: nothing). */
export function schemaChanges(before: JsonObject, now: JsonObject): string[] {
  if (canonical(before) === canonical(now)) return [];
  const was = propertiesOf(before);
  const is = propertiesOf(now);
  const wasRequired = requiredOf(before);
  const isRequired = requiredOf(now);
  const changes: string[] = [];
  for (const name of Object.keys(is))
    if (!Object.hasOwn(was, name)) changes.push(`input ${name} added${isRequired.has(name) ? ' (required)' : ''}`);
  for (const name of Object.keys(was)) {
    if (!Object.hasOwn(is, name)) {
      changes.push(`input ${name} removed`);
      continue;
    }
    if (typeOf(was[name]) !== typeOf(is[name])) changes.push(`input ${name} is now ${typeOf(is[name])} (was ${typeOf(was[name])})`);
    else if (canonical(was[name]) !== canonical(is[name])) changes.push(`input ${name} changed`);
    if (wasRequired.has(name) !== isRequired.has(name))
      changes.push(`input ${name} is ${isRequired.has(name) ? 'now required' : 'no longer required'}`);
  }
  return changes.length > 0 ? changes : ['its schema changed'];
}

const textOf = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');

/** The MCP tools a flow uses, as `server` and `tool` pairs. */
function usedTools(doc: FlowDocument): { server: string; tool: string }[] {
  return walkOrder(doc).flatMap((node) =>
    node.type === 'function' && node.data.type === 'mcp_tool'
      ? [{ server: textOf(node.data.metadata.server_url), tool: textOf(node.data.metadata.tool_name) }]
      : [],
  );
}

/**
 * A failed `toolSchema` check for each MCP tool the flow uses whose input schema now differs from
 * the recorded one (or that the server no longer offers); nothing for a server the recording never listed.
 */
export function toolSchemaDrift(
  doc: FlowDocument,
  recorded: readonly RecordedMcpListing[],
  now: readonly RecordedMcpListing[],
): AssertionResult[] {
  const results: AssertionResult[] = [];
  for (const { server, tool } of usedTools(doc)) {
    const before = recorded.find((l) => l.server === server)?.tools.find((t) => t.name === tool);
    const listing = now.find((l) => l.server === server);
    if (before === undefined || listing === undefined) continue;
    const current = listing.tools.find((t) => t.name === tool);
    const message =
      current === undefined
        ? driftMessages.gone(tool, server)
        : schemaChanges(before.inputSchema, current.inputSchema).length > 0
          ? driftMessages.changed(tool, server, schemaChanges(before.inputSchema, current.inputSchema))
          : undefined;
    if (message !== undefined) results.push({ kind: 'toolSchema', turn: null, ok: false, message });
  }
  return results;
}
