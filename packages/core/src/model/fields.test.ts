import { describe, expect, it } from 'vitest';
import type { FieldSpec } from './fields.js';
import { COMMON_FIELDS, isFieldVisible, nearestStop, sliderStops, visibleFields } from './fields.js';
import { SLIDER_RANGES } from './options.js';
import { FUNCTION_DEFINITIONS, FUNCTION_TYPES, functionDefinition } from '../functions/registry.js';
import { customGpt } from '../functions/customGpt.js';
import { getAtPath } from './paths.js';
import type { FunctionType } from '../functions/registry.js';

function field(type: FunctionType, key: string): FieldSpec {
  const found = functionDefinition(type).fields.find((f) => f.key === key);
  if (found === undefined) throw new Error(`no field ${key} for ${type}`);
  return found;
}

const visible = (type: FunctionType, key: string, metadata: object): boolean => isFieldVisible(field(type, key), metadata);

describe('the fields of each definition', () => {
  it('has a non-empty form for each of the twelve types', () => {
    for (const type of FUNCTION_TYPES) expect(functionDefinition(type).fields.length, type).toBeGreaterThan(0);
  });

  it('points every field at a value of the defaults, except the optional secrets', () => {
    for (const type of FUNCTION_TYPES) {
      for (const f of functionDefinition(type).fields) {
        if (f.kind === 'secret') continue;
        expect(getAtPath(functionDefinition(type).defaults, f.key), `${type}.${f.key}`).not.toBeUndefined();
      }
    }
  });

  it('gives every select its options, every slider its range and every list its item fields', () => {
    for (const f of FUNCTION_DEFINITIONS.flatMap((d) => d.fields)) {
      if (['select', 'model', 'multiSelect'].includes(f.kind)) expect(f.options?.length, f.key).toBeGreaterThan(0);
      if (f.kind === 'slider') expect(f.range, f.key).toBeDefined();
      if (f.kind === 'keyValueList') expect(f.itemFields, f.key).toBeDefined();
    }
  });

  it('uses unique keys within a form', () => {
    for (const type of FUNCTION_TYPES) {
      const keys = functionDefinition(type).fields.map((f) => f.key);
      expect(new Set(keys).size, type).toBe(keys.length);
    }
  });

  it('gives the slider ranges of spec section 5', () => {
    expect(field('custom_gpt', 'temperature').range).toEqual({ min: 0, max: 1, step: 0.1 });
    expect(field('custom_gpt', 'max_tokens').range).toEqual({ min: 1, max: 4000, step: 100 });
    expect(field('generate_gui', 'data.temperature').range).toEqual({ min: 0, max: 1, step: 0.1 });
    expect(field('generate_gui', 'data.numItems').range).toMatchObject({ min: 1, max: 20 });
    expect(field('generate_gui', 'data.uiSettings.interactiveElementsPercentage').range).toMatchObject({ min: 0, max: 100 });
    expect(field('generate_gui', 'data.uiSettings.interactiveElementsMaxPerItem').range).toMatchObject({ min: 0, max: 10 });
  });

  it('lists JSON variables as name and description, HTTP lists as name and value', () => {
    expect(field('custom_gpt', 'output.json').itemFields).toEqual(['name', 'description']);
    expect(field('capture_variables', 'variables').itemFields).toEqual(['name', 'description']);
    expect(field('http_calls', 'apicalls.0.headers').itemFields).toEqual(['name', 'value']);
    expect(field('http_calls', 'apicalls.0.params').itemFields).toEqual(['name', 'value']);
  });
});

describe('isFieldVisible', () => {
  it('always shows a field without a condition', () => {
    expect(visible('custom_gpt', 'prompt', {})).toBe(true);
  });

  it('shows API key and assistant id only with model Custom Assistant', () => {
    for (const key of ['api_key', 'assistant_id']) {
      expect(visible('custom_gpt', key, { model: 'Custom Assistant' })).toBe(true);
      expect(visible('custom_gpt', key, { model: 'gpt-4o' })).toBe(false);
      expect(visible('custom_gpt', key, {})).toBe(false);
    }
  });

  it('shows the raw output variable for type raw, or no type, and the JSON variables for json', () => {
    expect(visible('custom_gpt', 'output.raw', { output: { type: 'raw' } })).toBe(true);
    expect(visible('custom_gpt', 'output.raw', {})).toBe(true);
    expect(visible('custom_gpt', 'output.raw', { output: { type: 'json' } })).toBe(false);
    expect(visible('custom_gpt', 'output.json', { output: { type: 'json' } })).toBe(true);
    expect(visible('custom_gpt', 'output.json', { output: { type: 'raw' } })).toBe(false);
    expect(visible('custom_gpt', 'output.json', {})).toBe(false);
  });

  it('shows custom width and height only with viewport custom', () => {
    for (const key of ['width', 'height']) {
      expect(visible('see_website', key, { viewport: 'custom' })).toBe(true);
      expect(visible('see_website', key, { viewport: 'fullpage' })).toBe(false);
      expect(visible('see_website', key, { viewport: 'default' })).toBe(false);
    }
  });

  it('shows image display and service only when images are enabled', () => {
    for (const key of ['data.imageSettings.displayMode', 'data.imageSettings.service']) {
      expect(visible('generate_gui', key, { data: { imageSettings: { enabled: true } } })).toBe(true);
      expect(visible('generate_gui', key, { data: { imageSettings: { enabled: false } } })).toBe(false);
      expect(visible('generate_gui', key, {})).toBe(false);
    }
  });

  it('shows the reminder content field of the chosen content type only', () => {
    const keys = { message: 'content_message', prompt: 'content_prompt', function: 'content_function' };
    for (const [type, key] of Object.entries(keys)) {
      for (const [otherType] of Object.entries(keys)) {
        expect(visible('setup_reminder', key, { content_type: otherType }), `${key} @ ${otherType}`).toBe(type === otherType);
      }
    }
  });

  it('shows the reminder type for a single reminder only, single being the default', () => {
    expect(visible('setup_reminder', 'reminder_type', { reminder_frequency: 'single' })).toBe(true);
    expect(visible('setup_reminder', 'reminder_type', {})).toBe(true);
    expect(visible('setup_reminder', 'reminder_type', { reminder_frequency: 'recurring' })).toBe(false);
  });

  it('shows the timing fields of a single reminder by its type', () => {
    const byType = {
      activity: ['reminder_activity_unit', 'reminder_activity_type'],
      trigger: ['reminder_trigger_unit', 'reminder_trigger_type'],
      schedule: ['reminder_schedule_date', 'reminder_schedule_text'],
    };
    for (const [type, keys] of Object.entries(byType)) {
      for (const key of keys) {
        expect(visible('setup_reminder', key, { reminder_frequency: 'single', reminder_type: type })).toBe(true);
        expect(visible('setup_reminder', key, { reminder_type: type })).toBe(true);
        expect(visible('setup_reminder', key, { reminder_frequency: 'recurring', reminder_type: type })).toBe(false);
        const other = type === 'activity' ? 'trigger' : 'activity';
        expect(visible('setup_reminder', key, { reminder_frequency: 'single', reminder_type: other })).toBe(false);
      }
    }
  });

  it('shows the recurring fields for a recurring reminder only', () => {
    const keys = [
      'reminder_recurring_interval',
      'reminder_recurring_interval_type',
      'reminder_recurring_start_date',
      'reminder_recurring_end_date',
    ];
    for (const key of keys) {
      expect(visible('setup_reminder', key, { reminder_frequency: 'recurring' })).toBe(true);
      expect(visible('setup_reminder', key, { reminder_frequency: 'single' })).toBe(false);
      expect(visible('setup_reminder', key, {})).toBe(false);
    }
  });

  it('supports any-of conditions', () => {
    const f: FieldSpec = {
      key: 'x',
      label: 'X',
      kind: 'text',
      visibleWhen: {
        any: [
          { key: 'a', equals: 1 },
          { key: 'b', oneOf: ['y', 'z'] },
        ],
      },
    };
    expect(isFieldVisible(f, { a: 1 })).toBe(true);
    expect(isFieldVisible(f, { b: 'z' })).toBe(true);
    expect(isFieldVisible(f, { a: 2, b: 'w' })).toBe(false);
  });
});

describe('visibleFields', () => {
  it('drops the hidden fields of a default custom_gpt form', () => {
    const keys = visibleFields(customGpt.fields, customGpt.defaults).map((f) => f.key);
    expect(keys).toContain('output.raw');
    expect(keys).not.toContain('output.json');
    expect(keys).not.toContain('api_key');
  });
});

describe('COMMON_FIELDS', () => {
  it('lists the fields every function node has', () => {
    const keys = COMMON_FIELDS.map((f) => f.key);
    for (const key of [
      'name',
      'description',
      'trigger',
      'trigger_text',
      'button_text',
      'thinking_text',
      'post_action_type',
      'execute_once',
      'execute_first',
      'skip_tracking',
      'track',
      'active',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('asks for the function to execute only with post action function', () => {
    const target = COMMON_FIELDS.find((f) => f.key === 'post_action_function_id');
    expect(target).toBeDefined();
    if (target === undefined) return;
    expect(isFieldVisible(target, { post_action_type: 'function' })).toBe(true);
    expect(isFieldVisible(target, { post_action_type: 'none' })).toBe(false);
  });
});

describe('sliderStops', () => {
  it('offers both ends and the multiples of the step between: max tokens 1, 100, …, 4000, its default 1000 among them', () => {
    const stops = sliderStops(SLIDER_RANGES.maxTokens);
    expect(stops.slice(0, 3)).toEqual([1, 100, 200]);
    expect(stops.slice(-2)).toEqual([3900, 4000]);
    expect(stops).toHaveLength(41);
    expect(stops).toContain(1000);
  });

  it('reaches both ends of every slider of the registry, without floating-point noise', () => {
    for (const range of Object.values(SLIDER_RANGES)) {
      const stops = sliderStops(range);
      expect(stops[0]).toBe(range.min);
      expect(stops.at(-1)).toBe(range.max);
      for (const stop of stops.slice(1, -1)) expect(Number.isInteger(Number((stop / range.step).toFixed(9)))).toBe(true);
    }
    expect(sliderStops(SLIDER_RANGES.temperature)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });

  it('finds the stop nearest to a value a file holds', () => {
    const stops = sliderStops(SLIDER_RANGES.maxTokens);
    expect(stops[nearestStop(stops, 1000)]).toBe(1000);
    expect(stops[nearestStop(stops, 149)]).toBe(100);
    expect(stops[nearestStop(stops, 9999)]).toBe(4000);
  });
});
