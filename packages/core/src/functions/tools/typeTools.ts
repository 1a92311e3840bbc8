import { getAtPath, isRecord } from '../../model/paths.js';
import type { JsonObject, JsonValue } from '../../model/types.js';
import { httpCallTexts, httpRequestOf } from './httpRequest.js';
import { fillTemplate, templateNames } from './templates.js';
import type { FunctionTool, ToolResult } from './toolHost.js';

// How each function type runs when the model calls it. Each definition names its tool; the
// runtime supplies the host (network, model, variables) and never switches on the type.

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const stringOf = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
const argumentsOf = (properties: Record<string, JsonValue>): JsonObject => ({ type: 'object', properties, additionalProperties: false });

/** http_calls: each request with its `{{variables}}` filled (arguments first, then captured values), sent through the host's guard. */
export const httpCallsTool: FunctionTool = {
  outside: true,
  parameters(metadata) {
    const properties: Record<string, JsonValue> = {};
    for (const name of templateNames(...records(metadata.apicalls).flatMap(httpCallTexts)))
      properties[name] = { type: 'string', description: `The value of {{${name}}} in the request` };
    return argumentsOf(properties);
  },
  async run(metadata, args, host) {
    const values = { ...host.variables, ...args };
    const outputs: string[] = [];
    for (const call of records(metadata.apicalls)) {
      const response = await host.request(httpRequestOf(call, values));
      if (!response.ok) return { ok: false, error: text(metadata.error) || `HTTP ${response.status} from ${response.host}` };
      let parsed: unknown;
      try {
        parsed = JSON.parse(response.text);
      } catch {
        parsed = undefined;
      }
      for (const mapping of records(isRecord(call.output) ? call.output.json : undefined)) {
        const name = text(mapping.name);
        const path = text(mapping.value).replace(/^\$\.?/, '');
        if (name !== '' && parsed !== undefined) host.variables[name] = stringOf(path === '' ? parsed : getAtPath(parsed, path));
      }
      outputs.push(`HTTP ${response.status}${response.cut ? ` (first ${host.maxResponseBytes} bytes)` : ''}: ${response.text}`);
    }
    const message = fillTemplate(text(metadata.result_message), host.variables);
    const prompt = fillTemplate(text(metadata.result_prompt), host.variables);
    return { ok: true, output: [message, prompt && `Then: ${prompt}`, ...outputs].filter(Boolean).join('\n') };
  },
};

/** capture_variables: the values the model heard, kept as the conversation's variables. */
export const captureVariablesTool: FunctionTool = {
  parameters(metadata) {
    const properties: Record<string, JsonValue> = {};
    for (const variable of records(metadata.variables)) {
      const name = text(variable.name);
      if (name !== '') properties[name] = { type: 'string', description: text(variable.description) || name };
    }
    return argumentsOf(properties);
  },
  run(_metadata, args, host): Promise<ToolResult> {
    Object.assign(host.variables, args);
    const captured = Object.entries(args).map(([k, v]) => `${k} = ${v}`);
    return Promise.resolve({
      ok: true,
      output: captured.length > 0 ? `Captured: ${captured.join(', ')}` : 'Nothing captured yet: ask the user for it',
    });
  },
};

/** custom_gpt: its own model call with its prompt, temperature and max tokens; raw text or JSON into variables. */
export const customGptTool: FunctionTool = {
  parameters: () => argumentsOf({ input: { type: 'string', description: 'What this step works on, from the conversation' } }),
  async run(metadata, args, host) {
    const output = isRecord(metadata.output) ? metadata.output : {};
    const json = text(output.type) === 'json';
    const fields = records(output.json)
      .map((f) => ({ name: text(f.name), description: text(f.description) }))
      .filter((f) => f.name !== '');
    const system = [
      fillTemplate(text(metadata.prompt), host.variables),
      json ? `Answer with one JSON object with the keys ${fields.map((f) => `"${f.name}" (${f.description || f.name})`).join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    const temperature = typeof metadata.temperature === 'number' ? metadata.temperature : undefined;
    const maxTokens = typeof metadata.max_tokens === 'number' ? metadata.max_tokens : undefined;
    const answer = await host.chat(
      [
        { role: 'system', content: system },
        { role: 'user', content: args.input || fillTemplate(text(metadata.message), host.variables) || '(no input)' },
      ],
      { ...(temperature === undefined ? {} : { temperature }), ...(maxTokens === undefined ? {} : { maxTokens }), json },
    );
    if (json) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer);
      } catch {
        return { ok: false, error: `The model's answer is not JSON: ${answer.slice(0, 200)}` };
      }
      for (const field of fields)
        if (isRecord(parsed) && Object.hasOwn(parsed, field.name)) host.variables[field.name] = stringOf(parsed[field.name]);
    } else if (text(output.raw) !== '') {
      host.variables[text(output.raw)] = answer;
    }
    return { ok: true, output: answer };
  },
};

/** instruct: its instruction, with the variables so far. */
export const instructTool: FunctionTool = {
  parameters: () => argumentsOf({}),
  run: (metadata, _args, host) => Promise.resolve({ ok: true, output: fillTemplate(text(metadata.prompt), host.variables) || 'Continue.' }),
};

/** send_workflow: its message and the workflow's hosted link. */
export const sendWorkflowTool: FunctionTool = {
  parameters: () => argumentsOf({}),
  run(metadata, _args, host): Promise<ToolResult> {
    const link = text(metadata.hosted_link);
    if (link === '') return Promise.resolve({ ok: false, error: text(metadata.error) || 'This step names no workflow link' });
    return Promise.resolve({ ok: true, output: `${fillTemplate(text(metadata.message), host.variables)} ${link}`.trim() });
  },
};
