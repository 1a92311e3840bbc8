import { describe, expect, it } from 'vitest';
import { FUNCTION_TYPES, functionDefinition } from '../functions/registry.js';
import { CLIPBOARD, createFunctionData, createPromptData, createWorkflowData, GLOBE, LIGHTNING } from './nodeData.js';
import type { FunctionNodeData, Workflow } from '../format/types.js';
import { inKeyOrder } from '../model/paths.js';
import type { JsonValue } from '../model/types.js';

/** The text of `value` with every object's keys in the order the flow format writes them. */
const sortedText = (value: JsonValue): string => JSON.stringify(inKeyOrder(value));

const FUNCTION_DATA_KEYS: readonly (keyof FunctionNodeData)[] = [
  'uuid',
  'plan_id',
  'type',
  'title',
  'name',
  'description',
  'trigger',
  'metadata',
  'created_at',
  'updated_at',
  'execute_once',
  'config_id',
  'config_env',
  'deleted_at',
  'trigger_text',
  'button_text',
  'post_action_type',
  'post_action_function_id',
  'skip_tracking',
  'execute_first',
  'track',
  'trigger_type',
  'thinking_text',
  'source_function_id',
  'active',
  'sequence',
];

describe('createFunctionData', () => {
  it.each(FUNCTION_TYPES)('gives a complete %s function with its default metadata', (type) => {
    const data = createFunctionData(type, { uuid: 'f1', planId: 'p1' });
    for (const key of FUNCTION_DATA_KEYS) expect(data[key], key).not.toBeUndefined();
    expect(data).toMatchObject({
      uuid: 'f1',
      plan_id: 'p1',
      type,
      post_action_type: 'none',
      post_action_function_id: '',
      active: true,
      sequence: 3,
      deleted_at: null,
      created_at: '',
      updated_at: '',
    });
    expect(data.metadata).toEqual(functionDefinition(type).defaults);
    expect(data.title).toBe(data.name);
    expect(data.name).not.toBe('');
  });

  it.each(FUNCTION_TYPES)('makes a new %s function with every key in the order the format writes it, so saving copies nothing', (type) => {
    const data = createFunctionData(type, { uuid: 'f1', planId: 'p1', id: 'legacy-1' });
    expect(JSON.stringify(data)).toBe(sortedText(data));
  });

  it('uses lightning as trigger text, clipboard for send_workflow and globe for see_website', () => {
    expect(createFunctionData('custom_gpt', { uuid: 'a', planId: 'p' }).trigger_text).toBe(LIGHTNING);
    expect(createFunctionData('send_workflow', { uuid: 'a', planId: 'p' }).trigger_text).toBe(CLIPBOARD);
    expect(createFunctionData('see_website', { uuid: 'a', planId: 'p' }).trigger_text).toBe(GLOBE);
  });

  it('stamps both timestamps with the given time', () => {
    const data = createFunctionData('instruct', { uuid: 'a', planId: 'p' }, '2025-01-01T00:00:00.000Z');
    expect(data.created_at).toBe('2025-01-01T00:00:00.000Z');
    expect(data.updated_at).toBe('2025-01-01T00:00:00.000Z');
  });

  it('applies overrides and merges given metadata over the defaults', () => {
    const data = createFunctionData('custom_gpt', {
      uuid: 'a',
      planId: 'p',
      name: 'Summarize',
      active: false,
      execute_first: true,
      metadata: { temperature: 0.2, output: { type: 'json' } },
    });
    expect(data).toMatchObject({ name: 'Summarize', title: 'Summarize', active: false, execute_first: true });
    expect(data.metadata).toMatchObject({ temperature: 0.2, max_tokens: 1000, output: { type: 'json', raw: '', json: [] } });
  });

  it('keeps a given server id', () => {
    expect(createFunctionData('instruct', { uuid: 'a', planId: 'p', id: 42 }).id).toBe(42);
    expect('id' in createFunctionData('instruct', { uuid: 'a', planId: 'p' })).toBe(false);
  });
});

describe('createPromptData', () => {
  it('makes an Instruct node of type default with lightning', () => {
    expect(createPromptData()).toEqual({ prompt: '', name: 'Instruct', nodeType: 'default', trigger_text: LIGHTNING });
    expect(createPromptData('Greet the user').prompt).toBe('Greet the user');
  });

  it('makes its data with every key in the order the format writes it', () => {
    const data = createPromptData('Greet the user');
    expect(JSON.stringify(data)).toBe(sortedText(data));
  });
});

const workflow = (json: Workflow['json']): Workflow => ({
  id: 'w1',
  name: 'Onboard',
  description: 'Welcome flow',
  updated_at: '',
  plan_id: 'p1',
  json,
});

describe('createWorkflowData', () => {
  it('makes its data with its own keys in the order the format writes them', () => {
    const data = createWorkflowData(workflow({ steps: [] }));
    expect(JSON.stringify(data)).toBe(sortedText(data));
  });

  it('names the node after the workflow, keeps its id and copies its steps', () => {
    const steps = [{ skill: 'ask', name: 'Ask name', config: { options: ['a'] } }];
    const data = createWorkflowData(workflow({ steps }));
    expect(data).toEqual({
      name: 'Onboard',
      description: 'Welcome flow',
      trigger_text: LIGHTNING,
      metadata: { workflow_id: 'w1' },
      steps,
    });
    expect(data.steps).not.toBe(steps);
    expect(data.steps[0]?.config).not.toBe(steps[0]?.config);
  });

  it("uses the workflow's emoji when it has one", () => {
    expect(createWorkflowData(workflow({ steps: [], emoji: '🚀' })).trigger_text).toBe('🚀');
  });
});
