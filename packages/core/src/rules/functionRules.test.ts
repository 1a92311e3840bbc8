import { describe, expect, it } from 'vitest';
import { createFunctionData } from '../graph/nodeData.js';
import { setAtPath } from '../model/paths.js';
import type { FunctionType } from '../functions/registry.js';
import type { JsonValue } from '../model/types.js';
import type { FlowDocument, FunctionNodeData } from '../format/types.js';
import { emptyFlow } from '../graph/fromProvider.js';
import { plainSecretPaths } from '../secrets/secretPolicy.js';
import { FUNCTION_TYPES } from '../functions/registry.js';
import { functionDataFindings } from './functionRules.js';

const PATH = '$.nodes[0].data';

function make(type: FunctionType, key?: string, value?: JsonValue): FunctionNodeData {
  const data = createFunctionData(type, { uuid: 'f1', planId: 'p1' });
  return key === undefined || value === undefined ? data : { ...data, metadata: setAtPath(data.metadata, key, value) };
}

const SLIDERS = [
  { type: 'custom_gpt', key: 'temperature', at: 'temperature', min: 0, max: 1, step: 0.1, message: 'Temperature must be between 0 and 1' },
  {
    type: 'custom_gpt',
    key: 'max_tokens',
    at: 'max_tokens',
    min: 1,
    max: 4000,
    step: 100,
    message: 'Max Tokens must be between 1 and 4000',
  },
  {
    type: 'generate_gui',
    key: 'data.temperature',
    at: 'data.temperature',
    min: 0,
    max: 1,
    step: 0.1,
    message: 'Temperature must be between 0 and 1',
  },
  {
    type: 'generate_gui',
    key: 'data.numItems',
    at: 'data.numItems',
    min: 1,
    max: 20,
    step: 1,
    message: 'Number of Items must be between 1 and 20',
  },
  {
    type: 'generate_gui',
    key: 'data.uiSettings.interactiveElementsPercentage',
    at: 'data.uiSettings.interactiveElementsPercentage',
    min: 0,
    max: 100,
    step: 1,
    message: 'Interactive Elements Percentage must be between 0 and 100',
  },
  {
    type: 'generate_gui',
    key: 'data.uiSettings.interactiveElementsMaxPerItem',
    at: 'data.uiSettings.interactiveElementsMaxPerItem',
    min: 0,
    max: 10,
    step: 1,
    message: 'Max Interactive Elements per Item must be between 0 and 10',
  },
] as const;

describe('functionDataFindings', () => {
  it.each(FUNCTION_TYPES.filter((type) => type !== 'mcp_tool'))('finds nothing in a new %s function', (type) => {
    expect(functionDataFindings(make(type), PATH)).toEqual([]);
  });

  it('finds a new mcp_tool function incomplete until it names a server and a tool, then nothing', () => {
    expect(functionDataFindings(make('mcp_tool'), PATH)).toEqual([
      { code: 'mcp-server-url', severity: 'error', path: `${PATH}.metadata.server_url`, message: 'An MCP Tool needs a server URL' },
      {
        code: 'mcp-tool-name',
        severity: 'error',
        path: `${PATH}.metadata.tool_name`,
        message: "An MCP Tool needs the name of one of its server's tools",
      },
    ]);
    expect(functionDataFindings(make('mcp_tool', 'server_url', 'file:///etc/passwd'), PATH)[0]).toEqual({
      code: 'mcp-server-url',
      severity: 'error',
      path: `${PATH}.metadata.server_url`,
      message: 'The MCP server URL must be http(s): file:///etc/passwd',
    });
    const ready = { ...make('mcp_tool'), metadata: { server_url: 'http://127.0.0.1:3000/mcp', tool_name: 'stock' } };
    expect(functionDataFindings(ready, PATH)).toEqual([]);
  });

  describe.each(SLIDERS)('slider $key of $type', ({ type, key, at, min, max, step, message }) => {
    const error = { code: 'out-of-range', path: `${PATH}.metadata.${at}`, severity: 'error', message };

    it('accepts the minimum and the maximum', () => {
      expect(functionDataFindings(make(type, key, min), PATH)).toEqual([]);
      expect(functionDataFindings(make(type, key, max), PATH)).toEqual([]);
    });

    it('rejects a value below the minimum or above the maximum with the range message', () => {
      expect(functionDataFindings(make(type, key, min - step), PATH)).toEqual([error]);
      expect(functionDataFindings(make(type, key, max + step), PATH)).toEqual([error]);
    });

    it('rejects a value that is not a number', () => {
      expect(functionDataFindings(make(type, key, String(min)), PATH)).toEqual([error]);
    });
  });

  it('lets a missing or null slider value pass, as the default applies', () => {
    const data = make('custom_gpt');
    const { temperature: _dropped, ...rest } = data.metadata;
    expect(functionDataFindings({ ...data, metadata: rest }, PATH)).toEqual([]);
    expect(functionDataFindings(make('custom_gpt', 'temperature', null), PATH)).toEqual([]);
  });

  it('rejects a select value that is not an option', () => {
    expect(functionDataFindings(make('http_calls', 'apicalls.0.method', 'FETCH'), PATH)).toEqual([
      {
        code: 'not-an-option',
        path: `${PATH}.metadata.apicalls[0].method`,
        severity: 'error',
        message: 'Method: "FETCH" is not one of the options',
      },
    ]);
    expect(functionDataFindings(make('custom_gpt', 'output.type', 'xml'), PATH)).toEqual([
      {
        code: 'not-an-option',
        path: `${PATH}.metadata.output.type`,
        severity: 'error',
        message: 'Output Type: "xml" is not one of the options',
      },
    ]);
    expect(functionDataFindings(make('see_website', 'viewport', 'custom'), PATH)).toEqual([]);
  });

  it('rejects a number field holding text', () => {
    expect(functionDataFindings(make('see_website', 'width', 'wide'), PATH)).toEqual([
      { code: 'not-a-number', path: `${PATH}.metadata.width`, severity: 'error', message: 'Width must be a number' },
    ]);
  });

  it('checks each item of a multi-select', () => {
    const data = make('generate_knowledge_base', 'knowledge_base.content_types', ['video', 'tweet']);
    expect(functionDataFindings(data, PATH)).toEqual([
      {
        code: 'not-an-option',
        path: `${PATH}.metadata.knowledge_base.content_types[1]`,
        severity: 'error',
        message: 'Content Types: "tweet" is not one of the options',
      },
    ]);
  });

  it('accepts legacy model ids and only warns about unknown models', () => {
    expect(functionDataFindings(make('custom_gpt', 'model', 'gpt-40-mini'), PATH)).toEqual([]);
    expect(functionDataFindings(make('custom_gpt', 'model', 'gpt-1-preview'), PATH)).toEqual([]);
    expect(functionDataFindings(make('custom_gpt', 'model', 'Custom Assistant'), PATH)).toEqual([]);
    expect(functionDataFindings(make('generate_gui', 'data.model', 'gpt-9'), PATH)).toEqual([
      {
        code: 'unknown-model',
        path: `${PATH}.metadata.data.model`,
        severity: 'warning',
        message: 'Model: "gpt-9" is not one of the options',
      },
    ]);
  });

  it('reports a model that is not text once, as the metadata schema words it (issue 35)', () => {
    expect(functionDataFindings(make('custom_gpt', 'model', 5), PATH)).toEqual([
      { code: 'schema', path: `${PATH}.metadata.model`, severity: 'error', message: 'must be string or null' },
    ]);
  });

  it('reports a metadata key its type does not have, and the items of a list without their fields (issue 35)', () => {
    expect(functionDataFindings(make('custom_gpt', 'tempreature', 0.2), PATH)).toEqual([
      { code: 'schema', path: `${PATH}.metadata.tempreature`, severity: 'error', message: 'property "tempreature" is not allowed' },
    ]);
    expect(functionDataFindings(make('capture_variables', 'variables', [{ name: 'email' }]), PATH)).toEqual([
      { code: 'schema', path: `${PATH}.metadata.variables[0]`, severity: 'error', message: 'must have required property "description"' },
    ]);
  });

  it('warns about an unknown function type and checks nothing else of it', () => {
    const data = { ...make('custom_gpt', 'temperature', 5), type: 'teleport' };
    expect(functionDataFindings(data, PATH)).toEqual([
      { code: 'unknown-function-type', path: `${PATH}.type`, severity: 'warning', message: 'Unknown function type "teleport"' },
    ]);
  });

  describe('plain-text secrets', () => {
    const warning = (at: string) => ({
      code: 'plain-secret',
      path: `${PATH}.metadata.${at}`,
      severity: 'warning',
      message: 'Secret written in plain text: store it as { "env": "NAME" }',
    });

    it('warns about an API key written in plain text', () => {
      expect(functionDataFindings(make('custom_gpt', 'api_key', { key: 'sk-123' }), PATH)).toEqual([warning('api_key')]);
      expect(functionDataFindings(make('custom_gpt', 'api_key', 'sk-123'), PATH)).toEqual([warning('api_key')]);
    });

    it('accepts an API key kept in the environment or left empty', () => {
      expect(functionDataFindings(make('custom_gpt', 'api_key', { env: 'OPENAI_KEY' }), PATH)).toEqual([]);
      expect(functionDataFindings(make('custom_gpt', 'api_key', { key: '' }), PATH)).toEqual([]);
    });

    it('warns about a bearer token written in an Authorization header', () => {
      const headers = [
        { name: 'Accept', value: 'application/json' },
        { name: 'authorization', value: 'Bearer abc.def' },
      ];
      expect(functionDataFindings(make('http_calls', 'apicalls.0.headers', headers), PATH)).toEqual([
        warning('apicalls[0].headers[1].value'),
      ]);
    });

    it('accepts an Authorization header from the environment, a placeholder or with no token', () => {
      const headers = [
        { name: 'Authorization', value: { env: 'API_TOKEN' } },
        { name: 'Authorization', value: 'Bearer {{token}}' },
        { name: 'Authorization', value: 'Bearer ' },
      ];
      expect(functionDataFindings(make('http_calls', 'apicalls.0.headers', headers), PATH)).toEqual([]);
    });

    it('flags every field the secret policy keeps out of files: API-key headers and bearer tokens too', () => {
      const headers = [
        { name: 'X-Api-Key', value: 'k-123' },
        { name: 'Proxy-Authorization', value: 'Basic dXNlcjpw' },
      ];
      const headed = make('http_calls', 'apicalls.0.headers', headers);
      const data = { ...headed, metadata: setAtPath(headed.metadata, 'apicalls.0.bearer_token', { key: 'tok-1' }) };
      const findings = functionDataFindings(data, PATH);
      expect(findings).toEqual([
        warning('apicalls[0].bearer_token'),
        warning('apicalls[0].headers[0].value'),
        warning('apicalls[0].headers[1].value'),
      ]);
      // The same fields `flowctl fmt` moves to the environment and `publish` refuses.
      const doc: FlowDocument = {
        ...emptyFlow('p1', 'production'),
        nodes: [{ id: 'f1', type: 'function', chain: '1', position: { x: 0, y: 0 }, data }],
      };
      expect(plainSecretPaths(doc)).toEqual(findings.map((f) => f.path.replace(PATH, '$.nodes[0].data')));
    });
  });
});
