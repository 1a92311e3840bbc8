import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFlow } from '../format/parseFlow.js';
import { serializeFlow } from '../format/serializeFlow.js';
import { maxChain } from '../graph/chains.js';
import { edgeId } from '../graph/edges.js';
import { emptyFlow } from '../graph/fromProvider.js';
import { invariantViolations } from '../graph/invariants.js';
import { chainsInWalkOrder } from '../format/walk.js';
import type { FlowDocument } from '../format/types.js';
import { validateFlow, validateFlowText } from '../rules/validateFlow.js';
import { addGeneratedChain } from './addGeneratedChain.js';
import type { GeneratedFlow } from './generatedFlow.js';

const GENERATED: GeneratedFlow = {
  nodes: [
    { type: 'prompt', label: 'Greet', description: 'Opens the talk', prompt: 'Greet the customer.', emoji: '👋' },
    {
      type: 'function',
      label: 'Look up order',
      description: 'HTTP call to the shop',
      prompt: 'Find the order by its number.',
      emoji: '🔎',
    },
    { type: 'function', label: 'Summarise', description: 'Closes the talk', prompt: 'Summarise what was done.', emoji: '📝' },
  ],
  lastUpdated: '2025-01-01T00:00:00.000Z',
};

const examplesDir = fileURLToPath(new URL('../../../../examples/', import.meta.url));

function examples(): FlowDocument[] {
  return readdirSync(examplesDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.flow.json'))
    .map((path) => {
      const parsed = parseFlow(readFileSync(examplesDir + path, 'utf8'));
      if (!parsed.ok) throw new Error(`${path} does not parse`);
      return parsed.doc;
    });
}

const errors = (doc: unknown) => validateFlow(doc).filter((finding) => finding.severity === 'error');

describe('addGeneratedChain', () => {
  it('makes an empty flow a valid flow of one chain: a prompt node and Instruct functions, in order, linked by node edges', () => {
    const before = emptyFlow('generated', 'production');
    const { doc, nodeIds } = addGeneratedChain(before, GENERATED);
    expect(nodeIds).toHaveLength(3);
    expect(new Set(nodeIds).size).toBe(3);
    expect(doc.nodes.map((n) => [n.id, n.type, n.chain])).toEqual([
      [nodeIds[0], 'prompt', '1'],
      [nodeIds[1], 'function', '1'],
      [nodeIds[2], 'function', '1'],
    ]);
    expect(
      chainsInWalkOrder(doc)
        .get('1')
        ?.map((n) => n.id),
    ).toEqual(nodeIds);
    const [a = '', b = '', c = ''] = nodeIds;
    expect(doc.edges).toEqual([
      { id: edgeId(a, b), source: a, target: b, kind: 'node' },
      { id: edgeId(b, c), source: b, target: c, kind: 'node' },
    ]);
    expect(doc.startNodeId).toBe(a);
    expect(errors(doc)).toEqual([]);
    expect(validateFlowText(serializeFlow(doc)).filter((f) => f.severity === 'error')).toEqual([]);
    expect(before.nodes).toEqual([]);
  });

  it('gives a prompt node its prompt, the label as name and the emoji as badge', () => {
    const { doc, nodeIds } = addGeneratedChain(emptyFlow('p', 'v'), GENERATED);
    const prompt = doc.nodes.find((n) => n.id === nodeIds[0]);
    expect(prompt?.type === 'prompt' ? prompt.data : null).toEqual({
      prompt: 'Greet the customer.',
      name: 'Greet',
      nodeType: 'default',
      trigger_text: '👋',
    });
  });

  it('makes a function node an Instruct function: name = label, description, metadata.prompt = prompt, trigger_text = emoji', () => {
    const { doc, nodeIds } = addGeneratedChain(emptyFlow('shop', 'production'), GENERATED);
    const [, lookUp, summarise] = nodeIds;
    const data = doc.nodes.find((n) => n.id === lookUp);
    if (data?.type !== 'function') throw new Error('expected a function node');
    expect(data.data).toMatchObject({
      uuid: lookUp,
      plan_id: 'shop',
      type: 'instruct',
      name: 'Look up order',
      title: 'Look up order',
      description: 'HTTP call to the shop',
      metadata: { prompt: 'Find the order by its number.' },
      trigger_text: '🔎',
      post_action_type: 'function',
      post_action_function_id: summarise,
      active: true,
    });
    const last = doc.nodes.find((n) => n.id === summarise);
    expect(last?.type === 'function' ? [last.data.post_action_type, last.data.post_action_function_id] : null).toEqual(['none', '']);
  });

  it("adds one chain after each example's last chain, linked from its last node, and every rule still passes", () => {
    const flows = examples();
    expect(flows.length).toBeGreaterThanOrEqual(3);
    for (const before of flows) {
      const highest = maxChain(before.nodes);
      const previousLast = chainsInWalkOrder(before).get(String(highest))?.at(-1);
      const { doc, nodeIds } = addGeneratedChain(before, GENERATED);
      const chain = String(highest + 1);
      expect(
        chainsInWalkOrder(doc)
          .get(chain)
          ?.map((n) => n.id),
        before.planId,
      ).toEqual(nodeIds);
      expect(doc.nodes.filter((n) => n.chain === chain)).toHaveLength(nodeIds.length);
      expect(doc.edges, before.planId).toContainEqual({
        id: edgeId(previousLast?.id ?? '', nodeIds[0] ?? ''),
        source: previousLast?.id,
        target: nodeIds[0],
        kind: 'chain',
      });
      expect(doc.startNodeId).toBe(before.startNodeId);
      expect(doc.nodes.slice(0, before.nodes.length)).toEqual(
        before.nodes.map((n) => (n.id === previousLast?.id ? doc.nodes.find((m) => m.id === n.id) : n)),
      );
      expect(invariantViolations(doc), before.planId).toEqual([]);
      expect(errors(doc), before.planId).toEqual([]);
    }
  });

  it('gives new ids on every call', () => {
    const first = addGeneratedChain(emptyFlow('p', 'v'), GENERATED).nodeIds;
    const second = addGeneratedChain(emptyFlow('p', 'v'), GENERATED).nodeIds;
    expect(first.filter((id) => second.includes(id))).toEqual([]);
  });
});
