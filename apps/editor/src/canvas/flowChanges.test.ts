import { readFileSync } from 'node:fs';
import { parseFlow, type FlowDocument } from '@flow/core';
import { describe, expect, it } from 'vitest';
import { flowChanges } from './flowChanges';

function example(): FlowDocument {
  const parsed = parseFlow(readFileSync(new URL('../../../../examples/support-desk/production.flow.json', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error('the support-desk example does not parse');
  return parsed.doc;
}

const withPrompt = (doc: FlowDocument, id: string, prompt: string): FlowDocument => ({
  ...doc,
  nodes: doc.nodes.map((n) => (n.id === id && n.type === 'prompt' ? { ...n, data: { ...n.data, prompt } } : n)),
});

describe('flowChanges', () => {
  const published = example();

  it('is null when never published, and when only positions moved', () => {
    expect(flowChanges(null, published)).toBeNull();
    const moved = { ...published, nodes: published.nodes.map((n) => ({ ...n, position: { x: n.position.x + 40, y: n.position.y } })) };
    expect(flowChanges(published, moved)).toBeNull();
  });

  it('counts changed and removed nodes and changed prompt texts, and marks only the nodes still on screen', () => {
    const [, second] = published.nodes;
    const edited = { ...withPrompt(published, 'support-greet', 'Hello.'), agentNotes: `${published.agentNotes} More.` };
    const doc = {
      ...edited,
      nodes: edited.nodes.filter((n) => n.id !== second?.id),
      edges: edited.edges.filter((e) => e.source !== second?.id && e.target !== second?.id),
    };
    const changes = flowChanges(published, doc);
    expect(changes?.count).toBe(3);
    expect([...(changes?.changedIds ?? [])]).toEqual(['support-greet']);
  });

  it('answers the same object for the same pair of documents', () => {
    const doc = withPrompt(published, 'support-greet', 'Hi.');
    expect(flowChanges(published, doc)).toBe(flowChanges(published, doc));
  });
});
