import { errorMessage, fixedArguments, isJsonObject, isRecord, type JsonObject, type McpToolInfo } from '@flow/core';
import { useState } from 'react';
import { loadMcpTools } from '../../api/mcpToolsClient';
import { editorText } from '../../messages';
import type { FieldTarget } from './FieldTarget';

type Listing = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; tools: McpToolInfo[] } | { state: 'failed'; error: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One input of a tool's schema, in words: `sku (string, required): The item`. */
function inputLine(name: string, schema: unknown, required: boolean, fixed: boolean): string {
  const type = isRecord(schema) && typeof schema.type === 'string' ? schema.type : 'any';
  const marks = [type, required ? editorText.requiredInput : '', fixed ? editorText.fixedInput : ''].filter(Boolean).join(', ');
  const description = isRecord(schema) && typeof schema.description === 'string' ? `: ${schema.description}` : '';
  return `${name} (${marks})${description}`;
}

/**
 * The MCP Tool's 'Tool': 'Load tools' asks the provider for the server's tools, then a select of
 * their names with the chosen one's description and input fields; the provider's error in words.
 */
export function McpToolField({
  id,
  target,
  metadata,
  describedBy,
}: {
  id: string;
  target: FieldTarget;
  metadata: JsonObject;
  describedBy?: string;
}) {
  const [listing, setListing] = useState<Listing>({ state: 'idle' });
  const serverUrl = text(metadata.server_url).trim();
  const chosen = text(target.value);
  const tools = listing.state === 'loaded' ? listing.tools : [];
  const tool = tools.find((t) => t.name === chosen);
  const load = async () => {
    if (serverUrl === '') {
      setListing({ state: 'failed', error: editorText.noServerUrl });
      return;
    }
    setListing({ state: 'loading' });
    try {
      const loaded = await loadMcpTools(serverUrl, metadata.headers);
      setListing(loaded.length === 0 ? { state: 'failed', error: editorText.noToolsOffered } : { state: 'loaded', tools: loaded });
    } catch (error) {
      setListing({ state: 'failed', error: errorMessage(error) });
    }
  };
  const properties = tool !== undefined && isJsonObject(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const required = new Set(tool !== undefined && Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : []);
  const fixed = fixedArguments(metadata);
  return (
    <div className="mcp-tool">
      <button
        type="button"
        className="btn"
        onClick={() => void load()}
        disabled={listing.state === 'loading'}
        aria-busy={listing.state === 'loading'}
      >
        {listing.state === 'loading' ? editorText.loadingTools : editorText.loadTools}
      </button>
      <select id={id} className="input" value={chosen} onChange={(e) => target.update(() => e.target.value)} aria-describedby={describedBy}>
        <option value="">{editorText.chooseTool}</option>
        {chosen !== '' && tool === undefined ? <option value={chosen}>{chosen}</option> : null}
        {tools.map((t) => (
          <option key={t.name} value={t.name}>
            {t.name}
          </option>
        ))}
      </select>
      {listing.state === 'failed' ? (
        <p className="field-error" role="alert">
          {listing.error}
        </p>
      ) : null}
      {tool !== undefined ? (
        <div className="mcp-tool-info" data-testid="mcp-tool-info">
          {tool.description !== '' ? <p className="field-help">{tool.description}</p> : null}
          <p className="field-help">{editorText.toolInputs}:</p>
          <ul className="field-help">
            {Object.entries(properties).map(([name, schema]) => (
              <li key={name}>{inputLine(name, schema, required.has(name), Object.hasOwn(fixed, name))}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
