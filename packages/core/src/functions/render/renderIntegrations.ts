import type { JsonObject, JsonValue } from '../../model/types.js';
import { parseJsonValue } from '../../model/paths.js';
import { numberAt, objectAt, objectsAt, textAt } from './jsonFields.js';
import { inline, quoteBlock, textField, word } from './quote.js';
import type { MetadataRenderer } from './renderContext.js';
import { HIDDEN, isSecretName, isSecretValue, redactSecrets } from '../../model/secretNames.js';

/** http_calls: each request with its parameters, headers, body and output mapping; never a token. */
export const renderHttpCalls: MetadataRenderer = (m, { indent }) => {
  const calls = objectsAt(m, 'apicalls');
  const lines: string[] = [];
  calls.forEach((call, i) => {
    const label = calls.length > 1 ? `Request ${i + 1}` : 'Request';
    const method = (textAt(call, 'method') || 'GET').toUpperCase();
    lines.push(`${indent}${label}: ${word(method)} ${inline(textAt(call, 'url'))}`);
    lines.push(...pairs('Parameters', objectsAt(call, 'params'), ' = ', indent));
    if (textAt(call, 'authorization') === 'bearer') lines.push(`${indent}Authorization: bearer token (not shown)`);
    lines.push(...pairs('Headers', objectsAt(call, 'headers'), ': ', indent));
    lines.push(...body(objectAt(objectAt(call, 'body'), 'raw')['data'], indent));
    lines.push(...pairs('Output mapping', objectsAt(objectAt(call, 'output'), 'json'), ' <- ', indent));
  });
  return [
    ...lines,
    ...textField('Result message', textAt(m, 'result_message'), indent),
    ...textField('Result prompt', textAt(m, 'result_prompt'), indent),
    ...textField('On error', textAt(m, 'error'), indent),
  ];
};

// Name/value lists; a value under a secret name, or a bearer credential, is hidden.
function pairs(label: string, items: JsonObject[], separator: string, indent: string): string[] {
  if (items.length === 0) return [];
  return [
    `${indent}${label}:`,
    ...items.map((item) => {
      const name = textAt(item, 'name');
      const value = textAt(item, 'value');
      const hidden = isSecretName(name) || isSecretValue(value) || typeof item['value'] === 'object';
      return `${indent}- ${inline(name)}${separator}${hidden ? HIDDEN : inline(value)}`;
    }),
  ];
}

// A request body: text as written, JSON pretty-printed; secret-named fields are hidden.
function body(data: JsonValue | undefined, indent: string): string[] {
  if (data === undefined || data === null || data === '') return [];
  let text = typeof data === 'string' ? data : JSON.stringify(redactSecrets(data), null, 2);
  if (typeof data === 'string') {
    const parsed = parseJsonValue(data);
    const redacted = parsed === undefined ? undefined : redactSecrets(parsed);
    if (redacted !== undefined && JSON.stringify(redacted) !== JSON.stringify(parsed)) {
      text = JSON.stringify(redacted, null, 2);
    }
  }
  return [`${indent}Body:`, ...quoteBlock(text, indent)];
}

/** mcp_tool: the server, the tool and its fixed arguments; header values never. */
export const renderMcpTool: MetadataRenderer = (m, { indent }) => {
  const fixed = objectAt(m, 'arguments');
  return [
    `${indent}Server: ${inline(textAt(m, 'server_url'))}`,
    `${indent}Tool: ${inline(textAt(m, 'tool_name'))}`,
    ...(Object.keys(fixed).length > 0
      ? [`${indent}Fixed arguments:`, ...quoteBlock(JSON.stringify(redactSecrets(fixed), null, 2), indent)]
      : []),
    ...pairs('Headers', objectsAt(m, 'headers'), ': ', indent),
  ];
};

/** see_website: open a page and read it. */
export const renderSeeWebsite: MetadataRenderer = (m, { indent }) => {
  const viewport = textAt(m, 'viewport');
  const size = `${numberAt(m, 'width', 0)}x${numberAt(m, 'height', 0)}`;
  return [
    `${indent}Website: ${inline(textAt(m, 'link') || textAt(m, 'url'))}`,
    ...(viewport ? [`${indent}Viewport: ${word(viewport)}${viewport === 'custom' ? ` ${size}` : ''}`] : []),
    ...textField('Prompt', textAt(m, 'prompt'), indent),
    ...textField('Image link', textAt(m, 'image_link'), indent),
    ...textField('Image info', textAt(m, 'image_info'), indent),
    ...textField('Message', textAt(m, 'message'), indent),
    ...textField('On error', textAt(m, 'error'), indent),
  ];
};

/** send_workflow: send a saved workflow to the user, named when the plan has it. */
export const renderSendWorkflow: MetadataRenderer = (m, { indent, workflowName }) => {
  const id = textAt(m, 'workflow_id');
  const name = id ? workflowName(id) : undefined;
  return [
    id ? `${indent}Workflow: ${name === undefined ? '' : `${inline(name)} `}(id ${inline(id)})` : `${indent}Workflow: (none chosen)`,
    ...textField('Hosted link', textAt(m, 'hosted_link'), indent),
    ...textField('Message', textAt(m, 'message'), indent),
    ...textField('On error', textAt(m, 'error'), indent),
  ];
};
