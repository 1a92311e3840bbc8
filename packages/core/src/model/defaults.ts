import type { FunctionMetadataMap, HttpCall } from './metadata.js';
import { KNOWLEDGE_BASE_CONTENT_TYPES, KNOWLEDGE_BASE_DEFAULTS } from './options.js';
import { mergeDefaults } from './paths.js';
import type { FunctionType, JsonObject } from './types.js';
import { FUNCTION_TYPES } from './types.js';

/** The first call of a new http_calls function. */
export const DEFAULT_HTTP_CALL: HttpCall = {
  method: 'GET',
  url: '',
  params: [],
  authorization: 'none',
  headers: [],
  body: { raw: { data: '' } },
  output: { json: [] },
};

/** Metadata of a new function of each type; also the values an empty field falls back to. */
export const FUNCTION_DEFAULTS: { readonly [T in FunctionType]: FunctionMetadataMap[T] } = {
  instruct: { prompt: '' },
  custom_gpt: {
    prompt: '',
    model: 'gpt-4o',
    temperature: 0.7,
    max_tokens: 1000,
    assistant_id: '',
    message: '',
    output: { type: 'raw', raw: '', json: [] },
  },
  handle_image: {
    vision_prompt: '',
    prompt_prefix: '',
    image_description_variable: '',
    message: '',
    append_answer: false,
    image_batch: false,
    image_link: '',
    image_link_variable: '',
  },
  http_calls: { apicalls: [DEFAULT_HTTP_CALL], error: '', result_message: '', result_prompt: '' },
  capture_variables: { variables: [] },
  see_website: {
    link: '',
    url: '',
    prompt: '',
    viewport: 'default',
    width: 1280,
    height: 720,
    image_link: '',
    image_info: '',
    message: '',
    error: '',
  },
  send_workflow: { workflow_id: '', hosted_link: '', message: '', error: '' },
  setup_reminder: {
    content_type: 'message',
    content_message: '',
    content_prompt: '',
    content_function: '',
    reminder_frequency: 'single',
    reminder_type: 'activity',
    reminder_activity_unit: 1,
    reminder_activity_type: 'hours',
    reminder_trigger_unit: 1,
    reminder_trigger_type: 'hours',
    reminder_schedule_date: '',
    reminder_schedule_text: '',
    reminder_recurring_interval: 1,
    reminder_recurring_interval_type: 'days',
    reminder_recurring_start_date: '',
    reminder_recurring_end_date: '',
    cancel_on_reply: false,
    cancel_date: '',
  },
  generate_gui: {
    data: {
      mode: 'ui',
      prompt: '',
      schemaType: 'cards',
      numItems: 5,
      defaultViewMode: 'grid',
      model: 'gpt-4o',
      temperature: 0.7,
      imageSettings: { enabled: false, displayMode: 'thumbnail', service: 'google' },
      uiSettings: {
        allowTextInputs: false,
        allowChecklists: false,
        allowBullets: false,
        allowMultipleChoice: false,
        allowPayment: false,
        allowRatingSlider: false,
        interactiveElementsPercentage: 0,
        interactiveElementsMaxPerItem: 0,
        allowStars: false,
        allowCheckbox: false,
        allowTags: false,
        allowUpvoteButton: false,
      },
      view_link: '',
      view_mode: 'grid',
    },
  },
  change_instructions: { system_prompts: [] },
  generate_knowledge_base: {
    mode: 'knowledge_base',
    knowledge_base: {
      prompt: '',
      model: KNOWLEDGE_BASE_DEFAULTS.model,
      max_results: KNOWLEDGE_BASE_DEFAULTS.maxResults,
      timeout: KNOWLEDGE_BASE_DEFAULTS.timeout,
      content_types: [...KNOWLEDGE_BASE_CONTENT_TYPES],
    },
    reading_webhook_id: '',
    reading_list_id: '',
    vector_store_id: '',
    reading_lists_message: '',
    knowledge_base_message: '',
    error: '',
  },
};

/** Whether `type` is one of the eleven function types. */
export function isFunctionType(type: string): type is FunctionType {
  return FUNCTION_TYPES.some((known) => known === type);
}

/** A fresh copy of the default metadata of `type`; `{}` for a type we do not know. */
export function defaultMetadata(type: string): JsonObject {
  return isFunctionType(type) ? structuredClone<JsonObject>(FUNCTION_DEFAULTS[type]) : {};
}

/**
 * `metadata` with every missing or null value filled from the defaults of `type`
 * (spec section 5: Custom GPT defaults when empty).
 */
export function withDefaults(type: string, metadata: JsonObject): JsonObject {
  return mergeDefaults(defaultMetadata(type), metadata);
}
