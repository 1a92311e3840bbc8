import { numberAt, objectAt, objectsAt, textAt } from './render/jsonFields.js';
import { inline, textField, word } from './render/quote.js';
import type { MetadataRenderer } from './render/renderContext.js';
import { hasSecret } from './render/renderModelCalls.js';
import { LIGHTNING } from '../model/emoji.js';
import type { NameDescription, SecretValue } from '../model/metadataParts.js';
import { CUSTOM_ASSISTANT, MODEL_OPTIONS, normalizeModelId } from '../model/models.js';
import { OUTPUT_TYPE_OPTIONS, SLIDER_RANGES, type OutputType } from '../model/options.js';
import { defineFunction } from './FunctionDefinition.js';
import { customGptTool } from './tools/typeTools.js';

export type CustomGptMetadata = {
  prompt: string;
  model: string;
  temperature: number;
  max_tokens: number;
  /** Only with model Custom Assistant. */
  api_key?: SecretValue;
  assistant_id: string;
  message: string;
  output: { type: OutputType; raw: string; json: NameDescription[] };
};

/** Spec section 5: Custom GPT defaults when empty (temperature 0.7, max_tokens 1000, output raw). */
const defaults: CustomGptMetadata = {
  prompt: '',
  model: 'gpt-4o',
  temperature: 0.7,
  max_tokens: 1000,
  assistant_id: '',
  message: '',
  output: { type: 'raw', raw: '', json: [] },
};

/** custom_gpt: a call to a model; the API key is only ever said to be configured. */
const render: MetadataRenderer = (m, { indent }) => {
  const output = objectAt(m, 'output');
  const model = normalizeModelId(textAt(m, 'model'));
  const lines = [
    ...(model ? [`${indent}Model: ${word(model)}`] : []),
    `${indent}Temperature: ${numberAt(m, 'temperature', defaults.temperature)}`,
    `${indent}Max tokens: ${numberAt(m, 'max_tokens', defaults.max_tokens)}`,
  ];
  if (textAt(m, 'assistant_id')) lines.push(`${indent}Assistant id: ${inline(textAt(m, 'assistant_id'))}`);
  if (hasSecret(m, 'api_key')) lines.push(`${indent}API key: configured (not shown)`);
  lines.push(...textField('Prompt', textAt(m, 'prompt'), indent), ...textField('Message', textAt(m, 'message'), indent));
  if (textAt(output, 'type') === 'json') {
    lines.push(`${indent}Output: JSON with the fields`);
    for (const field of objectsAt(output, 'json')) {
      const description = textAt(field, 'description');
      lines.push(`${indent}- ${inline(textAt(field, 'name'))}${description ? `: ${inline(description)}` : ''}`);
    }
  } else {
    const variable = textAt(output, 'raw');
    lines.push(`${indent}Output: raw text${variable ? ` into the variable ${inline(variable)}` : ''}`);
  }
  return lines;
};

const customAssistant = { key: 'model', equals: CUSTOM_ASSISTANT } as const;

/** custom_gpt: a call to a model with its own prompt, settings and output. */
export const customGpt = defineFunction<'custom_gpt', CustomGptMetadata>({
  type: 'custom_gpt',
  name: 'Custom GPT',
  description: 'Call a model with your own prompt, model and output',
  emoji: LIGHTNING,
  promptKind: 'Custom GPT call',
  defaults,
  fields: [
    { key: 'prompt', label: 'Prompt', kind: 'textarea', help: 'The instructions the model is called with.' },
    { key: 'model', label: 'Model', kind: 'model', options: MODEL_OPTIONS },
    {
      key: 'api_key',
      label: 'API Key',
      kind: 'secret',
      visibleWhen: customAssistant,
      placeholder: '${env:OPENAI_API_KEY}',
      help: 'Write ${env:NAME} to read it from the environment when publishing.',
    },
    { key: 'assistant_id', label: 'Assistant ID', kind: 'text', visibleWhen: customAssistant, placeholder: 'asst_…' },
    { key: 'temperature', label: 'Temperature', kind: 'slider', range: SLIDER_RANGES.temperature },
    { key: 'max_tokens', label: 'Max Tokens', kind: 'slider', range: SLIDER_RANGES.maxTokens },
    { key: 'message', label: 'Message', kind: 'textarea', help: 'Shown to the user while the model answers.' },
    { key: 'output.type', label: 'Output Type', kind: 'select', options: OUTPUT_TYPE_OPTIONS },
    {
      key: 'output.raw',
      label: 'Output Variable',
      kind: 'text',
      visibleWhen: { key: 'output.type', equals: 'raw', ifAbsent: 'raw' },
      help: 'The variable that receives the answer as text.',
    },
    {
      key: 'output.json',
      label: 'JSON Variables',
      kind: 'keyValueList',
      itemFields: ['name', 'description'],
      visibleWhen: { key: 'output.type', equals: 'json', ifAbsent: 'raw' },
      help: 'The fields the answer is read into.',
    },
  ],
  quick: {},
  render,
  tool: customGptTool,
});
