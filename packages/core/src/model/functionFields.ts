import type { FieldSpec } from './fields.js';
import { GENERATE_GUI_FIELDS } from './guiFields.js';
import { CUSTOM_ASSISTANT, MODEL_OPTIONS } from './models.js';
import {
  HTTP_AUTHORIZATION_OPTIONS,
  HTTP_METHODS,
  KNOWLEDGE_BASE_CONTENT_TYPES,
  KNOWLEDGE_BASE_MODE_OPTIONS,
  OUTPUT_TYPE_OPTIONS,
  SLIDER_RANGES,
  VIEWPORT_OPTIONS,
  capitalizedOptions,
  optionsOf,
} from './options.js';
import { SETUP_REMINDER_FIELDS } from './reminderFields.js';
import type { FunctionType } from './types.js';

const customAssistant = { key: 'model', equals: CUSTOM_ASSISTANT } as const;
const customViewport = { key: 'viewport', equals: 'custom' } as const;

const CUSTOM_GPT_FIELDS: readonly FieldSpec[] = [
  { key: 'prompt', label: 'Prompt', kind: 'textarea' },
  { key: 'model', label: 'Model', kind: 'model', options: MODEL_OPTIONS },
  { key: 'api_key', label: 'API Key', kind: 'secret', visibleWhen: customAssistant },
  { key: 'assistant_id', label: 'Assistant ID', kind: 'text', visibleWhen: customAssistant },
  { key: 'temperature', label: 'Temperature', kind: 'slider', range: SLIDER_RANGES.temperature },
  { key: 'max_tokens', label: 'Max Tokens', kind: 'slider', range: SLIDER_RANGES.maxTokens },
  { key: 'message', label: 'Message', kind: 'textarea' },
  { key: 'output.type', label: 'Output Type', kind: 'select', options: OUTPUT_TYPE_OPTIONS },
  {
    key: 'output.raw',
    label: 'Output Variable',
    kind: 'text',
    visibleWhen: { key: 'output.type', equals: 'raw', ifAbsent: 'raw' },
  },
  {
    key: 'output.json',
    label: 'JSON Variables',
    kind: 'keyValueList',
    itemFields: ['name', 'description'],
    visibleWhen: { key: 'output.type', equals: 'json', ifAbsent: 'raw' },
  },
];

const HANDLE_IMAGE_FIELDS: readonly FieldSpec[] = [
  { key: 'vision_prompt', label: 'Vision Prompt', kind: 'textarea' },
  { key: 'prompt_prefix', label: 'Prompt Prefix', kind: 'textarea' },
  { key: 'image_description_variable', label: 'Image Description Variable', kind: 'text' },
  { key: 'message', label: 'Message', kind: 'textarea' },
  { key: 'append_answer', label: 'Append Answer', kind: 'toggle' },
  { key: 'image_batch', label: 'Image Batch', kind: 'toggle' },
  { key: 'image_link', label: 'Image Link', kind: 'text' },
  { key: 'image_link_variable', label: 'Image Link Variable', kind: 'text' },
];

/** The editor edits the first call (spec section 3: apicalls[0]). */
const HTTP_CALLS_FIELDS: readonly FieldSpec[] = [
  { key: 'apicalls.0.method', label: 'Method', kind: 'select', options: optionsOf(HTTP_METHODS) },
  { key: 'apicalls.0.url', label: 'URL', kind: 'text', placeholder: 'https://' },
  { key: 'apicalls.0.params', label: 'Query Parameters', kind: 'keyValueList', itemFields: ['name', 'value'] },
  { key: 'apicalls.0.authorization', label: 'Authorization', kind: 'select', options: HTTP_AUTHORIZATION_OPTIONS },
  { key: 'apicalls.0.headers', label: 'Headers', kind: 'keyValueList', itemFields: ['name', 'value'] },
  { key: 'apicalls.0.body.raw.data', label: 'Body', kind: 'textarea' },
  { key: 'apicalls.0.output.json', label: 'Output Variables', kind: 'keyValueList', itemFields: ['name', 'value'] },
  { key: 'result_message', label: 'Result Message', kind: 'textarea' },
  { key: 'result_prompt', label: 'Result Prompt', kind: 'textarea' },
  { key: 'error', label: 'Error Message', kind: 'textarea' },
];

const SEE_WEBSITE_FIELDS: readonly FieldSpec[] = [
  { key: 'link', label: 'Link', kind: 'text', placeholder: 'https://' },
  { key: 'prompt', label: 'Prompt', kind: 'textarea' },
  { key: 'viewport', label: 'Viewport', kind: 'select', options: VIEWPORT_OPTIONS },
  { key: 'width', label: 'Width', kind: 'number', visibleWhen: customViewport },
  { key: 'height', label: 'Height', kind: 'number', visibleWhen: customViewport },
  { key: 'image_link', label: 'Image Link', kind: 'text' },
  { key: 'image_info', label: 'Image Info', kind: 'textarea' },
  { key: 'message', label: 'Message', kind: 'textarea' },
  { key: 'error', label: 'Error Message', kind: 'textarea' },
];

const SEND_WORKFLOW_FIELDS: readonly FieldSpec[] = [
  { key: 'workflow_id', label: 'Workflow', kind: 'workflowRef' },
  { key: 'hosted_link', label: 'Hosted Link', kind: 'text' },
  { key: 'message', label: 'Message', kind: 'textarea' },
  { key: 'error', label: 'Error Message', kind: 'textarea' },
];

const GENERATE_KNOWLEDGE_BASE_FIELDS: readonly FieldSpec[] = [
  { key: 'mode', label: 'Mode', kind: 'select', options: KNOWLEDGE_BASE_MODE_OPTIONS },
  { key: 'knowledge_base.prompt', label: 'Prompt', kind: 'textarea' },
  { key: 'knowledge_base.model', label: 'Model', kind: 'model', options: MODEL_OPTIONS },
  { key: 'knowledge_base.max_results', label: 'Max Results', kind: 'number' },
  { key: 'knowledge_base.timeout', label: 'Timeout (seconds)', kind: 'number' },
  {
    key: 'knowledge_base.content_types',
    label: 'Content Types',
    kind: 'multiSelect',
    options: capitalizedOptions(KNOWLEDGE_BASE_CONTENT_TYPES),
  },
  { key: 'reading_webhook_id', label: 'Reading Webhook ID', kind: 'text' },
  { key: 'reading_list_id', label: 'Reading List ID', kind: 'text' },
  { key: 'vector_store_id', label: 'Vector Store ID', kind: 'text' },
  { key: 'reading_lists_message', label: 'Reading Lists Message', kind: 'textarea' },
  { key: 'knowledge_base_message', label: 'Knowledge Base Message', kind: 'textarea' },
  { key: 'error', label: 'Error Message', kind: 'textarea' },
];

/** The property form of each function type, in display order; keys are metadata paths. */
export const FUNCTION_FIELDS: { readonly [T in FunctionType]: readonly FieldSpec[] } = {
  instruct: [{ key: 'prompt', label: 'Prompt', kind: 'textarea' }],
  custom_gpt: CUSTOM_GPT_FIELDS,
  handle_image: HANDLE_IMAGE_FIELDS,
  http_calls: HTTP_CALLS_FIELDS,
  capture_variables: [
    { key: 'variables', label: 'Variables', kind: 'keyValueList', itemFields: ['name', 'description'] },
  ],
  see_website: SEE_WEBSITE_FIELDS,
  send_workflow: SEND_WORKFLOW_FIELDS,
  setup_reminder: SETUP_REMINDER_FIELDS,
  generate_gui: GENERATE_GUI_FIELDS,
  change_instructions: [{ key: 'system_prompts', label: 'System Prompts', kind: 'textList' }],
  generate_knowledge_base: GENERATE_KNOWLEDGE_BASE_FIELDS,
};
