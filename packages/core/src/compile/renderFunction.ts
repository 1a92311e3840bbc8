import type { FunctionNodeData, FunctionType } from '../model/types.js';
import { metadataForReading } from './metadataForReading.js';
import { inline, textField, word } from './quote.js';
import type { MetadataRenderer, RenderContext } from './renderContext.js';
import { renderCaptureVariables, renderSetupReminder } from './renderConversation.js';
import { renderGenerateGui } from './renderGenerateGui.js';
import { renderHttpCalls, renderSeeWebsite, renderSendWorkflow } from './renderIntegrations.js';
import {
  renderChangeInstructions,
  renderCustomGpt,
  renderGenerateKnowledgeBase,
  renderHandleImage,
  renderInstruct,
} from './renderModelCalls.js';
import { renderSettings } from './renderSettings.js';

/** Per function type: the words a model reads for it, and its metadata renderer. */
const FUNCTION_KINDS: Readonly<Record<FunctionType, readonly [string, MetadataRenderer]>> = {
  instruct: ['Instruct', renderInstruct],
  custom_gpt: ['Custom GPT call', renderCustomGpt],
  handle_image: ['Handle image', renderHandleImage],
  http_calls: ['HTTP call', renderHttpCalls],
  capture_variables: ['Capture variables', renderCaptureVariables],
  see_website: ['See a website', renderSeeWebsite],
  send_workflow: ['Send workflow', renderSendWorkflow],
  setup_reminder: ['Set up reminder', renderSetupReminder],
  generate_gui: ['Generate GUI', renderGenerateGui],
  change_instructions: ['Change instructions', renderChangeInstructions],
  generate_knowledge_base: ['Generate knowledge base', renderGenerateKnowledgeBase],
};

// Any other type: every metadata field as a setting, secrets hidden.
const renderUnknown: MetadataRenderer = (m, { indent }) => {
  const settings = renderSettings(m, indent);
  return settings.length === 0 ? [] : [`${indent}Settings:`, ...settings];
};

// Widened for lookup by any stored type string.
const KINDS_BY_TYPE: Readonly<Record<string, readonly [string, MetadataRenderer] | undefined>> = FUNCTION_KINDS;

function kindOf(type: string): readonly [string, MetadataRenderer] | undefined {
  return Object.hasOwn(KINDS_BY_TYPE, type) ? KINDS_BY_TYPE[type] : undefined;
}

/** The readable name of a function: its name, else its title, else its id. */
export function functionName(data: FunctionNodeData, id: string): string {
  return data.name || data.title || id;
}

/** The heading of a function step, e.g. `HTTP call "Look up order"`. */
export function functionHeading(data: FunctionNodeData, id: string): string {
  const kind = kindOf(data.type);
  const name = inline(functionName(data, id));
  return kind ? `${kind[0]} ${name}` : `Function ${name} (type ${word(String(data.type))})`;
}

/** The lines under a function step's heading: its common fields, then its type's metadata. */
export function renderFunctionBody(data: FunctionNodeData, ctx: RenderContext): string[] {
  const { indent } = ctx;
  const lines: string[] = [];
  if (data.active === false) lines.push(`${indent}Inactive: skip this step`);
  if (data.title && data.title !== data.name) lines.push(`${indent}Title: ${inline(data.title)}`);
  lines.push(...textField('Description', data.description ?? '', indent));
  lines.push(...textField('Trigger', data.trigger ?? '', indent));
  lines.push(...textField('Trigger text', data.trigger_text ?? '', indent));
  lines.push(...textField('Button text', data.button_text ?? '', indent));
  lines.push(...textField('Thinking text', data.thinking_text ?? '', indent));
  if (data.execute_first) lines.push(`${indent}Run: before anything else`);
  if (data.execute_once) lines.push(`${indent}Run: once per conversation`);
  const render = kindOf(data.type)?.[1] ?? renderUnknown;
  lines.push(...render(metadataForReading(data.type, data.metadata ?? {}), ctx));
  return lines;
}
