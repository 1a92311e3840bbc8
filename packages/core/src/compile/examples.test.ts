import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFlow } from '../format/parseFlow.js';
import { serializeFlow } from '../format/serializeFlow.js';
import { FUNCTION_TYPES } from '../functions/registry.js';
import { NODE_TYPES } from '../model/types.js';
import type { FlowDocument } from '../format/types.js';
import { functionDataFindings } from '../rules/functionRules.js';
import { validateFlow } from '../rules/validateFlow.js';
import { compileFlow } from './compileFlow.js';
import { deconstructFlow } from './deconstructFlow.js';
import { flowSteps } from './flowSteps.js';
import { nodeSchema } from './nodeSchema.js';

const examplesDir = fileURLToPath(new URL('../../../../examples/', import.meta.url));

/** Every `<planId>/<versionName>.flow.json` under examples/, with its text. */
function exampleFiles(): { path: string; planId: string; versionName: string; text: string }[] {
  return readdirSync(examplesDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.flow.json'))
    .sort()
    .map((path) => {
      const [planId = '', file = ''] = path.split(/[\\/]/);
      return { path, planId, versionName: file.replace(/\.flow\.json$/, ''), text: readFileSync(examplesDir + path, 'utf8') };
    });
}

function load(text: string): FlowDocument {
  const parsed = parseFlow(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.findings));
  return parsed.doc;
}

const files = exampleFiles();

describe('examples', () => {
  it('has at least three flows, each at <planId>/<versionName>.flow.json', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const doc = load(file.text);
      expect(doc.planId, file.path).toBe(file.planId);
      expect(doc.versionName, file.path).toBe(file.versionName);
    }
  });

  it.each(files.map((f) => [f.path, f.text] as const))('%s validates with no findings', (_path, text) => {
    expect(validateFlow(JSON.parse(text))).toEqual([]);
    const doc = load(text);
    const functionFindings = doc.nodes.flatMap((node, i) =>
      node.type === 'function' ? functionDataFindings(node.data, `$.nodes[${i}].data`) : [],
    );
    expect(functionFindings).toEqual([]);
  });

  it.each(files.map((f) => [f.path, f.text] as const))('%s is in canonical form', (_path, text) => {
    expect(serializeFlow(load(text))).toBe(text);
  });

  it.each(files.map((f) => [f.path, f.text] as const))('%s compiles, round-trips and keeps its secrets', (_path, text) => {
    const doc = load(text);
    const { system_message } = compileFlow(doc);
    expect(deconstructFlow(nodeSchema(doc), system_message)).toEqual(flowSteps(doc));
    if (doc.systemPrompt !== '') expect(doc.systemPrompt).toBe(system_message);
    for (const name of text.match(/"env": "[A-Z0-9_]+"/g) ?? []) {
      expect(system_message).not.toContain(name.slice(8, -1));
    }
  });

  it('between them use every node type and all eleven function types of the spec', () => {
    const nodes = files.flatMap((f) => load(f.text).nodes);
    expect(new Set(nodes.map((n) => n.type))).toEqual(new Set(NODE_TYPES));
    const types = new Set(nodes.flatMap((n) => (n.type === 'function' ? [n.data.type] : [])));
    // An MCP Tool needs a server to name, which no example can count on: the next test puts one in support-desk.
    expect([...types].sort()).toEqual(FUNCTION_TYPES.filter((type) => type !== 'mcp_tool').sort());
  });

  it('compiles and round-trips support-desk with its order lookup as an MCP Tool, its header secret kept out', () => {
    const file = files.find((f) => f.planId === 'support-desk');
    if (file === undefined) throw new Error('no support-desk example');
    const doc = load(file.text);
    const nodes = doc.nodes.map((node) =>
      node.id === 'support-lookup-order' && node.type === 'function'
        ? {
            ...node,
            data: {
              ...node.data,
              type: 'mcp_tool',
              metadata: {
                server_url: 'https://stock.example.com/mcp',
                tool_name: 'lookup_order',
                arguments: { shop: 'main', order: '{{order_id}}' },
                headers: [{ name: 'Authorization', value: { env: 'STOCK_MCP_TOKEN' } }],
                timeout_ms: 30000,
              },
            },
          }
        : node,
    );
    const withMcp: FlowDocument = { ...doc, systemPrompt: '', nodes };
    expect(validateFlow(JSON.parse(serializeFlow(withMcp)))).toEqual([]);
    const { system_message } = compileFlow(withMcp);
    expect(system_message).toContain('Server: "https://stock.example.com/mcp"');
    expect(system_message).not.toContain('STOCK_MCP_TOKEN');
    expect(deconstructFlow(nodeSchema(withMcp), system_message)).toEqual(flowSteps(withMcp));
  });
});
