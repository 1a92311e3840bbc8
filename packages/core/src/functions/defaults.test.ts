import { describe, expect, it } from 'vitest';
import { captureVariables } from './captureVariables.js';
import { changeInstructions } from './changeInstructions.js';
import { customGpt } from './customGpt.js';
import { generateGui } from './generateGui.js';
import { generateKnowledgeBase } from './generateKnowledgeBase.js';
import { handleImage } from './handleImage.js';
import { httpCalls } from './httpCalls.js';
import { instruct } from './instruct.js';
import { mcpTool } from './mcpTool.js';
import { defaultMetadata, FUNCTION_DEFINITIONS, FUNCTION_TYPES, isFunctionType, withDefaults } from './registry.js';
import { sendWorkflow } from './sendWorkflow.js';
import { seeWebsite } from './seeWebsite.js';
import { setupReminder } from './setupReminder.js';

describe('the defaults of each definition', () => {
  it("has defaults for each of the twelve types (the spec's eleven and mcp_tool)", () => {
    expect(FUNCTION_DEFINITIONS.map((d) => d.type).sort()).toEqual([...FUNCTION_TYPES].sort());
    expect(FUNCTION_TYPES).toHaveLength(12);
  });

  it('gives instruct an empty prompt', () => {
    expect(instruct.defaults).toEqual({ prompt: '' });
  });

  it('gives custom_gpt temperature 0.7, max_tokens 1000 and a raw output', () => {
    const gpt = customGpt.defaults;
    expect(gpt.temperature).toBe(0.7);
    expect(gpt.max_tokens).toBe(1000);
    expect(gpt.output).toEqual({ type: 'raw', raw: '', json: [] });
    expect(gpt.api_key).toBeUndefined();
    expect(gpt.assistant_id).toBe('');
  });

  it('gives handle_image empty texts and switches off', () => {
    expect(handleImage.defaults).toMatchObject({ vision_prompt: '', append_answer: false, image_batch: false });
  });

  it('gives http_calls one GET call without authorization', () => {
    const [call] = httpCalls.defaults.apicalls;
    expect(httpCalls.defaults.apicalls).toHaveLength(1);
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
    expect(captureVariables.defaults).toEqual({ variables: [] });
    expect(changeInstructions.defaults).toEqual({ system_prompts: [] });
  });

  it('gives see_website an empty url and link and the default viewport', () => {
    expect(seeWebsite.defaults).toMatchObject({ url: '', link: '', viewport: 'default' });
  });

  it('gives send_workflow no workflow yet', () => {
    expect(sendWorkflow.defaults).toEqual({ workflow_id: '', hosted_link: '', message: '', error: '' });
  });

  it('gives setup_reminder a single reminder', () => {
    expect(setupReminder.defaults.reminder_frequency).toBe('single');
    expect(setupReminder.defaults.content_type).toBe('message');
  });

  it('gives generate_gui values inside the slider ranges and images off', () => {
    const { data } = generateGui.defaults;
    expect(data).toMatchObject({ mode: 'ui', schemaType: 'cards', defaultViewMode: 'grid', temperature: 0.7 });
    expect(data.imageSettings.enabled).toBe(false);
    expect(data.numItems).toBeGreaterThanOrEqual(1);
    expect(data.numItems).toBeLessThanOrEqual(20);
  });

  it('gives the knowledge base model gpt-4o, max results 2, timeout 120 and every content type', () => {
    expect(generateKnowledgeBase.defaults.knowledge_base).toEqual({
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
    expect(a['output']).not.toBe(customGpt.defaults.output);
  });

  it('returns an empty object for an unknown type', () => {
    expect(defaultMetadata('teleport')).toEqual({});
  });
});

describe('mcp_tool defaults', () => {
  it('names no server or tool, fixes no argument, sends no header, and waits 30 s', () => {
    expect(mcpTool.defaults).toEqual({ server_url: '', tool_name: '', arguments: {}, headers: [], timeout_ms: 30000 });
    expect([mcpTool.name, mcpTool.emoji, mcpTool.description]).toEqual(['MCP Tool', '\u{1F50C}', 'Call a tool of an MCP server']);
  });
});

describe('withDefaults', () => {
  it('fills an empty custom_gpt with temperature 0.7, max_tokens 1000 and output raw', () => {
    const filled = withDefaults('custom_gpt', { prompt: 'hi', temperature: null });
    expect(filled).toMatchObject({ prompt: 'hi', temperature: 0.7, max_tokens: 1000, output: { type: 'raw' } });
  });
});

describe('isFunctionType', () => {
  it('knows the twelve types only', () => {
    expect(FUNCTION_TYPES.every(isFunctionType)).toBe(true);
    expect(isFunctionType('teleport')).toBe(false);
  });
});
