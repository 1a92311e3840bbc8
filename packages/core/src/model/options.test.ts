import { describe, expect, it } from 'vitest';
import {
  BEDROCK_MODELS,
  CLAUDE_MODELS,
  CUSTOM_ASSISTANT,
  isKnownModel,
  MODEL_OPTIONS,
  MODELS,
  normalizeModelId,
  OPENAI_MODELS,
} from './models.js';
import {
  GUI_MODES,
  HTTP_AUTHORIZATIONS,
  HTTP_METHODS,
  IMAGE_DISPLAY_MODES,
  IMAGE_SERVICES,
  KNOWLEDGE_BASE_CONTENT_TYPES,
  KNOWLEDGE_BASE_DEFAULTS,
  OUTPUT_TYPES,
  POST_ACTION_OPTIONS,
  RECURRING_INTERVAL_UNITS,
  REMINDER_FREQUENCIES,
  REMINDER_UNITS,
  SCHEMA_TYPES,
  SLIDER_RANGES,
  VIEW_MODES,
  VIEWPORTS,
} from './options.js';
import { POST_ACTION_TYPES } from './types.js';

describe('option lists', () => {
  it('hold the values of spec section 9', () => {
    expect(HTTP_METHODS).toEqual(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
    expect(HTTP_AUTHORIZATIONS).toEqual(['none', 'bearer']);
    expect(OUTPUT_TYPES).toEqual(['raw', 'json']);
    expect(GUI_MODES).toEqual(['ui', 'custom']);
    expect(SCHEMA_TYPES).toEqual(['cards', 'reviews', 'products']);
    expect(VIEW_MODES).toEqual(['grid', 'stack', 'quiz', 'stories', 'document', 'item']);
    expect(IMAGE_DISPLAY_MODES).toEqual(['thumbnail', 'background']);
    expect(IMAGE_SERVICES).toEqual(['google', 'stock', 'generate', 'prompt']);
    expect(VIEWPORTS).toEqual(['default', 'custom', 'fullpage']);
    expect(REMINDER_FREQUENCIES).toEqual(['single', 'recurring']);
    expect(REMINDER_UNITS).toEqual(['mins', 'hours', 'days']);
    expect(RECURRING_INTERVAL_UNITS).toEqual(['hours', 'days', 'weeks']);
    expect(KNOWLEDGE_BASE_CONTENT_TYPES).toEqual(['article', 'video', 'podcast', 'reddit', 'other']);
  });

  it('label the post action types as the spec does, in the order of the types', () => {
    expect(POST_ACTION_OPTIONS.map((o) => o.value)).toEqual([...POST_ACTION_TYPES]);
    expect(POST_ACTION_OPTIONS[0]).toEqual({ value: 'none', label: 'Next Chain / Do Nothing' });
    expect(POST_ACTION_OPTIONS[1]).toEqual({ value: 'function', label: 'Execute Function' });
  });

  it('keep the knowledge base defaults of spec section 9', () => {
    expect(KNOWLEDGE_BASE_DEFAULTS.model).toBe('gpt-4o');
    expect(KNOWLEDGE_BASE_DEFAULTS.maxResults).toBe(2);
    expect(KNOWLEDGE_BASE_DEFAULTS.timeout).toBe(120);
  });

  it('give the slider ranges of spec section 5', () => {
    expect(SLIDER_RANGES.temperature).toEqual({ min: 0, max: 1, step: 0.1 });
    expect(SLIDER_RANGES.maxTokens).toEqual({ min: 1, max: 4000, step: 100 });
    expect(SLIDER_RANGES.numItems).toMatchObject({ min: 1, max: 20 });
    expect(SLIDER_RANGES.interactiveElementsPercentage).toMatchObject({ min: 0, max: 100 });
    expect(SLIDER_RANGES.interactiveElementsMaxPerItem).toMatchObject({ min: 0, max: 10 });
  });
});

describe('models', () => {
  it('list twelve OpenAI, six Claude and six Bedrock models and Custom Assistant', () => {
    expect(OPENAI_MODELS).toHaveLength(12);
    expect(CLAUDE_MODELS).toHaveLength(6);
    expect(BEDROCK_MODELS).toHaveLength(6);
    expect(MODELS).toHaveLength(25);
    expect(MODELS[MODELS.length - 1]).toBe(CUSTOM_ASSISTANT);
    expect(new Set(MODELS).size).toBe(MODELS.length);
  });

  it('use the corrected ids, not the typos of the original product', () => {
    expect(MODELS).toContain('gpt-4o-mini');
    expect(MODELS).toContain('o1-preview');
    expect(MODELS).not.toContain('gpt-40-mini');
    expect(MODELS).not.toContain('gpt-1-preview');
  });

  it('offer one labelled option per model', () => {
    expect(MODEL_OPTIONS.map((o) => o.value)).toEqual([...MODELS]);
    expect(MODEL_OPTIONS.every((o) => o.label !== '')).toBe(true);
    expect(MODEL_OPTIONS.find((o) => o.value === 'claude-3-7-sonnet-20250219')?.label).toBe('Claude 3.7 Sonnet');
  });

  it('read the legacy typos as the real ids and leave other ids alone', () => {
    expect(normalizeModelId('gpt-40-mini')).toBe('gpt-4o-mini');
    expect(normalizeModelId('gpt-1-preview')).toBe('o1-preview');
    expect(normalizeModelId('gpt-4o')).toBe('gpt-4o');
    expect(normalizeModelId('my-model')).toBe('my-model');
    // Own keys only: a model named after a built-in property of objects is itself.
    expect(normalizeModelId('toString')).toBe('toString');
    expect(normalizeModelId('constructor')).toBe('constructor');
  });

  it('know listed and legacy ids but not others', () => {
    expect(isKnownModel('gpt-40-mini')).toBe(true);
    expect(isKnownModel('anthropic.claude-3-5-sonnet-20241022-v2:0')).toBe(true);
    expect(isKnownModel('Custom Assistant')).toBe(true);
    expect(isKnownModel('gpt-5-ultra')).toBe(false);
  });
});
