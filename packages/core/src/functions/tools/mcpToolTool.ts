import { isJsonObject, isRecord, parseJsonValue } from '../../model/paths.js';
import type { JsonObject, JsonValue } from '../../model/types.js';
import { refusals } from './httpRequest.js';
import { fillTemplate, templateNames } from './templates.js';
import { ToolRefusal, type FunctionTool, type McpServerRef, type McpToolInfo, type ToolHost } from './toolHost.js';

/** The default time an MCP call may take, in milliseconds. */
export const MCP_DEFAULT_TIMEOUT_MS = 30_000;

/** The words of the MCP tool's own errors, defined once. */
export const mcpToolMessages = {
  noSuchTool: (tool: string, url: string, offered: readonly string[]) =>
    `The MCP server at ${url} has no tool named ${tool}${offered.length > 0 ? ` (it offers: ${offered.join(', ')})` : ''}`,
  toolError: (tool: string, text: string) => `The MCP tool ${tool} answered with an error: ${text || '(no text)'}`,
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
/** A header value once resolved: `{ key }` or the text itself. */
const secretText = (value: unknown): string => (typeof value === 'string' ? value : isRecord(value) ? text(value.key) : '');

/** The server an mcp_tool function names, its headers' secrets already resolved by the runtime. */
export function mcpServerOf(metadata: JsonObject): McpServerRef {
  const headers: Record<string, string> = {};
  const secretHeaders: string[] = [];
  for (const header of records(metadata.headers)) {
    const name = text(header.name);
    if (name === '') continue;
    headers[name] = secretText(header.value);
    if (isRecord(header.value)) secretHeaders.push(name);
  }
  const timeout = metadata.timeout_ms;
  return {
    url: text(metadata.server_url),
    headers,
    secretHeaders,
    timeoutMs: typeof timeout === 'number' && timeout > 0 ? timeout : MCP_DEFAULT_TIMEOUT_MS,
  };
}

/** The fixed arguments of an mcp_tool function: its `arguments` object (or its JSON text). */
export function fixedArguments(metadata: JsonObject): JsonObject {
  const value = metadata.arguments;
  const parsed = typeof value === 'string' ? parseJsonValue(value) : value;
  return isJsonObject(parsed) ? parsed : {};
}

/** The texts of the fixed arguments, where `{{variables}}` may stand. */
function argumentTexts(value: JsonValue): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(argumentTexts);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(argumentTexts);
  return [];
}

function filled(value: JsonValue, values: Readonly<Record<string, string>>): JsonValue {
  if (typeof value === 'string') return fillTemplate(value, values);
  if (Array.isArray(value)) return value.map((v) => filled(v, values));
  if (value !== null && typeof value === 'object') return filledObject(value, values);
  return value;
}

function filledObject(value: JsonObject, values: Readonly<Record<string, string>>): JsonObject {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v, values)]));
}

/**
 * The arguments the model gives: the MCP tool's input schema without the inputs `arguments` fixes.
 * @example inputsLeft({ type: 'object', properties: { sku: {…}, warehouse: {…} }, required: ['sku', 'warehouse'] }, { warehouse: 'north' }) // only sku
 */
export function inputsLeft(schema: JsonObject, fixed: JsonObject): JsonObject {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const left: JsonObject = Object.fromEntries(Object.entries(properties).filter(([name]) => !Object.hasOwn(fixed, name)));
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name) => typeof name === 'string' && !Object.hasOwn(fixed, name))
    : [];
  const rest = Object.fromEntries(
    Object.entries(schema).filter(([key]) => key !== '$schema' && key !== 'properties' && key !== 'required'),
  );
  return { ...rest, type: 'object', properties: left, ...(required.length > 0 ? { required } : {}) };
}

/** The model's arguments come as text: a value the schema says is not a string is read back as JSON. */
function typedArgument(value: string, schema: unknown): JsonValue {
  const type = isRecord(schema) ? schema.type : undefined;
  if (type === undefined || type === 'string' || (Array.isArray(type) && type.includes('string'))) return value;
  return parseJsonValue(value) ?? value;
}

async function findTool(metadata: JsonObject, host: ToolHost): Promise<McpToolInfo> {
  const server = mcpServerOf(metadata);
  const tools = await host.mcp.listTools(server);
  const name = text(metadata.tool_name);
  const tool = tools.find((t) => t.name === name);
  if (tool === undefined)
    throw new ToolRefusal(
      mcpToolMessages.noSuchTool(
        name,
        server.url,
        tools.map((t) => t.name),
      ),
    );
  return tool;
}

/** mcp_tool: one tool of an MCP server, its fixed arguments filled from the variables, the rest from the model. */
export const mcpToolTool: FunctionTool = {
  outside: true,
  // Until the server's listing is read (prepare), the model is offered no arguments.
  parameters: () => ({ type: 'object', properties: {}, additionalProperties: false }),
  async prepare(metadata, host) {
    return inputsLeft((await findTool(metadata, host)).inputSchema, fixedArguments(metadata));
  },
  async run(metadata, args, host) {
    const values = { ...host.variables, ...args };
    const fixed = fixedArguments(metadata);
    const unfilled = templateNames(...argumentTexts(fixed)).filter((name) => !Object.hasOwn(values, name));
    if (unfilled.length > 0) throw new ToolRefusal(refusals.unfilled(unfilled));
    const tool = await findTool(metadata, host);
    const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
    const given: JsonObject = {};
    for (const [name, value] of Object.entries(args)) if (!Object.hasOwn(fixed, name)) given[name] = typedArgument(value, properties[name]);
    const answer = await host.mcp.callTool(mcpServerOf(metadata), tool.name, { ...given, ...filledObject(fixed, values) });
    if (answer.isError) return { ok: false, error: mcpToolMessages.toolError(tool.name, answer.text) };
    const structured = answer.structured === undefined ? '' : `Structured content: ${JSON.stringify(answer.structured)}`;
    return { ok: true, output: [answer.text, structured].filter(Boolean).join('\n') || '(the tool answered nothing)' };
  },
};
