import { describe, expect, it } from 'vitest';
import { defaultMetadata, FUNCTION_DEFAULTS, isFunctionType, withDefaults } from './defaults.js';
import { FUNCTION_TYPES } from './types.js';

describe('FUNCTION_DEFAULTS', () => {
  it('has defaults for each of the eleven types', () => {
    expect(Object.keys(FUNCTION_DEFAULTS).sort()).toEqual([...FUNCTION_TYPES].sort());
  });

  it('gives instruct an empty prompt', () => {
    expect(FUNCTION_DEFAULTS.instruct).toEqual({ prompt: '' });
  });

  it('gives custom_gpt temperature 0.7, max_tokens 1000 and a raw output', () => {
    const gpt = FUNCTION_DEFAULTS.custom_gpt;
    expect(gpt.temperature).toBe(0.7);
    expect(gpt.max_tokens).toBe(1000);
    expect(gpt.output).toEqual({ type: 'raw', raw: '', json: [] });
    expect(gpt.api_key).toBeUndefined();
    expect(gpt.assistant_id).toBe('');
  });

  it('gives handle_image empty texts and switches off', () => {
    expect(FUNCTION_DEFAULTS.handle_image).toMatchObject({ vision_prompt: '', append_answer: false, image_batch: false });
  });

  it('gives http_calls one GET call without authorization', () => {
    const [call] = FUNCTION_DEFAULTS.http_calls.apicalls;
    expect(FUNCTION_DEFAULTS.http_calls.apicalls).toHaveLength(1);
    expect(call).toEqual({
      method: 'GET',
      url: '',
      params: [],
      authorization: 'none',
      headers: [],
      body: { raw: { data: '' } },
      output: { json: [] },
    });
  });

  it('gives capture_variables no variables and change_instructions no prompts', () => {
    expect(FUNCTION_DEFAULTS.capture_variables).toEqual({ variables: [] });
    expect(FUNCTION_DEFAULTS.change_instructions).toEqual({ system_prompts: [] });
  });

  it('gives see_website an empty url and link and the default viewport', () => {
    expect(FUNCTION_DEFAULTS.see_website).toMatchObject({ url: '', link: '', viewport: 'default' });
  });

  it('gives send_workflow no workflow yet', () => {
    expect(FUNCTION_DEFAULTS.send_workflow).toEqual({ workflow_id: '', hosted_link: '', message: '', error: '' });
  });

  it('gives setup_reminder a single reminder', () => {
    expect(FUNCTION_DEFAULTS.setup_reminder.reminder_frequency).toBe('single');
    expect(FUNCTION_DEFAULTS.setup_reminder.content_type).toBe('message');
  });

  it('gives generate_gui values inside the slider ranges and images off', () => {
    const { data } = FUNCTION_DEFAULTS.generate_gui;
    expect(data).toMatchObject({ mode: 'ui', schemaType: 'cards', defaultViewMode: 'grid', temperature: 0.7 });
    expect(data.imageSettings.enabled).toBe(false);
    expect(data.numItems).toBeGreaterThanOrEqual(1);
    expect(data.numItems).toBeLessThanOrEqual(20);
  });

  it('gives the knowledge base model gpt-4o, max results 2, timeout 120 and every content type', () => {
    expect(FUNCTION_DEFAULTS.generate_knowledge_base.knowledge_base).toEqual({
      prompt: '',
      model: 'gpt-4o',
      max_results: 2,
      timeout: 120,
      content_types: ['article', 'video', 'podcast', 'reddit', 'other'],
    });
  });
});

describe('defaultMetadata', () => {
  it('returns a fresh copy each time', () => {
    const a = defaultMetadata('custom_gpt');
    const b = defaultMetadata('custom_gpt');
    expect(a).toEqual(b);
    expect(a['output']).not.toBe(b['output']);
    expect(a['output']).not.toBe(FUNCTION_DEFAULTS.custom_gpt.output);
  });

  it('returns an empty object for an unknown type', () => {
    expect(defaultMetadata('teleport')).toEqual({});
  });
});

describe('withDefaults', () => {
  it('fills an empty custom_gpt with temperature 0.7, max_tokens 1000 and output raw', () => {
    const filled = withDefaults('custom_gpt', { prompt: 'hi', temperature: null });
    expect(filled).toMatchObject({ prompt: 'hi', temperature: 0.7, max_tokens: 1000, output: { type: 'raw' } });
  });
});

describe('isFunctionType', () => {
  it('knows the eleven types only', () => {
    expect(FUNCTION_TYPES.every(isFunctionType)).toBe(true);
    expect(isFunctionType('teleport')).toBe(false);
  });
});
