import { functionDefinition } from '../functions/registry.js';
import type { FunctionNodeData } from '../format/types.js';
import { metadataForReading } from './metadataForReading.js';
import { inline, textField, word } from '../functions/render/quote.js';
import type { MetadataRenderer, RenderContext } from '../functions/render/renderContext.js';
import { renderSettings } from '../functions/render/renderSettings.js';

// Any other type: every metadata field as a setting, secrets hidden.
const renderUnknown: MetadataRenderer = (m, { indent }) => {
  const settings = renderSettings(m, indent);
  return settings.length === 0 ? [] : [`${indent}Settings:`, ...settings];
};

/** The readable name of a function: its name, else its title, else its id. */
export function functionName(data: FunctionNodeData, id: string): string {
  return data.name || data.title || id;
}

/** The heading of a function step, e.g. `HTTP call "Look up order"`. */
export function functionHeading(data: FunctionNodeData, id: string): string {
  const definition = functionDefinition(data.type);
  const name = inline(functionName(data, id));
  return definition ? `${definition.promptKind} ${name}` : `Function ${name} (type ${word(data.type)})`;
}

/** The lines under a function step's heading: its common fields, then its type's metadata. */
export function renderFunctionBody(data: FunctionNodeData, ctx: RenderContext): string[] {
  const { indent } = ctx;
  const lines: string[] = [];
  if (!data.active) lines.push(`${indent}Inactive: skip this step`);
  if (data.title && data.title !== data.name) lines.push(`${indent}Title: ${inline(data.title)}`);
  lines.push(...textField('Description', data.description ?? '', indent));
  lines.push(...textField('Trigger', data.trigger ?? '', indent));
  lines.push(...textField('Trigger text', data.trigger_text ?? '', indent));
  lines.push(...textField('Button text', data.button_text ?? '', indent));
  lines.push(...textField('Thinking text', data.thinking_text ?? '', indent));
  if (data.execute_first) lines.push(`${indent}Run: before anything else`);
  if (data.execute_once) lines.push(`${indent}Run: once per conversation`);
  const render = functionDefinition(data.type)?.render ?? renderUnknown;
  lines.push(...render(metadataForReading(data.type, data.metadata ?? {}), ctx));
  return lines;
}
