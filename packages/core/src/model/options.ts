import type { PostActionType } from './types.js';

/** One choice of a select field: the stored value and the text shown. */
export interface FieldOption {
  value: string;
  label: string;
}

/** Option list of plain values whose label is the value itself. */
export function optionsOf(values: readonly string[]): FieldOption[] {
  return values.map((value) => ({ value, label: value }));
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const HTTP_AUTHORIZATIONS = ['none', 'bearer'] as const;
export type HttpAuthorization = (typeof HTTP_AUTHORIZATIONS)[number];
export const HTTP_AUTHORIZATION_OPTIONS: readonly FieldOption[] = [
  { value: 'none', label: 'None' },
  { value: 'bearer', label: 'Bearer Token' },
];

export const OUTPUT_TYPES = ['raw', 'json'] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];
export const OUTPUT_TYPE_OPTIONS: readonly FieldOption[] = [
  { value: 'raw', label: 'Raw' },
  { value: 'json', label: 'JSON' },
];

/** Spec section 4: what a function does after it ran, with the labels the editor shows. */
export const POST_ACTION_OPTIONS: readonly { value: PostActionType; label: string }[] = [
  { value: 'none', label: 'Next Chain / Do Nothing' },
  { value: 'function', label: 'Execute Function' },
  { value: 'trigger_response', label: 'Trigger Response' },
  { value: 'run_tracking', label: 'Run Tracking' },
];

export const GUI_MODES = ['ui', 'custom'] as const;
export type GuiMode = (typeof GUI_MODES)[number];
export const GUI_MODE_OPTIONS: readonly FieldOption[] = [
  { value: 'ui', label: 'UI' },
  { value: 'custom', label: 'Custom' },
];

export const SCHEMA_TYPES = ['cards', 'reviews', 'products'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

export const VIEW_MODES = ['grid', 'stack', 'quiz', 'stories', 'document', 'item'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export const IMAGE_DISPLAY_MODES = ['thumbnail', 'background'] as const;
export type ImageDisplayMode = (typeof IMAGE_DISPLAY_MODES)[number];

export const IMAGE_SERVICES = ['google', 'stock', 'generate', 'prompt'] as const;
export type ImageService = (typeof IMAGE_SERVICES)[number];

export const VIEWPORTS = ['default', 'custom', 'fullpage'] as const;
export type WebsiteViewport = (typeof VIEWPORTS)[number];

export const REMINDER_FREQUENCIES = ['single', 'recurring'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];
export const REMINDER_FREQUENCY_OPTIONS: readonly FieldOption[] = [
  { value: 'single', label: 'Single' },
  { value: 'recurring', label: 'Recurring' },
];

/** When a single reminder fires: after inactivity, after the function ran, or at a date. */
export const REMINDER_TYPES = ['activity', 'trigger', 'schedule'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];
export const REMINDER_TYPE_OPTIONS: readonly FieldOption[] = [
  { value: 'activity', label: 'After Inactivity' },
  { value: 'trigger', label: 'After Trigger' },
  { value: 'schedule', label: 'At a Date' },
];

export const REMINDER_UNITS = ['mins', 'hours', 'days'] as const;
export type ReminderUnit = (typeof REMINDER_UNITS)[number];

export const RECURRING_INTERVAL_UNITS = ['hours', 'days', 'weeks'] as const;
export type RecurringIntervalUnit = (typeof RECURRING_INTERVAL_UNITS)[number];

/** What a reminder sends: a fixed message, a prompt, or the result of a function. */
export const REMINDER_CONTENT_TYPES = ['message', 'prompt', 'function'] as const;
export type ReminderContentType = (typeof REMINDER_CONTENT_TYPES)[number];
export const REMINDER_CONTENT_TYPE_OPTIONS: readonly FieldOption[] = [
  { value: 'message', label: 'Message' },
  { value: 'prompt', label: 'Prompt' },
  { value: 'function', label: 'Function' },
];

/** Whether the knowledge-base function fills reading lists or a vector store. */
export const KNOWLEDGE_BASE_MODES = ['knowledge_base', 'reading_list'] as const;
export type KnowledgeBaseMode = (typeof KNOWLEDGE_BASE_MODES)[number];
export const KNOWLEDGE_BASE_MODE_OPTIONS: readonly FieldOption[] = [
  { value: 'knowledge_base', label: 'Knowledge Base' },
  { value: 'reading_list', label: 'Reading List' },
];

export const KNOWLEDGE_BASE_CONTENT_TYPES = ['article', 'video', 'podcast', 'reddit', 'other'] as const;
export type KnowledgeBaseContentType = (typeof KNOWLEDGE_BASE_CONTENT_TYPES)[number];

/** Spec section 9: knowledge base defaults. */
export const KNOWLEDGE_BASE_DEFAULTS = {
  model: 'gpt-4o',
  maxResults: 2,
  timeout: 120,
  contentTypes: KNOWLEDGE_BASE_CONTENT_TYPES,
} as const;

/** Option list whose labels are the values with a capital first letter. */
export function capitalizedOptions(values: readonly string[]): FieldOption[] {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}

export const VIEWPORT_OPTIONS: readonly FieldOption[] = [
  { value: 'default', label: 'Default' },
  { value: 'custom', label: 'Custom' },
  { value: 'fullpage', label: 'Full Page' },
];

export const REMINDER_UNIT_OPTIONS: readonly FieldOption[] = [
  { value: 'mins', label: 'Minutes' },
  { value: 'hours', label: 'Hours' },
  { value: 'days', label: 'Days' },
];

/** Spec section 5: slider ranges. */
export const SLIDER_RANGES = {
  temperature: { min: 0, max: 1, step: 0.1 },
  maxTokens: { min: 1, max: 4000, step: 100 },
  numItems: { min: 1, max: 20, step: 1 },
  interactiveElementsPercentage: { min: 0, max: 100, step: 1 },
  interactiveElementsMaxPerItem: { min: 0, max: 10, step: 1 },
} as const;
