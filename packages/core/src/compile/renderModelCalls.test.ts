import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../model/types.js';
import type { FunctionNodeData } from '../format/types.js';
import { compileFlow } from './compileFlow.js';
import { buildFlow, functionNode } from './flowFixtures.js';

const stepLines = (type: string, metadata: JsonObject, over: Partial<FunctionNodeData> = {}): string[] =>
  compileFlow(buildFlow([[functionNode('fn-1', type, metadata, { name: 'Step', ...over })]])).system_message.split('\n');

describe('instruct rendering', () => {
  it('shows the prompt a model follows', () => {
    const lines = stepLines('instruct', { prompt: 'Ask for the order number.' });
    expect(lines).toContain('1. Instruct "Step"');
    expect(lines).toContain('   Prompt: "Ask for the order number."');
  });
});

describe('custom_gpt rendering', () => {
  it('shows model, temperature, max tokens, prompt and output variable', () => {
    const lines = stepLines('custom_gpt', {
      model: 'gpt-4.1-mini',
      temperature: 0.2,
      max_tokens: 400,
      prompt: 'Summarise the lead.\nBe brief.',
      output: { type: 'raw', raw: 'lead_summary', json: [] },
    });
    expect(lines).toContain('1. Custom GPT call "Step"');
    expect(lines).toEqual(expect.arrayContaining(['   Model: gpt-4.1-mini', '   Temperature: 0.2', '   Max tokens: 400']));
    expect(lines).toEqual(expect.arrayContaining(['   Prompt:', '   > Summarise the lead.', '   > Be brief.']));
    expect(lines).toContain('   Output: raw text into the variable "lead_summary"');
  });

  it('falls back to the spec defaults and reads legacy model ids as the real ones', () => {
    const lines = stepLines('custom_gpt', { model: 'gpt-40-mini', temperature: null, max_tokens: null });
    expect(lines).toEqual(expect.arrayContaining(['   Model: gpt-4o-mini', '   Temperature: 0.7', '   Max tokens: 1000']));
  });

  it('lists JSON output fields with their descriptions', () => {
    const output = { type: 'json', raw: '', json: [{ name: 'score', description: '0 to 100' }] };
    expect(stepLines('custom_gpt', { output })).toEqual(
      expect.arrayContaining(['   Output: JSON with the fields', '   - "score": "0 to 100"']),
    );
  });

  it('says an API key is configured and never shows it, literal or env reference', () => {
    const keys: JsonValue[] = [{ key: 'sk-proj-SECRET' }, { env: 'OPENAI_SECRET_NAME' }, 'sk-SECRET'];
    for (const api_key of keys) {
      const text = stepLines('custom_gpt', { model: 'Custom Assistant', api_key, assistant_id: 'asst_1' }).join('\n');
      expect(text).toContain('API key: configured (not shown)');
      expect(text).toContain('Assistant id: "asst_1"');
      expect(text).not.toContain('SECRET');
    }
  });
});

describe('handle_image rendering', () => {
  it('shows the vision prompt, image source and where the description goes', () => {
    const lines = stepLines('handle_image', {
      vision_prompt: 'Describe the damage.',
      image_link_variable: 'photo_url',
      image_description_variable: 'damage',
      append_answer: true,
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        '   Vision prompt: "Describe the damage."',
        '   Image link variable: "photo_url"',
        '   Store the description in the variable: "damage"',
        '   Append the answer to the conversation: yes',
      ]),
    );
  });
});

describe('change_instructions rendering', () => {
  it('shows each replacement system prompt as quoted text', () => {
    const lines = stepLines('change_instructions', { system_prompts: ['You are now a coach.\nBe warm.', 'Use metric units.'] });
    expect(lines).toEqual(
      expect.arrayContaining([
        '   Change the instructions to:',
        '   Instructions 1:',
        '   > You are now a coach.',
        '   > Be warm.',
        '   Instructions 2: "Use metric units."',
      ]),
    );
  });
});

describe('generate_knowledge_base rendering', () => {
  it('shows the mode, prompt, ids and messages', () => {
    const lines = stepLines('generate_knowledge_base', {
      mode: 'reading_list',
      knowledge_base: { prompt: 'Articles about onboarding.' },
      reading_list_id: 'rl-7',
      knowledge_base_message: 'Your library is ready.',
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        '   Mode: reading_list',
        '   Knowledge base prompt: "Articles about onboarding."',
        '   Reading list id: "rl-7"',
        '   Knowledge base message: "Your library is ready."',
      ]),
    );
  });
});

describe('unknown function type rendering', () => {
  it('names the type and lists its metadata as settings, secrets hidden', () => {
    const lines = stepLines('translate_text', { target: 'fr', password: 'SECRET' });
    expect(lines).toContain('1. Function "Step" (type translate_text)');
    expect(lines).toEqual(expect.arrayContaining(['   Settings:', '   - password: (hidden)', '   - target: "fr"']));
    expect(lines.join('\n')).not.toContain('SECRET');
  });
});

describe('common function fields', () => {
  it('shows description, trigger, run flags and an inactive marker', () => {
    const lines = stepLines(
      'instruct',
      { prompt: 'x' },
      {
        description: 'Greets people',
        trigger: 'When the user says hello',
        execute_once: true,
        active: false,
      },
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        '   Inactive: skip this step',
        '   Description: "Greets people"',
        '   Trigger: "When the user says hello"',
        '   Run: once per conversation',
      ]),
    );
  });
});
