import { normalizeModelId } from '../../model/models.js';
import type { JsonObject } from '../../model/types.js';
import { isRecord } from '../../model/paths.js';
import { flagAt, listAt, numberAt, objectAt, textAt } from './jsonFields.js';
import { textField, word } from './quote.js';
import type { MetadataRenderer, RenderContext } from './renderContext.js';
import { renderSettings } from './renderSettings.js';

/** Whether a secret field holds something (a literal, `{ key }` or `{ env }`), without reading it. */
export function hasSecret(m: JsonObject, key: string): boolean {
  const v = m[key];
  if (typeof v === 'string') return v !== '';
  return isRecord(v) && Object.keys(v).length > 0;
}

/** instruct: the prompt the agent follows. */
export const renderInstruct: MetadataRenderer = (m, { indent }) => textField('Prompt', textAt(m, 'prompt'), indent);

/** handle_image: look at an image and describe or answer about it. */
export const renderHandleImage: MetadataRenderer = (m, { indent }) => [
  ...textField('Vision prompt', textAt(m, 'vision_prompt'), indent),
  ...textField('Prompt prefix', textAt(m, 'prompt_prefix'), indent),
  ...textField('Image link', textAt(m, 'image_link'), indent),
  ...textField('Image link variable', textAt(m, 'image_link_variable'), indent),
  ...textField('Store the description in the variable', textAt(m, 'image_description_variable'), indent),
  ...(flagAt(m, 'image_batch') ? [`${indent}Images: handled as a batch`] : []),
  ...(flagAt(m, 'append_answer') ? [`${indent}Append the answer to the conversation: yes`] : []),
  ...textField('Message', textAt(m, 'message'), indent),
];

/** change_instructions: the system prompts that replace the agent's instructions. */
export const renderChangeInstructions: MetadataRenderer = (m, ctx: RenderContext) => {
  const prompts = listAt(m, 'system_prompts');
  if (prompts.length === 0) return [`${ctx.indent}Change the instructions to: (none given)`];
  const lines = [`${ctx.indent}Change the instructions to:`];
  prompts.forEach((p, i) => {
    const label = `Instructions ${i + 1}`;
    if (typeof p === 'string') lines.push(...textField(label, p, ctx.indent));
    else if (isRecord(p)) lines.push(`${ctx.indent}${label}:`, ...renderSettings(p, ctx.indent));
  });
  return lines;
};

/** generate_knowledge_base: build a knowledge base from reading lists. */
export const renderGenerateKnowledgeBase: MetadataRenderer = (m, { indent }) => {
  const kb = objectAt(m, 'knowledge_base');
  const model = normalizeModelId(textAt(kb, 'model'));
  const types = listAt(kb, 'content_types').filter((t) => typeof t === 'string');
  return [
    ...(textAt(m, 'mode') ? [`${indent}Mode: ${word(textAt(m, 'mode'))}`] : []),
    ...textField('Knowledge base prompt', textAt(kb, 'prompt'), indent),
    ...(model ? [`${indent}Model: ${word(model)}`] : []),
    ...(textAt(kb, 'max_results') ? [`${indent}Max results: ${numberAt(kb, 'max_results', 0)}`] : []),
    ...(textAt(kb, 'timeout') ? [`${indent}Timeout: ${numberAt(kb, 'timeout', 0)} seconds`] : []),
    ...(types.length > 0 ? [`${indent}Content types: ${types.map(word).join(', ')}`] : []),
    ...textField('Reading webhook id', textAt(m, 'reading_webhook_id'), indent),
    ...textField('Reading list id', textAt(m, 'reading_list_id'), indent),
    ...textField('Vector store id', textAt(m, 'vector_store_id'), indent),
    ...textField('Reading lists message', textAt(m, 'reading_lists_message'), indent),
    ...textField('Knowledge base message', textAt(m, 'knowledge_base_message'), indent),
    ...textField('On error', textAt(m, 'error'), indent),
  ];
};
