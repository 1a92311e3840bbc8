import type { FieldOption } from './options.js';

export const CUSTOM_ASSISTANT = 'Custom Assistant';

/** OpenAI models of spec section 9, typos corrected (decisions.md). */
export const OPENAI_MODELS = [
  'gpt-4',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4-turbo',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'o1-preview',
  'o1-mini',
  'o3',
  'o3-mini',
  'o4-mini',
] as const;

export const CLAUDE_MODELS = [
  'claude-3-opus-20240229',
  'claude-3-sonnet-20240229',
  'claude-3-haiku-20240307',
  'claude-3-5-sonnet-20241022',
  'claude-3-5-haiku-20241022',
  'claude-3-7-sonnet-20250219',
] as const;

export const BEDROCK_MODELS = [
  'anthropic.claude-3-opus-20240229-v1:0',
  'anthropic.claude-3-sonnet-20240229-v1:0',
  'anthropic.claude-3-haiku-20240307-v1:0',
  'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'anthropic.claude-3-5-haiku-20241022-v1:0',
  'anthropic.claude-3-7-sonnet-20250219-v1:0',
] as const;

/** Every model id a function may name, in the order the editor lists them. */
export const MODELS = [...OPENAI_MODELS, ...CLAUDE_MODELS, ...BEDROCK_MODELS, CUSTOM_ASSISTANT] as const;
export type ModelId = (typeof MODELS)[number];

const CLAUDE_LABELS: Record<(typeof CLAUDE_MODELS)[number], string> = {
  'claude-3-opus-20240229': 'Claude 3 Opus',
  'claude-3-sonnet-20240229': 'Claude 3 Sonnet',
  'claude-3-haiku-20240307': 'Claude 3 Haiku',
  'claude-3-5-sonnet-20241022': 'Claude 3.5 Sonnet',
  'claude-3-5-haiku-20241022': 'Claude 3.5 Haiku',
  'claude-3-7-sonnet-20250219': 'Claude 3.7 Sonnet',
};

const BEDROCK_LABELS: Record<(typeof BEDROCK_MODELS)[number], string> = {
  'anthropic.claude-3-opus-20240229-v1:0': 'Bedrock Claude 3 Opus',
  'anthropic.claude-3-sonnet-20240229-v1:0': 'Bedrock Claude 3 Sonnet',
  'anthropic.claude-3-haiku-20240307-v1:0': 'Bedrock Claude 3 Haiku',
  'anthropic.claude-3-5-sonnet-20241022-v2:0': 'Bedrock Claude 3.5 Sonnet',
  'anthropic.claude-3-5-haiku-20241022-v1:0': 'Bedrock Claude 3.5 Haiku',
  'anthropic.claude-3-7-sonnet-20250219-v1:0': 'Bedrock Claude 3.7 Sonnet',
};

/** Model choices with labels; OpenAI ids are shown as they are. */
export const MODEL_OPTIONS: readonly FieldOption[] = [
  ...OPENAI_MODELS.map((value) => ({ value, label: value })),
  ...CLAUDE_MODELS.map((value) => ({ value, label: CLAUDE_LABELS[value] })),
  ...BEDROCK_MODELS.map((value) => ({ value, label: BEDROCK_LABELS[value] })),
  { value: CUSTOM_ASSISTANT, label: CUSTOM_ASSISTANT },
];

/** The original product's misspelt ids, as old flows may still hold them. */
const LEGACY_MODEL_IDS: Readonly<Record<string, ModelId>> = {
  'gpt-40-mini': 'gpt-4o-mini',
  'gpt-1-preview': 'o1-preview',
};

/** The model id to use for `id`: legacy typos read as the real ids, anything else unchanged. */
export function normalizeModelId(id: string): string {
  return Object.hasOwn(LEGACY_MODEL_IDS, id) ? (LEGACY_MODEL_IDS[id] ?? id) : id;
}

/** Whether `id` (after normalizing) is one of the listed models. */
export function isKnownModel(id: string): boolean {
  const normalized = normalizeModelId(id);
  return MODELS.some((model) => model === normalized);
}
