import { describe, expect, it } from 'vitest';
import { createFunctionData } from '../graph/nodeData.js';
import { QUICK_FUNCTIONS } from './quickFunctions.js';
import { getAtPath } from '../model/paths.js';
import { isFieldVisible, type FieldSpec, type VisibleWhen } from '../model/fields.js';
import { functionDataFindings } from '../rules/functionRules.js';
import { isIncomplete } from '../model/ruleCodes.js';
import { metadataFindings } from './fieldRules.js';
import { FUNCTION_DEFINITIONS, FUNCTION_TYPES, functionDefinition, isFunctionType } from './registry.js';

// The metadata keys of spec section 3, per type: each must be a field of its definition.
const SPEC_KEYS: Record<string, readonly string[]> = {
  instruct: ['prompt'],
  custom_gpt: [
    'prompt',
    'model',
    'temperature',
    'max_tokens',
    'api_key',
    'assistant_id',
    'message',
    'output.type',
    'output.raw',
    'output.json',
  ],
  handle_image: [
    'vision_prompt',
    'prompt_prefix',
    'image_description_variable',
    'message',
    'append_answer',
    'image_batch',
    'image_link',
    'image_link_variable',
  ],
  http_calls: [
    'apicalls.0.method',
    'apicalls.0.url',
    'apicalls.0.params',
    'apicalls.0.authorization',
    'apicalls.0.headers',
    'apicalls.0.body.raw.data',
    'apicalls.0.output.json',
    'error',
    'result_message',
    'result_prompt',
  ],
  capture_variables: ['variables'],
  see_website: ['link', 'prompt', 'viewport', 'width', 'height', 'image_link', 'image_info', 'message', 'error'],
  send_workflow: ['workflow_id', 'hosted_link', 'message', 'error'],
  setup_reminder: [
    'content_type',
    'content_message',
    'content_prompt',
    'content_function',
    'reminder_frequency',
    'reminder_type',
    'reminder_activity_unit',
    'reminder_activity_type',
    'reminder_trigger_unit',
    'reminder_trigger_type',
    'reminder_schedule_date',
    'reminder_schedule_text',
    'reminder_recurring_interval',
    'reminder_recurring_interval_type',
    'reminder_recurring_start_date',
    'reminder_recurring_end_date',
    'cancel_on_reply',
    'cancel_date',
  ],
  generate_gui: [
    'data.mode',
    'data.prompt',
    'data.schemaType',
    'data.numItems',
    'data.defaultViewMode',
    'data.model',
    'data.temperature',
    'data.imageSettings.enabled',
    'data.imageSettings.displayMode',
    'data.imageSettings.service',
    ...[
      'allowTextInputs',
      'allowChecklists',
      'allowBullets',
      'allowMultipleChoice',
      'allowPayment',
      'allowRatingSlider',
      'interactiveElementsPercentage',
      'interactiveElementsMaxPerItem',
      'allowStars',
      'allowCheckbox',
      'allowTags',
      'allowUpvoteButton',
    ].map((k) => `data.uiSettings.${k}`),
    'data.view_link',
    'data.view_mode',
  ],
  change_instructions: ['system_prompts'],
  // Not of the spec: the twelfth type (issue 39).
  mcp_tool: ['server_url', 'tool_name', 'arguments', 'headers', 'timeout_ms'],
  generate_knowledge_base: [
    'mode',
    'knowledge_base.prompt',
    'reading_webhook_id',
    'reading_list_id',
    'vector_store_id',
    'reading_lists_message',
    'knowledge_base_message',
    'error',
  ],
};

function field(type: string, key: string): FieldSpec {
  const found = functionDefinition(type)?.fields.find((f) => f.key === key);
  if (found === undefined) throw new Error(`no field ${key} for ${type}`);
  return found;
}

function conditionKeys(condition: VisibleWhen | undefined): string[] {
  if (condition === undefined) return [];
  if ('all' in condition) return condition.all.flatMap(conditionKeys);
  if ('any' in condition) return condition.any.flatMap(conditionKeys);
  return [condition.key];
}

describe('the function registry', () => {
  it('defines the eleven types of spec section 3 and mcp_tool, each once', () => {
    expect([...FUNCTION_TYPES].sort()).toEqual(Object.keys(SPEC_KEYS).sort());
    expect(new Set(FUNCTION_TYPES).size).toBe(FUNCTION_TYPES.length);
    expect(FUNCTION_TYPES.every(isFunctionType)).toBe(true);
    expect(isFunctionType('not_a_type')).toBe(false);
    expect(functionDefinition('not_a_type')).toBeUndefined();
  });

  // An MCP Tool cannot guess its server and tool: new, it is incomplete (storable, not compilable) and says what it needs.
  const NEW_FINDINGS: Readonly<Record<string, readonly string[]>> = { mcp_tool: ['mcp-server-url', 'mcp-tool-name'] };

  it.each(FUNCTION_DEFINITIONS.map((d) => [d.type, d] as const))('gives %s defaults that pass its own validation', (type, definition) => {
    const expected = NEW_FINDINGS[type] ?? [];
    expect(metadataFindings(definition, structuredClone(definition.defaults), '$').map((f) => f.code)).toEqual(expected);
    const data = createFunctionData(definition.type, { uuid: 'f1', planId: 'p1' });
    const findings = functionDataFindings(data, '$');
    expect(findings.map((f) => f.code)).toEqual(expected);
    expect(findings.every(isIncomplete)).toBe(true);
  });

  it('points every field at a value of its defaults (secrets are optional)', () => {
    for (const definition of FUNCTION_DEFINITIONS) {
      for (const f of definition.fields) {
        const parent = f.key.split('.').slice(0, -1).join('.');
        const value = getAtPath(definition.defaults, f.kind === 'secret' ? parent : f.key);
        expect(value, `${definition.type}.${f.key}`).not.toBeUndefined();
      }
    }
  });

  it('has a field for every metadata key of spec section 3', () => {
    for (const [type, keys] of Object.entries(SPEC_KEYS)) {
      for (const key of keys) expect(() => field(type, key), `${type}.${key}`).not.toThrow();
    }
  });

  it('only makes fields depend on fields of the same form', () => {
    for (const definition of FUNCTION_DEFINITIONS) {
      const keys = new Set(definition.fields.map((f) => f.key));
      for (const f of definition.fields) {
        for (const key of conditionKeys(f.visibleWhen)) expect(keys.has(key), `${definition.type}.${f.key} -> ${key}`).toBe(true);
      }
    }
  });

  it('shows the conditional fields of spec section 4 exactly when their condition holds', () => {
    const shown = (type: string, key: string, metadata: object) => isFieldVisible(field(type, key), metadata);
    // API key and assistant id only with Custom Assistant
    for (const key of ['api_key', 'assistant_id']) {
      expect(shown('custom_gpt', key, { model: 'Custom Assistant' })).toBe(true);
      expect(shown('custom_gpt', key, { model: 'gpt-4o' })).toBe(false);
    }
    // raw output variable for raw, JSON variables for json
    expect(shown('custom_gpt', 'output.raw', { output: { type: 'raw' } })).toBe(true);
    expect(shown('custom_gpt', 'output.json', { output: { type: 'raw' } })).toBe(false);
    expect(shown('custom_gpt', 'output.raw', { output: { type: 'json' } })).toBe(false);
    expect(shown('custom_gpt', 'output.json', { output: { type: 'json' } })).toBe(true);
    // reminder fields by frequency and type
    expect(shown('setup_reminder', 'reminder_type', { reminder_frequency: 'single' })).toBe(true);
    expect(shown('setup_reminder', 'reminder_type', { reminder_frequency: 'recurring' })).toBe(false);
    expect(shown('setup_reminder', 'reminder_recurring_interval', { reminder_frequency: 'recurring' })).toBe(true);
    expect(shown('setup_reminder', 'reminder_activity_unit', { reminder_frequency: 'single', reminder_type: 'activity' })).toBe(true);
    expect(shown('setup_reminder', 'reminder_activity_unit', { reminder_frequency: 'single', reminder_type: 'trigger' })).toBe(false);
    expect(shown('setup_reminder', 'reminder_trigger_unit', { reminder_frequency: 'single', reminder_type: 'trigger' })).toBe(true);
    expect(shown('setup_reminder', 'reminder_schedule_date', { reminder_frequency: 'single', reminder_type: 'schedule' })).toBe(true);
    expect(shown('setup_reminder', 'reminder_schedule_date', { reminder_frequency: 'recurring', reminder_type: 'schedule' })).toBe(false);
    // width and height only for a custom viewport
    for (const key of ['width', 'height']) {
      expect(shown('see_website', key, { viewport: 'custom' })).toBe(true);
      expect(shown('see_website', key, { viewport: 'default' })).toBe(false);
    }
    // function selection by content type
    expect(shown('setup_reminder', 'content_function', { content_type: 'function' })).toBe(true);
    expect(shown('setup_reminder', 'content_function', { content_type: 'message' })).toBe(false);
    expect(shown('setup_reminder', 'content_message', { content_type: 'message' })).toBe(true);
    expect(shown('setup_reminder', 'content_prompt', { content_type: 'prompt' })).toBe(true);
    // image display mode and service only with images enabled
    for (const key of ['data.imageSettings.displayMode', 'data.imageSettings.service']) {
      expect(shown('generate_gui', key, { data: { imageSettings: { enabled: true } } })).toBe(true);
      expect(shown('generate_gui', key, { data: { imageSettings: { enabled: false } } })).toBe(false);
    }
    // the bearer token only with bearer authorization
    expect(shown('http_calls', 'apicalls.0.bearer_token', { apicalls: [{ authorization: 'bearer' }] })).toBe(true);
    expect(shown('http_calls', 'apicalls.0.bearer_token', { apicalls: [{ authorization: 'none' }] })).toBe(false);
  });

  it('keeps secret fields to the secret kind, so they are never shown or printed as text', () => {
    expect(field('custom_gpt', 'api_key').kind).toBe('secret');
    expect(field('http_calls', 'apicalls.0.bearer_token').kind).toBe('secret');
    expect(field('mcp_tool', 'headers').secretValues).toBe(true);
  });

  // The bar's order is quickFunctions.test.ts's to check; here, that each card comes from its definition.
  it('feeds the quick bar from the definitions', () => {
    for (const fn of QUICK_FUNCTIONS) expect(fn.description).toBe(functionDefinition(fn.type).description);
  });
});
